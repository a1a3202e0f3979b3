// The hosted project's Auth settings, applied through Supabase's Management API
// (`PATCH https://api.supabase.com/v1/projects/{ref}/config/auth`, authorised by a personal
// access token): the ones the product relies on (db/supabase's HOSTED_AUTH_CONFIG, which db/local
// also follows) and the addresses e-mailed links may return to.
import { HOSTED_AUTH_CONFIG, HOSTED_AUTH_CONFIG_PRO } from '@guia-fortim/db/auth-config';

export const MANAGEMENT_API = 'https://api.supabase.com';

export function authSettingsBody(options: { siteUrl: string; paidPlan: boolean }) {
  return {
    ...HOSTED_AUTH_CONFIG,
    ...(options.paidPlan ? HOSTED_AUTH_CONFIG_PRO : {}),
    site_url: options.siteUrl,
    // Confirmation links land on the site root, recovery links on /auth/reset-password.
    uri_allow_list: `${options.siteUrl}/**`,
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
