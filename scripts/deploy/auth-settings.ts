// The hosted project's Auth settings, applied through Supabase's Management API
// (`PATCH https://api.supabase.com/v1/projects/{ref}/config/auth`, authorised by a personal
// access token): the ones the product relies on (db/supabase's HOSTED_AUTH_CONFIG, which db/local
// also follows), the addresses e-mailed links may return to, and the CAPTCHA (Turnstile) with its
// secret — the body is secret: print its keys, never its values.
import {
  HOSTED_AUTH_CONFIG,
  HOSTED_AUTH_CONFIG_PRO,
  HOSTED_CAPTCHA_CONFIG,
} from '@guia-fortim/db/auth-config';

export const MANAGEMENT_API = 'https://api.supabase.com';

export function authSettingsBody(options: {
  siteUrl: string;
  paidPlan: boolean;
  /** The Turnstile widget's secret key. */
  captchaSecret: string;
}) {
  return {
    ...HOSTED_AUTH_CONFIG,
    ...(options.paidPlan ? HOSTED_AUTH_CONFIG_PRO : {}),
    site_url: options.siteUrl,
    // Confirmation links land on the site root, recovery links on /auth/reset-password.
    uri_allow_list: `${options.siteUrl}/**`,
    ...HOSTED_CAPTCHA_CONFIG,
    security_captcha_secret: options.captchaSecret,
  };
}

export async function applyAuthSettings(options: {
  projectRef: string;
  accessToken: string;
  body: ReturnType<typeof authSettingsBody>;
}): Promise<void> {
  const response = await fetch(
    `${MANAGEMENT_API}/v1/projects/${encodeURIComponent(options.projectRef)}/config/auth`,
    {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${options.accessToken}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(options.body),
    },
  );
  if (!response.ok) {
    throw new Error(
      `A API de gerenciamento do Supabase recusou as configurações de autenticação (${response.status}): ${(await response.text()).slice(0, 500)}`,
    );
  }
}
