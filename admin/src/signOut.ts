// 'Sair': the session ends on purpose and the page then leaves for the site. From the click until
// the page is gone, what the missing session causes — a read refused with 401, a checkAuth that
// finds no session — is that sign-out's own effect, not an expired session, and must not send the
// admin to the sign-in page (authProvider.ts).
import type { AuthError } from '@supabase/supabase-js';
import { supabase } from './supabase.ts';

let signingOut = false;

/** Ends the session on every device (supabase-js's default scope); if that fails, it is kept. */
export async function signOut(): Promise<AuthError | null> {
  signingOut = true;
  const { error } = await supabase.auth.signOut();
  if (error) signingOut = false;
  return error;
}

/** Whether Sair has ended, or is ending, the session of this page. */
export function isSigningOut(): boolean {
  return signingOut;
}
