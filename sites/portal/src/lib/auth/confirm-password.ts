// A signed-in user proves their password by signing in with it again (Supabase Auth has no
// "check password" call); this also gives the database a session that has just started.
import { getSupabase } from './client.ts';
import { serviceErrorMessage } from './messages.ts';

/**
 * null when the password is right; else what to show: `wrong`, or the message for a rate limit or
 * a refused CAPTCHA (a password sign-in needs a Turnstile token like any other).
 */
export async function confirmPassword(
  email: string,
  password: string,
  wrong: string,
  captcha: { captchaToken?: string },
): Promise<string | null> {
  const { error } = await getSupabase().auth.signInWithPassword({
    email,
    password,
    options: captcha,
  });
  if (!error) return null;
  return error.code?.startsWith('over_') || error.code === 'captcha_failed'
    ? serviceErrorMessage(error, wrong)
    : wrong;
}
