// Which account this device has merged its favourites with, and in which session: the merge (and
// its notice when the account has no room) happens once after each sign-in, not on every page
// the signed-in visitor opens. A new sign-in is a new session, so it merges again.

const MERGED_KEY = 'guia-fortim:favoritos-unidos';

/** The session of a stored supabase-js session (its access token's `session_id`), or ''. */
export function sessionIdOf(raw: string | null): string {
  try {
    const token = (JSON.parse(raw ?? '') as { access_token?: unknown }).access_token;
    if (typeof token !== 'string') return '';
    const payload = token.split('.')[1] ?? '';
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      session_id?: unknown;
    };
    return typeof claims.session_id === 'string' ? claims.session_id : '';
  } catch {
    return '';
  }
}

function readMarks(storage: Storage): Record<string, string> {
  try {
    const marks: unknown = JSON.parse(storage.getItem(MERGED_KEY) ?? '{}');
    return marks && typeof marks === 'object' ? (marks as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** Whether this device has already merged with `userId`'s account in `session`. */
export function wasMerged(storage: Storage, userId: string, session: string): boolean {
  return readMarks(storage)[userId] === session;
}

export function markMerged(storage: Storage, userId: string, session: string): void {
  try {
    storage.setItem(MERGED_KEY, JSON.stringify({ ...readMarks(storage), [userId]: session }));
  } catch {} // storage blocked: the next page merges again, harmlessly
}

/** Signed out: the next sign-in merges again. */
export function forgetMerged(storage: Storage): void {
  try {
    storage.removeItem(MERGED_KEY);
  } catch {}
}
