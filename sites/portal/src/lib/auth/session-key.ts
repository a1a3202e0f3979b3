// The localStorage entry where supabase-js keeps the session (its default storage key), so code
// that must not load supabase-js (the header) can tell whether someone is signed in.
export function sessionStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}
