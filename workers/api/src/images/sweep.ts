// Photos uploaded but never saved to a row — a form abandoned, a save that failed, a worker that
// died between the upload and the save, or mid-upload with only some objects stored — would stay
// in R2 forever, as would photos whose cleanup failed and those of rows the database's own daily
// retention purged (it leaves their photos to this sweep). The sweep moves to the quarantine
// (quarantine.ts) every stored photo nothing shows or may show again — the database's answer,
// unreferenced_images: not a live row's, a trashed row's, nor in the history of a row that still
// exists — once all its objects, every size in every format (keys.ts), are older than a grace
// period long enough for a form being filled in to be saved; and it deletes for good what has
// waited in the quarantine past the backups' reach.
//
// It runs from the worker's Cron Trigger (scheduled.ts), with no admin at work: the database is
// asked with the sweep's own key (IMAGE_SWEEP_KEY, the publishable key as apikey), which allows
// that one question and nothing else, never with an admin's token or a service key. Each run does
// a bounded amount of work — at most PHOTO_PAGES pages of the photos' folders and
// QUARANTINE_PAGES of the quarantine, at most MOVES_PER_RUN objects moved — and resumes where the
// previous one stopped; past the end of the bucket it starts over. No run lists the whole bucket:
// the photo pass lists folder by folder (IMAGE_FOLDERS, by prefix), so the quarantine and any other
// key are never in its pages, and the quarantine has its own pass and its own resume point.
//
// A photo is decided only from all its objects: they sort together (`{base}-…`), and a photo
// whose objects may go on past the last page read is left for the next run, which lists it again
// from its first object.
import { IMAGE_FOLDERS } from '@guia-fortim/domain';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Bindings } from '../env.ts';
import { keyBaseOfKey, publicUrl, variantKeys } from './keys.ts';
import { expireQuarantine, retire } from './quarantine.ts';
import {
  MOVES_PER_RUN,
  PHOTO_PAGES,
  QUARANTINE_MS,
  QUARANTINE_PAGES,
  SWEEP_GRACE_MS,
  SWEEP_PAGE_SIZE,
  type SweepPosition,
} from './sweep-bounds.ts';

export { START, type SweepPosition } from './sweep-bounds.ts';

/** unreferenced_images takes at most this many addresses a call. */
const CHECK_MAX_URLS = 1000;
const DATABASE_TIMEOUT_MS = 10_000;

export type SweepLimits = {
  pageSize: number;
  photoPages: number;
  quarantinePages: number;
  moves: number;
};

/** The product's limits; `pageSize` only smaller in the tests (SWEEP_PAGE_SIZE, env.ts). */
export function sweepLimits(env: Pick<Bindings, 'SWEEP_PAGE_SIZE'>): SweepLimits {
  const asked = Number(env.SWEEP_PAGE_SIZE);
  // At least 2 a page: PHOTO_PAGES pages then always reach past one photo's 8 objects.
  const pageSize =
    Number.isInteger(asked) && asked > 0
      ? Math.min(Math.max(asked, 2), SWEEP_PAGE_SIZE)
      : SWEEP_PAGE_SIZE;
  return {
    pageSize,
    photoPages: PHOTO_PAGES,
    quarantinePages: QUARANTINE_PAGES,
    moves: MOVES_PER_RUN,
  };
}

export type SweepRun = {
  /** Photos moved to the quarantine. */
  removed: number;
  /** Photos decided and kept (referenced, or not yet past the grace period). */
  kept: number;
  /** Objects deleted for good from the quarantine. */
  expired: number;
  /** List calls and objects listed, each pass. */
  photoPages: number;
  photoObjects: number;
  quarantinePages: number;
  quarantineObjects: number;
  /** Where this run started and where the next one starts. */
  from: SweepPosition;
  to: SweepPosition;
  /** Keys of the photos removed. */
  images: string[];
  /** Why the photo pass stopped early (the database refused or failed), if it did. */
  error?: string;
};

type Photo = { base: string; keys: string[]; newest: number };
/** A run of listed keys decided together: one photo's objects, or one key that is no photo's. */
type Group = { photo: Photo | null; last: string };

const FOLDERS = [...IMAGE_FOLDERS].sort();

/** The folder a position is in, or null for the start (or a folder no longer known). */
function folderOf(position: string): string | null {
  const folder = position.slice(0, position.indexOf('/'));
  return FOLDERS.includes(folder as (typeof FOLDERS)[number]) ? folder : null;
}

/** The sweep's question to the database, with its key: which of `urls` nothing references. */
export function unreferencedAsker(env: Bindings, key: string) {
  const client = new PostgrestClient(`${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`, {
    headers: { apikey: env.SUPABASE_PUBLISHABLE_KEY, Accept: 'application/json' },
    retry: false,
    fetch: (input, init) =>
      fetch(input, { ...init, signal: AbortSignal.timeout(DATABASE_TIMEOUT_MS) }),
  });
  return async (urls: string[]): Promise<Set<string>> => {
    const { data, error, status } = await client.rpc('unreferenced_images', {
      p_key: key,
      p_urls: urls,
    });
    if (error || status === 0 || !Array.isArray(data)) {
      throw new Error(`unreferenced_images (${status}): ${error?.message ?? 'sem resposta'}`);
    }
    return new Set(data as string[]);
  };
}

/** Every address a photo may be shown at: each size and format, and each object stored. */
function addresses(imagesUrl: string, photo: Photo): string[] {
  return [...new Set([...variantKeys(photo.base), ...photo.keys])].map((key) =>
    publicUrl(imagesUrl, key),
  );
}

/**
 * One run's photo pass: lists from `from` for at most `limits.photoPages` pages, and moves to the
 * quarantine the photos nothing references whose objects are all at least `graceMs` old at `now`.
 * Answers where the next run starts: after the last key decided, or '' past the last folder.
 */
async function photoPass(
  env: Bindings,
  ask: (urls: string[]) => Promise<Set<string>>,
  now: number,
  graceMs: number,
  limits: SweepLimits,
  from: string,
) {
  const bucket = env.IMAGES_BUCKET;
  const cutoff = now - graceMs;
  let position = from;
  let listFrom = from;
  let folder = folderOf(from) ?? FOLDERS[0];
  if (folderOf(from) === null) position = listFrom = '';
  let pending: Photo | null = null;
  let pages = 0;
  let objects = 0;
  let moved = 0;
  let kept = 0;
  const removed: string[] = [];

  try {
    while (pages < limits.photoPages && folder !== undefined) {
      const page = await bucket.list({
        prefix: `${folder}/`,
        limit: limits.pageSize,
        ...(listFrom ? { startAfter: listFrom } : {}),
      });
      pages += 1;
      objects += page.objects.length;
      const complete: Group[] = [];
      for (const object of page.objects) {
        const base = keyBaseOfKey(object.key);
        const uploaded = object.uploaded.getTime();
        if (pending && base === pending.base) {
          pending.keys.push(object.key);
          pending.newest = Math.max(pending.newest, uploaded);
          continue;
        }
        if (pending) complete.push({ photo: pending, last: pending.keys.at(-1) as string });
        pending = null;
        if (base) pending = { base, keys: [object.key], newest: uploaded };
        else complete.push({ photo: null, last: object.key });
      }
      const folderEnds = !page.truncated;
      if (folderEnds && pending) {
        complete.push({ photo: pending, last: pending.keys.at(-1) as string });
        pending = null;
      }
      listFrom = page.objects.at(-1)?.key ?? listFrom;

      // The database is asked about the photos past the grace period only, a bounded batch a call.
      const candidates = complete.flatMap((g) =>
        g.photo && g.photo.newest <= cutoff ? [g.photo] : [],
      );
      const unreferenced = new Set<string>();
      for (let i = 0; i < candidates.length; ) {
        const batch: string[] = [];
        while (i < candidates.length) {
          const urls = addresses(env.PUBLIC_IMAGES_URL, candidates[i] as Photo);
          if (batch.length > 0 && batch.length + urls.length > CHECK_MAX_URLS) break;
          batch.push(...urls);
          i += 1;
        }
        for (const url of await ask(batch)) unreferenced.add(url);
      }

      for (const group of complete) {
        const photo = group.photo;
        const unused =
          photo !== null &&
          photo.newest <= cutoff &&
          addresses(env.PUBLIC_IMAGES_URL, photo).every((url) => unreferenced.has(url));
        if (photo && unused) {
          // Out of moves: this photo and what follows are the next run's.
          if (moved + photo.keys.length > limits.moves) return done(position);
          await retire(bucket, photo.keys);
          moved += photo.keys.length;
          removed.push(photo.base);
        } else if (photo) kept += 1;
        position = group.last;
      }
      if (folderEnds) {
        folder = FOLDERS[FOLDERS.indexOf(folder as (typeof FOLDERS)[number]) + 1];
        // The next folder from its start; past the last one, the next run starts over.
        position = listFrom = folder === undefined ? '' : `${folder}/`;
      }
    }
  } catch (error) {
    // What was decided stays decided: the next run starts after it.
    return { ...done(position), error };
  }
  return done(position);

  function done(next: string) {
    return { position: next, pages, objects, kept, removed, error: undefined as unknown };
  }
}

/** One run: the photo pass, then the quarantine's, each from where the last run left it. */
export async function sweepStep(
  env: Bindings,
  from: SweepPosition,
  now: number,
  limits: SweepLimits,
): Promise<SweepRun> {
  const key = env.IMAGE_SWEEP_KEY;
  // Without its key the sweep decides no photo (nothing is moved, the position stays); the
  // quarantine's pass needs no database and runs all the same.
  const photos = key
    ? await photoPass(env, unreferencedAsker(env, key), now, SWEEP_GRACE_MS, limits, from.photos)
    : {
        position: from.photos,
        pages: 0,
        objects: 0,
        kept: 0,
        removed: [] as string[],
        error: 'o worker não tem IMAGE_SWEEP_KEY' as unknown,
      };
  const quarantine = await expireQuarantine(env.IMAGES_BUCKET, {
    cutoff: now - QUARANTINE_MS,
    from: from.quarantine,
    pages: limits.quarantinePages,
    pageSize: limits.pageSize,
  });
  return {
    removed: photos.removed.length,
    kept: photos.kept,
    expired: quarantine.expired,
    photoPages: photos.pages,
    photoObjects: photos.objects,
    quarantinePages: quarantine.pages,
    quarantineObjects: quarantine.objects,
    from,
    to: { photos: photos.position, quarantine: quarantine.position },
    images: photos.removed,
    ...(photos.error === undefined
      ? {}
      : { error: photos.error instanceof Error ? photos.error.message : String(photos.error) }),
  };
}
