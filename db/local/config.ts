// Settings of the local Auth server: a Supabase CLI project's defaults, except those the product
// sets on the hosted project (HOSTED_AUTH_CONFIG), which are taken from there.
import { HOSTED_AUTH_CONFIG as HOSTED } from '@guia-fortim/db/auth-config';
import { isCommonPassword } from '@guia-fortim/domain';
import type { CaptchaSettings } from './auth/captcha.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './auth/rate-limits.ts';

export type AuthSettings = {
  /** Public URL of the server, e.g. http://127.0.0.1:54321 (the JWT issuer is `${url}/auth/v1`). */
  url: string;
  /** Where e-mailed links land when `redirect_to` is missing or not allowed. */
  siteUrl: string;
  /** `redirect_to` values accepted for e-mailed links; `*` matches any run of characters. */
  allowedRedirects: string[];
  /** When true, sign-up returns a session at once; otherwise a confirmation e-mail is sent. */
  autoconfirm: boolean;
  accessTokenSeconds: number;
  refreshTokenReuseSeconds: number;
  /** How long an e-mailed link works: older than this many seconds, it is refused. */
  emailLinkSeconds: number;
  /**
   * The time an e-mailed link's age is measured at; without it, the database's `now()`. Only
   * tests set it, to open a link a chosen number of seconds after it was sent: two requests
   * cannot be timed to within a second of the edge.
   */
  linkClock?: () => Date;
  pkceCodeSeconds: number;
  passwordMinLength: number;
  /** At least one character of each group (GoTrue's `password_required_characters`). */
  passwordRequiredCharacters: readonly string[];
  /** Stands in for hosted's leaked-password check (HaveIBeenPwned): a hit is weak, 'pwned'. */
  isLeakedPassword: (password: string) => boolean;
  /**
   * A password change names the current password, except in a session opened by an e-mailed
   * link (GoTrue's `security_update_password_require_current_password`).
   */
  requireCurrentPassword: boolean;
  bcryptCost: number;
  /** One e-mail of a kind per address in this many seconds (GoTrue's SMTP max frequency). */
  emailMinIntervalSeconds: number;
  rateLimits: RateLimits;
  /**
   * Supabase Auth's CAPTCHA: sign-up, password sign-in and recovery need a token siteverify
   * accepts. Off without it, as in a Supabase CLI project; the hosted project has it on.
   */
  captcha?: CaptchaSettings;
};

export const DEFAULT_PORT = 54321;

export const DEFAULT_ALLOWED_REDIRECTS = ['http://127.0.0.1:*', 'http://localhost:*'];

export function authSettings(
  url: string,
  overrides: Partial<Omit<AuthSettings, 'url'>> = {},
): AuthSettings {
  // A configured site URL without an allow-list admits only its own origin, so an e-mailed link
  // can never send the user to another server (not even another local port).
  const siteUrl = overrides.siteUrl ?? 'http://127.0.0.1:3000';
  return {
    url,
    siteUrl,
    allowedRedirects: overrides.siteUrl ? [new URL(siteUrl).origin] : DEFAULT_ALLOWED_REDIRECTS,
    autoconfirm: HOSTED.mailer_autoconfirm,
    accessTokenSeconds: HOSTED.jwt_exp,
    refreshTokenReuseSeconds: HOSTED.security_refresh_token_reuse_interval,
    emailLinkSeconds: 3600,
    pkceCodeSeconds: 300,
    passwordMinLength: HOSTED.password_min_length,
    passwordRequiredCharacters: HOSTED.password_required_characters.split(':'),
    isLeakedPassword: isCommonPassword,
    requireCurrentPassword: HOSTED.security_update_password_require_current_password,
    bcryptCost: 10,
    emailMinIntervalSeconds: 60,
    rateLimits: DEFAULT_RATE_LIMITS,
    ...overrides,
  };
}

/** Whether `target` matches one of the allow-list patterns (`*` = any run of characters). */
export function isAllowedRedirect(target: string, patterns: string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(target);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (parsed.username !== '' || parsed.password !== '') return false;
  return patterns.some((pattern) => {
    const regex = new RegExp(
      `^${pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\/]/g, '\\$&'))
        .join('[^/?#]*')}(?:[/?#].*)?$`,
    );
    return regex.test(parsed.href);
  });
}
