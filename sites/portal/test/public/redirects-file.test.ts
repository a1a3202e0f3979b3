import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseRedirects } from '../../../../scripts/stack/origin.ts';
import { LEGACY_REDIRECTS } from '../../src/lib/redirects.ts';

describe('the old commerce addresses', () => {
  it('are the same in public/_redirects (Cloudflare Pages) and in the Astro redirects', async () => {
    const file = await readFile(new URL('../../public/_redirects', import.meta.url), 'utf8');
    const rules = parseRedirects(file);
    const fromFile = new Map(rules.map((rule) => [rule.from, rule.to]));
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) expect(fromFile.get(from)).toBe(to);
    expect(new Set(rules.map((rule) => rule.from))).toEqual(new Set(Object.keys(LEGACY_REDIRECTS)));
    expect(rules.every((rule) => rule.status === 301)).toBe(true);
  });
});
