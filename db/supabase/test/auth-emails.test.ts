// The e-mails Auth sends: one set of Portuguese words, rendered as hosted Supabase's Go template
// (the link is its only action) and as db/local's plain text.
import { describe, expect, it } from 'vitest';
import { AUTH_EMAILS, type AuthEmail, hostedTemplate, plainText } from '../src/auth-emails.ts';

describe('auth e-mails', () => {
  it.each(Object.entries(AUTH_EMAILS))('%s: the link is the one template action', (_, email) => {
    const html = hostedTemplate(email);
    expect(html.match(/\{\{[^}]*\}\}/g)).toEqual(['{{ .ConfirmationURL }}']);
    expect(html).toContain(email.intro);
    expect(html).toContain(`>${email.action}</a>`);
    expect(html).toContain(email.ignore);
  });

  it('escapes the words: markup in them reaches the reader as text', () => {
    const hostile: AuthEmail = {
      subject: 's',
      intro: '<script>alert(1)</script> & "x"',
      action: '<b>',
      ignore: 'x',
    };
    const html = hostedTemplate(hostile);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;x&quot;');
    expect(html).toContain('>&lt;b&gt;</a>');
  });

  it('the plain text says the same, with the link on a line of its own', () => {
    const link = 'http://127.0.0.1:54321/auth/v1/verify?token=abc&type=recovery';
    expect(plainText(AUTH_EMAILS.recovery, link)).toBe(
      `Olá!\n\n${AUTH_EMAILS.recovery.intro}\n\n${link}\n\n${AUTH_EMAILS.recovery.ignore}`,
    );
  });
});
