// The e-mails Auth sends: one set of Portuguese words, rendered as hosted Supabase's Go template
// (the link is its only action) and as db/local's plain text.
import { describe, expect, it } from 'vitest';
import {
  AUTH_EMAILS,
  type AuthEmail,
  CONFIRM_PATH,
  confirmLink,
  hostedTemplate,
  plainText,
} from '../src/auth-emails.ts';

describe('auth e-mails', () => {
  it.each(Object.entries(AUTH_EMAILS))(
    "%s: the link opens the site's confirmation page, never Auth's /verify",
    (_, email) => {
      const html = hostedTemplate(email);
      expect(html.match(/\{\{[^}]*\}\}/g)).toEqual(['{{ .SiteURL }}', '{{ .TokenHash }}']);
      expect(html).toContain(
        `<a href="{{ .SiteURL }}${CONFIRM_PATH}?token_hash={{ .TokenHash }}&amp;type=${email.type}">`,
      );
      expect(html).not.toContain('ConfirmationURL');
      expect(html).toContain(email.intro);
      expect(html).toContain(`>${email.action}</a>`);
      expect(html).toContain(email.ignore);
    },
  );

  it('escapes the words: markup in them reaches the reader as text', () => {
    const hostile: AuthEmail = {
      type: 'email',
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

  it('the link carries the token hash and the type, on the site URL with or without its slash', () => {
    for (const site of ['https://guiafortim.com.br', 'https://guiafortim.com.br/']) {
      expect(confirmLink(site, 'a1b2', 'recovery')).toBe(
        'https://guiafortim.com.br/auth/confirmar?token_hash=a1b2&type=recovery',
      );
    }
    expect(confirmLink('http://127.0.0.1:4321', 'x&y=z', 'email')).toBe(
      'http://127.0.0.1:4321/auth/confirmar?token_hash=x%26y%3Dz&type=email',
    );
  });

  it('the plain text says the same, with the link on a line of its own', () => {
    const link = confirmLink('http://127.0.0.1:4321', 'abc', 'recovery');
    expect(plainText(AUTH_EMAILS.recovery, link)).toBe(
      `Olá!\n\n${AUTH_EMAILS.recovery.intro}\n\n${link}\n\n${AUTH_EMAILS.recovery.ignore}`,
    );
  });
});
