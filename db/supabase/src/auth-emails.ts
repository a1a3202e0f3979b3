// The e-mails Supabase Auth sends, in Portuguese: their words and their link live here once.
// Hosted Supabase renders `hostedTemplate` (a Go template), which `npm run deploy` sets through
// the Management API with the project's own SMTP server; db/local sends `plainText` with the same
// link to the local mailbox.
//
// The link opens the site's confirmation page (CONFIRM_PATH), never Auth's own `/verify`: mail
// scanners open every link in a message, and a visit to `{{ .ConfirmationURL }}` would use the
// one-time token up before its owner clicks. Supabase's e-mail template guide, 'Email
// prefetching': "Create your own custom email link to redirect the user to a page where they can
// click on a button to confirm the action", with `{{ .TokenHash }}` ("useful for constructing
// your own email link") and `{{ .SiteURL }}`. The page's button calls
// `verifyOtp({ token_hash, type })`.

export type AuthEmail = {
  subject: string;
  /** What the message says before the link. */
  intro: string;
  /** The link's words. */
  action: string;
  /** What to do when the e-mail was not expected. */
  ignore: string;
  /** The `type` verifyOtp is given with this message's token hash. */
  type: ConfirmType;
};

/** The verification types an e-mailed link carries (supabase-js's EmailOtpType). */
export type ConfirmType = 'email' | 'recovery';

/** The site's page an e-mailed link opens: a button there uses the token up. */
export const CONFIRM_PATH = '/auth/confirmar';

/** The e-mailed link to the site's confirmation page, on `siteUrl`. */
export function confirmLink(siteUrl: string, tokenHash: string, type: ConfirmType): string {
  const query = new URLSearchParams({ token_hash: tokenHash, type });
  return `${siteUrl.replace(/\/+$/, '')}${CONFIRM_PATH}?${query}`;
}

/** By the name Auth gives each template (`mailer_templates_<name>_content`). */
export const AUTH_EMAILS = {
  confirmation: {
    subject: 'Confirme seu cadastro no Guia Fortim',
    intro: 'Para confirmar seu cadastro no Guia Fortim, abra o link abaixo:',
    action: 'Confirmar meu cadastro',
    ignore: 'Se você não criou uma conta, ignore esta mensagem.',
    type: 'email',
  },
  recovery: {
    subject: 'Redefinição de senha do Guia Fortim',
    intro:
      'Recebemos um pedido para redefinir a senha da sua conta no Guia Fortim. Abra o link abaixo para escolher uma nova senha:',
    action: 'Escolher uma nova senha',
    ignore: 'Se você não fez esse pedido, ignore esta mensagem.',
    type: 'recovery',
  },
} as const satisfies Record<string, AuthEmail>;

export type AuthEmailName = keyof typeof AUTH_EMAILS;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The HTML body hosted Auth renders: the link to the site's page is its one template action. */
export function hostedTemplate(email: AuthEmail): string {
  // Both values are Auth's own: the site URL `npm run deploy` sets, and a hex digest.
  const link = `{{ .SiteURL }}${CONFIRM_PATH}?token_hash={{ .TokenHash }}&amp;type=${email.type}`;
  return [
    '<p>Olá!</p>',
    `<p>${escapeHtml(email.intro)}</p>`,
    `<p><a href="${link}">${escapeHtml(email.action)}</a></p>`,
    `<p>${escapeHtml(email.ignore)}</p>`,
  ].join('\n');
}

/** The same message as plain text with its link, as db/local delivers it. */
export function plainText(email: AuthEmail, link: string): string {
  return `Olá!\n\n${email.intro}\n\n${link}\n\n${email.ignore}`;
}

/** Auth's subjects and templates, named as the Management API names them. */
export const HOSTED_EMAIL_CONFIG = Object.fromEntries(
  Object.entries(AUTH_EMAILS).flatMap(([name, email]) => [
    [`mailer_subjects_${name}`, email.subject],
    [`mailer_templates_${name}_content`, hostedTemplate(email)],
  ]),
) as Record<
  `mailer_subjects_${AuthEmailName}` | `mailer_templates_${AuthEmailName}_content`,
  string
>;
