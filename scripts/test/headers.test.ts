import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFor,
  inlineScriptHashes,
  PANEL_CSP,
  parseHeaders,
  renderHeaders,
} from '../stack/headers.ts';

const production = {
  supabaseUrl: 'https://abcd.supabase.co',
  apiUrl: 'https://api.guiafortim.com.br/api',
  imagesUrl: 'https://imagens.guiafortim.com.br/hospedagens/x-hero.jpg',
};

describe('contentSecurityPolicy', () => {
  it('allows exactly Supabase, the worker, the image origin and Google Maps', () => {
    const csp = contentSecurityPolicy(production);
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('connect-src')).toEqual([
      "'self'",
      'https://abcd.supabase.co',
      'https://api.guiafortim.com.br',
      'https://imagens.guiafortim.com.br',
      'https://maps.googleapis.com',
    ]);
    // The search's WebAssembly may be compiled; JavaScript eval stays refused.
    expect(directive('script-src')).toContain("'wasm-unsafe-eval'");
    expect(directive('img-src')).toContain('https://imagens.guiafortim.com.br');
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/\*\s|'unsafe-eval'/);
    expect(directive('script-src')).not.toContain("'unsafe-inline'");
  });

  it('allows inline scripts only by the hashes it is given', () => {
    const csp = contentSecurityPolicy(production, ["'sha256-abc='"]);
    expect(csp).toContain(
      "script-src 'self' 'wasm-unsafe-eval' https://maps.googleapis.com 'sha256-abc='",
    );
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each distinct inline script of every page, not files or data blocks', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hashes-'));
    try {
      mkdirSync(join(dir, 'hospedagem'));
      const page = (body: string) => `<!doctype html><html><head>${body}</head></html>`;
      writeFileSync(
        join(dir, 'index.html'),
        page(
          '<script>a()</script><script type="module">b()</script>' +
            '<script src="/_astro/x.js"></script><script type="application/ld+json">{}</script>',
        ),
      );
      writeFileSync(
        join(dir, 'hospedagem', 'x.html'),
        page('<SCRIPT>a()</SCRIPT><script>ç()</script>'),
      );
      writeFileSync(join(dir, 'notes.txt'), '<script>c()</script>');
      const sha = (text: string) =>
        `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
      expect(inlineScriptHashes(dir)).toEqual([sha('a()'), sha('b()'), sha('ç()')].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('_headers', () => {
  it('round-trips through the parser and applies later, more specific rules', () => {
    const rules = parseHeaders(renderHeaders(production, { https: true }));
    const page = headersFor(rules, '/hospedagem/pousada');
    expect(page['strict-transport-security']).toContain('max-age=31536000');
    expect(page['content-security-policy']).toBe(contentSecurityPolicy(production));
    expect(page['cache-control']).toBeUndefined();
    expect(headersFor(rules, '/_astro/x.js')['cache-control']).toContain('immutable');
  });

  it('gives the panel a second, stricter policy (as Cloudflare joins a repeated header)', () => {
    const rules = parseHeaders(
      renderHeaders(production, { https: true, scriptHashes: ["'sha256-x='"] }),
    );
    const panel = headersFor(rules, '/admin/hospedagens');
    expect(panel['content-security-policy']).toBe(
      `${contentSecurityPolicy(production, ["'sha256-x='"])}, ${PANEL_CSP}`,
    );
    expect(PANEL_CSP).not.toContain("'unsafe-inline'");
    expect(headersFor(rules, '/')['content-security-policy']).not.toContain(PANEL_CSP);
  });

  it("gives the pages with Turnstile's widget, and only them, a policy that allows Turnstile", () => {
    const withCaptcha = { ...production, turnstileUrl: 'https://challenges.cloudflare.com' };
    const rules = parseHeaders(
      renderHeaders(withCaptcha, { https: true, scriptHashes: ["'sha256-x='"] }),
    );
    const sitePolicy = contentSecurityPolicy(withCaptcha, ["'sha256-x='"]);
    expect(sitePolicy).not.toContain('challenges.cloudflare.com');
    for (const path of ['/auth/login', '/auth/registro', '/auth/esqueci-senha', '/auth/perfil']) {
      // One policy: the site's is detached, not joined (two policies would both have to allow).
      const policy = headersFor(rules, path)['content-security-policy'] ?? '';
      expect(policy, path).toBe(
        contentSecurityPolicy(withCaptcha, ["'sha256-x='"], { challenge: true }),
      );
      expect(policy).toContain(
        "script-src 'self' 'wasm-unsafe-eval' https://maps.googleapis.com https://challenges.cloudflare.com 'sha256-x='",
      );
      expect(policy).toContain('; frame-src https://challenges.cloudflare.com;');
      expect(policy.replace(/ https:\/\/challenges\.cloudflare\.com|; frame-src [^;]*/g, '')).toBe(
        sitePolicy,
      );
    }
    for (const path of ['/', '/hospedagem/pousada', '/auth/reset-password', '/auth/login/x']) {
      expect(headersFor(rules, path)['content-security-policy'], path).toBe(sitePolicy);
    }
    expect(headersFor(rules, '/admin/')['content-security-policy']).toBe(
      `${sitePolicy}, ${PANEL_CSP}`,
    );
  });

  it('without a Turnstile origin (a site built without CAPTCHA), every page has the one policy', () => {
    const text = renderHeaders(production, { https: true });
    expect(text).not.toContain('! Content-Security-Policy');
    const rules = parseHeaders(text);
    expect(headersFor(rules, '/auth/login')['content-security-policy']).toBe(
      contentSecurityPolicy(production),
    );
  });

  it('leaves out HSTS on plain-HTTP local origins', () => {
    const rules = parseHeaders(renderHeaders(production, { https: false }));
    expect(headersFor(rules, '/')['strict-transport-security']).toBeUndefined();
  });
});
