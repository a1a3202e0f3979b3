// E-mailed links (sign-up confirmation → '/', recovery → /auth/reset-password) come back in the PKCE
// flow: `?code=` that only the browser which asked for the link can exchange for a session (its
// code verifier is stored here), or `?error_description=`. A session in a URL fragment is never
// taken: a link carrying someone else's tokens cannot sign this browser in as them.
// Pages without an account island call this: it loads supabase-js only when such a link is here.
export const AUTH_LINK_PARAMS = ['code', 'error_description'] as const;

/** Told when a confirmation link was opened in another browser than the one that signed up. */
export const CONFIRMED_ELSEWHERE = {
  title: 'Email confirmado',
  description: 'Entre com seu email e sua senha para continuar.',
} as const;

export function hasAuthLink(search: string): boolean {
  const params = new URLSearchParams(search);
  return AUTH_LINK_PARAMS.some((name) => params.has(name));
}

/**
 * 'signed-in' when the link's code became this browser's session; 'other-browser' when a code
 * came but could not be exchanged here (the link was opened on another device: the e-mail is
 * confirmed, the session is not given); 'none' otherwise.
 */
export async function consumeSessionInUrl(): Promise<'signed-in' | 'other-browser' | 'none'> {
  if (!hasAuthLink(window.location.search)) return 'none';
  const hadCode = new URLSearchParams(window.location.search).has('code');
  const { getSupabase } = await import('./client.ts');
  const { data } = await getSupabase().auth.getSession();
  if (data.session) return 'signed-in';
  return hadCode ? 'other-browser' : 'none';
}
