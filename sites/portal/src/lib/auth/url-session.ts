// E-mailed links (sign-up confirmation → '/', recovery → /auth/reset-password) come back with the
// session, or an error, in the URL fragment. Pages without an account island call this: it loads
// supabase-js only when such a fragment is present, lets it store the session and clean the URL.
export const AUTH_FRAGMENT_PARAMS = ['access_token', 'error_description'] as const;

export function hasAuthFragment(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return AUTH_FRAGMENT_PARAMS.some((name) => params.has(name));
}

export async function consumeSessionInUrl(): Promise<boolean> {
  if (!hasAuthFragment(window.location.hash)) return false;
  const { getSupabase } = await import('./client.ts');
  const { data } = await getSupabase().auth.getSession();
  return data.session !== null;
}
