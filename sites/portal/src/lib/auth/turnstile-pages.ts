// Where Turnstile appears: the origin its script and challenges come from in production, and the
// pages that render its widget. The site's Content Security Policy allows that origin on those
// pages only (scripts/stack/headers.ts, through @guia-fortim/portal/build).

export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** Sign-in, registration, recovery, and the profile (deleting the account signs in again). */
export const TURNSTILE_PAGES = [
  '/auth/login',
  '/auth/registro',
  '/auth/esqueci-senha',
  '/auth/perfil',
] as const;
