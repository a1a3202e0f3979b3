import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFor,
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
      'https://maps.googleapis.com',
    ]);
    expect(directive('img-src')).toContain('https://imagens.guiafortim.com.br');
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/\*\s|'unsafe-eval'/);
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

  it('leaves out HSTS on plain-HTTP local origins', () => {
    const rules = parseHeaders(renderHeaders(production, { https: false }));
    expect(headersFor(rules, '/')['strict-transport-security']).toBeUndefined();
  });
});
