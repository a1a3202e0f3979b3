// The site's security headers, exact, on every kind of answer the `_headers` file gives: pages,
// the 404 page, the pages with Turnstile's widget, the build's scripts, the demo photos, the
// service worker, the panel and its files. A header that only "contains" the right value lets a
// weaker one through (SAMEORIGIN, unsafe-url, geolocation for every frame, HSTS for one host), so
// each value is written out here as the portal promises it, never read from the code.
import { describe, expect, it } from 'vitest';
import { headersFor, parseHeaders, renderHeaders } from '../stack/headers.ts';

const production = {
  supabaseUrl: 'https://abcd.supabase.co',
  apiUrl: 'https://api.guiafortim.com.br/api',
  imagesUrl: 'https://imagens.guiafortim.com.br',
  turnstileUrl: 'https://challenges.cloudflare.com',
};

const SECURITY = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // The map's 'Minha localização' asks for the position on the site's own pages only.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(self), payment=()',
};
const HSTS = 'max-age=31536000; includeSubDomains';

// One path of each kind of answer the site's origin gives.
const PATHS = [
  '/',
  '/hospedagem',
  '/hospedagem/pousada-do-rio',
  '/busca',
  '/mapa',
  '/pagina-que-nao-existe',
  '/404',
  '/auth/login',
  '/auth/registro',
  '/auth/esqueci-senha',
  '/auth/perfil',
  '/auth/reset-password',
  '/_astro/client.1a2b3c.js',
  '/demo/hospedagens/casa-1-hero.jpg',
  '/sw.js',
  '/manifest.webmanifest',
  '/admin/',
  '/admin/hospedagens',
  '/admin/assets/index-abc.js',
  '/admin/config.json',
];

describe("the site's security headers", () => {
  it('are sent with their exact values on every kind of answer, over HTTPS', () => {
    const rules = parseHeaders(renderHeaders(production, { https: true }));
    for (const path of PATHS) {
      const headers = headersFor(rules, path);
      const security = Object.fromEntries(
        Object.keys(SECURITY).map((name) => [name, headers[name]]),
      );
      expect(security, path).toEqual(SECURITY);
      expect(headers['strict-transport-security'], path).toBe(HSTS);
      // Every answer has a policy that forbids framing and plugins, whatever else it allows.
      const policy = headers['content-security-policy'] ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toContain("base-uri 'self'");
    }
  });

  it('are the same on a plain-HTTP local origin, HSTS apart', () => {
    const rules = parseHeaders(renderHeaders(production, { https: false }));
    for (const path of PATHS) {
      const headers = headersFor(rules, path);
      expect(
        Object.fromEntries(Object.keys(SECURITY).map((name) => [name, headers[name]])),
        path,
      ).toEqual(SECURITY);
      expect(headers['strict-transport-security'], path).toBeUndefined();
    }
  });
});
