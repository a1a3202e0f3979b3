import { describe, expect, it } from 'vitest';
import { fromParameter, loginUrlFrom, safeRedirectPath } from '../../src/lib/auth/redirect.ts';

describe('safeRedirectPath (the `from` rule)', () => {
  it.each([
    '/',
    '/hospedagem',
    '/auth/perfil',
    '/passeios?categoria=Aventura#lista',
    '/comercio/restaurante-do-porto',
    '/a//b',
  ])('keeps the site path %s', (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    null,
    undefined,
    '',
    'hospedagem',
    '//evil.example',
    '//evil.example/auth/perfil',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'http:/evil.example',
    'javascript:alert(1)',
    ' /hospedagem',
    '\\\\evil.example',
  ])('sends %j to the home page', (from) => {
    expect(safeRedirectPath(from)).toBe('/');
  });

  it('reads `from` from a query string and applies the rule', () => {
    expect(fromParameter('?from=%2Fauth%2Fperfil')).toBe('/auth/perfil');
    expect(fromParameter('?from=%2F%2Fevil.example')).toBe('/');
    expect(fromParameter('?from=https%3A%2F%2Fevil.example')).toBe('/');
    expect(fromParameter('')).toBe('/');
  });

  it('builds a login URL that brings the visitor back to the same page', () => {
    const url = loginUrlFrom({ pathname: '/auth/perfil', search: '?tab=1', hash: '#x' });
    expect(url.startsWith('/auth/login?from=')).toBe(true);
    expect(fromParameter(url.slice(url.indexOf('?')))).toBe('/auth/perfil?tab=1#x');
  });
});
