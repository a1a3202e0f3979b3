// Where e-mailed links may send the user: with a configured site URL only to that origin, never to
// another host, scheme or local port (open-redirect attempts on `redirect_to`).
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../auth/email-links.ts';
import { authSettings } from '../config.ts';

const SITE = 'http://127.0.0.1:4321';
const site = authSettings('http://127.0.0.1:54321', { siteUrl: SITE });

describe('redirect_to with a configured site URL', () => {
  it.each([
    `${SITE}`,
    `${SITE}/`,
    `${SITE}/auth/reset-password`,
    `${SITE}/admin/auth-callback?x=1#y`,
  ])('keeps a page of the site: %s', (target) => {
    expect(redirectTarget(site, target)).toBe(target);
  });

  it.each([
    'http://127.0.0.1:4322/auth/reset-password',
    'http://localhost:4321/',
    'http://127.0.0.1:43210/',
    'https://127.0.0.1:4321/',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'http://127.0.0.1:4321@evil.example/',
    'http://127.0.0.1:4321.evil.example/',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '%2F%2Fevil.example',
    '',
  ])('sends anything else to the site URL: %s', (target) => {
    expect(redirectTarget(site, target)).toBe(SITE);
  });

  it('an explicit allow-list still wins', () => {
    const listed = authSettings('http://127.0.0.1:54321', {
      siteUrl: SITE,
      allowedRedirects: ['https://guiafortim.com.br'],
    });
    expect(redirectTarget(listed, 'https://guiafortim.com.br/x')).toBe(
      'https://guiafortim.com.br/x',
    );
    expect(redirectTarget(listed, `${SITE}/x`)).toBe(SITE);
  });
});
