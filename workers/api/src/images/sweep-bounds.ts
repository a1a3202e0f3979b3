// The photo sweep's periods and its bounds per run (images/sweep.ts), in a module of their own so
// the tests share them without the worker's runtime types.

/** How old every object of a photo must be before the sweep moves it: a form may still be open. */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
/** How long a photo waits in the quarantine: Supabase Pro's 7 daily backups (quarantine.ts). */
export const QUARANTINE_MS = 7 * 24 * 60 * 60 * 1000;
/** R2 answers at most 1000 objects a list call. */
export const SWEEP_PAGE_SIZE = 1000;
/** List calls of the photos' folders per run. */
export const PHOTO_PAGES = 5;
/** List calls of the quarantine per run (each followed by one delete call of what expired). */
export const QUARANTINE_PAGES = 2;
/**
 * Objects moved to the quarantine per run (a get and a put each): with the list, database and
 * delete calls, a run stays far under the 1,000 subrequests a Worker invocation was long allowed.
 */
export const MOVES_PER_RUN = 240;

/** Where the next run starts: the last key decided in each pass ('' = from the beginning). */
export type SweepPosition = { photos: string; quarantine: string };
export const START: SweepPosition = { photos: '', quarantine: '' };
