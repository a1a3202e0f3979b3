// The hosted project's Auth settings, applied through Supabase's Management API
// (`PATCH https://api.supabase.com/v1/projects/{ref}/config/auth`, authorised by a personal
// access token): the ones the product relies on (db/supabase's HOSTED_AUTH_CONFIG, which db/local
// also follows), the addresses e-mailed links may return to, the CAPTCHA (Turnstile) with its
// secret, and the e-mails: the project's own SMTP server and the Portuguese subjects and
// templates (db/supabase's AUTH_EMAILS, the words db/local sends). The body is secret: print its
// keys, never its values.
import {
  HOSTED_AUTH_CONFIG,
  HOSTED_AUTH_CONFIG_PRO,
  HOSTED_CAPTCHA_CONFIG,
} from '@guia-fortim/db/auth-config';
import { HOSTED_EMAIL_CONFIG } from '@guia-fortim/db/auth-emails';
import type { DeployConfig } from './config.ts';

/**
 * Auth e-mails an hour, once the project has its own SMTP server (Supabase's default then is 30):
 * sign-ups and recoveries of a busy season, while CAPTCHA and the per-address interval keep a
 * script from spending them.
 */
export const EMAILS_PER_HOUR = 100;

export const MANAGEMENT_API = 'https://api.supabase.com';

export function authSettingsBody(options: {
  siteUrl: string;
  paidPlan: boolean;
  /** The Turnstile widget's secret key. */
  captchaSecret: string;
  smtp: DeployConfig['smtp'];
}) {
  return {
    ...HOSTED_AUTH_CONFIG,
    ...(options.paidPlan ? HOSTED_AUTH_CONFIG_PRO : {}),
    // `{{ .SiteURL }}` of the e-mails' links (the site's /auth/confirmar: auth-emails.ts).
    site_url: options.siteUrl,
    uri_allow_list: `${options.siteUrl}/**`,
    ...HOSTED_CAPTCHA_CONFIG,
    security_captcha_secret: options.captchaSecret,
    // Supabase's own mailer "will refuse to deliver messages to addresses that are not part of
    // the project's team" (Auth guide, "Send emails with custom SMTP"): visitors need this one.
    smtp_host: options.smtp.host,
    smtp_port: options.smtp.port,
    smtp_user: options.smtp.user,
    smtp_pass: options.smtp.pass,
    smtp_admin_email: options.smtp.senderEmail,
    smtp_sender_name: 'Guia Fortim',
    rate_limit_email_sent: EMAILS_PER_HOUR,
    ...HOSTED_EMAIL_CONFIG,
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
