// The e-mails Supabase Auth sends, in Portuguese: their words live here once. Hosted Supabase
// renders `hostedTemplate` (a Go template: Auth puts the link in `{{ .ConfirmationURL }}`), which
// `npm run deploy` sets through the Management API with the project's own SMTP server; db/local
// sends `plainText` with its link to the local mailbox.

export type AuthEmail = {
  subject: string;
  /** What the message says before the link. */
  intro: string;
  /** The link's words. */
  action: string;
  /** What to do when the e-mail was not expected. */
  ignore: string;
};

/** By the name Auth gives each template (`mailer_templates_<name>_content`). */
export const AUTH_EMAILS = {
  confirmation: {
    subject: 'Confirme seu cadastro no Guia Fortim',
    intro: 'Para confirmar seu cadastro no Guia Fortim, abra o link abaixo:',
    action: 'Confirmar meu cadastro',
    ignore: 'Se você não criou uma conta, ignore esta mensagem.',
  },
  recovery: {
    subject: 'Redefinição de senha do Guia Fortim',
    intro:
      'Recebemos um pedido para redefinir a senha da sua conta no Guia Fortim. Abra o link abaixo para escolher uma nova senha:',
    action: 'Escolher uma nova senha',
    ignore: 'Se você não fez esse pedido, ignore esta mensagem.',
  },
} as const satisfies Record<string, AuthEmail>;

export type AuthEmailName = keyof typeof AUTH_EMAILS;

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The HTML body hosted Auth renders; `{{ .ConfirmationURL }}` is the only template action. */
export function hostedTemplate(email: AuthEmail): string {
  return [
    '<p>Olá!</p>',
    `<p>${escapeHtml(email.intro)}</p>`,
    `<p><a href="{{ .ConfirmationURL }}">${escapeHtml(email.action)}</a></p>`,
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
