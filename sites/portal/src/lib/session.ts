// The signed-in user as supabase-js stores the session in local storage (under
// sessionStorageKey() of lib/auth), read without the client library so anonymous visitors never
// download it.

export type StoredUser = { id: string; email: string; fullName: string | null };

/**
 * Dispatched on the window when this page's supabase-js changes the stored session (sign-in, a
 * name saved on the profile, sign-out): the browser tells other tabs with a 'storage' event, never
 * the tab that wrote it, and the header must not wait for a reload to show the new initials.
 */
export const SESSION_CHANGED_EVENT = 'gf:sessao';

/** The user of a stored session, or null when there is none (or it cannot be refreshed). */
export function readStoredUser(raw: string | null): StoredUser | null {
  if (!raw) return null;
  let session: unknown;
  try {
    session = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!session || typeof session !== 'object') return null;
  const { access_token, refresh_token, user } = session as Record<string, unknown>;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string' || !refresh_token) {
    return null;
  }
  if (!user || typeof user !== 'object') return null;
  const { id, email, user_metadata } = user as Record<string, unknown>;
  if (typeof id !== 'string') return null;
  const fullName = (user_metadata as { full_name?: unknown } | undefined)?.full_name;
  return {
    id,
    email: typeof email === 'string' ? email : '',
    fullName: typeof fullName === 'string' && fullName.trim() ? fullName : null,
  };
}
