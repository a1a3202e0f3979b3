// The hosted project's Auth settings the product relies on, named as Supabase's Management API
// names them (`PATCH /v1/projects/{ref}/config/auth`). `npm run deploy` applies them; db/local
// takes its own from this object, so the local stack refuses what production refuses.
import { PASSWORD_MIN_LENGTH, PASSWORD_REQUIRED_CHARACTERS } from '@guia-fortim/domain';

export const HOSTED_AUTH_CONFIG = {
  /** Sign-ups confirm their e-mail before the first sign-in. */
  mailer_autoconfirm: false,
  password_min_length: PASSWORD_MIN_LENGTH,
  /** "Letters and digits": one character of each group (groups separated by ':'). */
  password_required_characters: PASSWORD_REQUIRED_CHARACTERS.join(':'),
  /** A password change from a password session names the current password. */
  security_update_password_require_current_password: true,
  jwt_exp: 3600,
  refresh_token_rotation_enabled: true,
  security_refresh_token_reuse_interval: 10,
} as const;

/**
 * Settings only a paid plan accepts, applied when the project has one: HaveIBeenPwned's list of
 * leaked passwords (db/local stands in for it with the domain's list of common passwords).
 */
export const HOSTED_AUTH_CONFIG_PRO = { password_hibp_enabled: true } as const;

/**
 * Supabase Auth's CAPTCHA: a Cloudflare Turnstile token on sign-up, password sign-in and recovery
 * (the site renders the widget with PUBLIC_TURNSTILE_SITE_KEY). `npm run deploy` adds the widget's
 * secret (`security_captcha_secret`, from TURNSTILE_SECRET_KEY); the local stack runs db/local
 * with the same check against its Turnstile stand-in and Cloudflare's test keys.
 */
export const HOSTED_CAPTCHA_CONFIG = {
  security_captcha_enabled: true,
  security_captcha_provider: 'turnstile',
} as const;
