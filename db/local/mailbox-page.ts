// The mailbox as a page for a person in a browser (GET /mailbox with Accept: text/html first):
// the same messages as the JSON, newest first, in Portuguese, each with its link. Every text is
// escaped and the page runs no script (its Content-Security-Policy allows none).
import type { LinkKind, MailboxMessage } from './auth/email-links.ts';

/** No script, no fetch, no frame: only the page's own inline styles. */
export const MAILBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const KIND_LABEL: Record<LinkKind, string> = {
  signup: 'Confirmação de cadastro',
  recovery: 'Recuperação de senha',
};

const html = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const count = (n: number) => `${n} ${n === 1 ? 'e-mail' : 'e-mails'}`;

const sentAt = (iso: string) =>
  new Date(iso).toLocaleString('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

function message({ to, subject, text, link, type, createdAt }: MailboxMessage): string {
  // The links are the site's confirmation page (an http(s) address); anything else is shown, not
  // followed.
  const opens = /^https?:\/\//i.test(link)
    ? `<p><a href="${html(link)}" rel="noreferrer">Abrir o link do e-mail</a></p>`
    : '';
  return `<article>
<h2>${html(subject)}</h2>
<p class="meta">${KIND_LABEL[type] ?? html(type)} · para <strong>${html(to)}</strong> · ${html(sentAt(createdAt))}</p>
<pre>${html(text)}</pre>
${opens}
</article>`;
}

/** The page for `messages`, those of `to` when the address was asked for (?to=). */
export function mailboxPage(messages: MailboxMessage[], to?: string): string {
  const whose = to ? ` para ${html(to)}` : '';
  const summary =
    messages.length === 0
      ? `<p>Nenhum e-mail${whose}.</p>`
      : `<p>${count(messages.length)}${whose}, do mais recente ao mais antigo.</p>`;
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de e-mails do Supabase local</title>
<style>
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1.5rem;color:#0f172a;line-height:1.5}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem 1.25rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0 0 .25rem}.meta{color:#475569;margin:0 0 .75rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8fafc;padding:.75rem;border-radius:.5rem;font:inherit}
a{color:#0d4c81;font-weight:600}.note{color:#475569;font-size:.9rem}
</style>
</head>
<body>
<h1>Caixa de e-mails</h1>
<p class="note">Os e-mails que o Supabase local enviaria: confirmação de cadastro e recuperação de senha. Cada link abre a página de confirmação do site, cujo botão entra na conta. ${to ? '<a href="/mailbox">Ver todos</a>.' : 'Só os de um endereço: <code>/mailbox?to=email</code>.'} Para ferramentas, a mesma lista em JSON (<code>Accept: application/json</code>).</p>
${summary}
${messages.map(message).join('\n')}
</body>
</html>`;
}
