import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LEGACY_REDIRECTS } from '../../src/lib/redirects.ts';

// Public navigation: The paths /comercios, /comércio and /comercio-local redirect to
// /comercio.
const SPEC_REDIRECTS = {
  '/comercios': '/comercio',
  '/comércio': '/comercio',
  '/comercio-local': '/comercio',
};

describe('the old commerce addresses', () => {
  it('are the old paths of the businesses list, in the Astro redirects', () => {
    expect(LEGACY_REDIRECTS).toEqual(SPEC_REDIRECTS);
  });

  it('are the same, permanent, in public/_redirects (Workers static assets)', async () => {
    const file = await readFile(new URL('../../public/_redirects', import.meta.url), 'utf8');
    // Cloudflare's format: one `from to status` rule per line (paths may be percent-encoded), `#`
    // starts a comment.
    const rules = file
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => {
        const [from, to, status] = line.split(/\s+/);
        return { from: decodeURI(from ?? ''), to, status: Number(status) };
      });
    const fromFile = new Map(rules.map((rule) => [rule.from, rule.to]));
    for (const [from, to] of Object.entries(SPEC_REDIRECTS)) expect(fromFile.get(from)).toBe(to);
    expect(new Set(rules.map((rule) => rule.from))).toEqual(new Set(Object.keys(SPEC_REDIRECTS)));
    expect(rules.every((rule) => rule.status === 301)).toBe(true);
  });
});
