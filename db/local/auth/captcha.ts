// Supabase Auth's CAPTCHA, as GoTrue checks it (verifyCaptcha in `internal/api/middleware.go`,
// `internal/security/captcha.go`): sign-up, password sign-in and recovery carry the token the
// widget gave in `gotrue_meta_security.captcha_token`, and Auth posts it, form-encoded with its
// secret and the client's address, to the provider's siteverify. What siteverify does not accept
// is refused before the request does anything.
import { AuthError } from './errors.ts';

export type CaptchaSettings = {
  /** The provider's secret key (Turnstile's, for the widget the site renders). */
  secret: string;
  /** Where tokens are checked: Turnstile's siteverify, or the local stand-in's. */
  verifyUrl: string;
};

/** The grants that carry no CAPTCHA token (GoTrue's isIgnoreCaptchaRoute). */
export const CAPTCHA_FREE_GRANTS: ReadonlySet<string | undefined> = new Set([
  'refresh_token',
  'pkce',
  'id_token',
]);

/** GoTrue's HTTP client waits this long for siteverify. */
const TIMEOUT_MS = 10_000;

const refused = (reason: string) =>
  new AuthError(400, 'captcha_failed', `captcha protection: request disallowed (${reason})`);

/** Throws GoTrue's refusal unless siteverify accepts `token` from `remoteIp`. */
export async function verifyCaptcha(
  captcha: CaptchaSettings,
  token: string | null | undefined,
  remoteIp: string,
): Promise<void> {
  const response = (token ?? '').trim();
  if (response === '') throw refused('no captcha_token found');
  let answer: { success?: unknown; 'error-codes'?: unknown };
  try {
    const reply = await fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: captcha.secret.trim(), response, remoteip: remoteIp }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    answer = (await reply.json()) as typeof answer;
  } catch (error) {
    // Never a pass: without an answer from siteverify nobody gets through.
    console.error('[db/local] a verificação do CAPTCHA falhou:', error);
    throw new AuthError(500, 'unexpected_failure', 'captcha verification process failed');
  }
  if (answer.success !== true) {
    const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'] : [];
    throw refused(codes.join(', '));
  }
}
