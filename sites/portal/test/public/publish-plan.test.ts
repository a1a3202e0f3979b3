// The pages a save renders again (lib/publish-plan.ts), and the addresses that run the site
// Worker (wrangler.jsonc `run_worker_first`): every page it renders is one it can serve.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isListingPage,
  isRenderedPath,
  MAX_LISTING_PAGES,
  pagesOfListings,
} from '../../src/lib/publish-plan.ts';

const config = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', 'wrangler.jsonc'), 'utf8').replace(
    /^\s*\/\/.*$/gm,
    '',
  ),
) as { assets: { run_worker_first: string[] } };
const patterns = config.assets.run_worker_first.map(
  (pattern) => new RegExp(`^${pattern.replaceAll('*', '.*')}$`),
);
const runsWorker = (path: string) => patterns.some((pattern) => pattern.test(path));

describe('pagesOfListings', () => {
  it(`renders at most ${MAX_LISTING_PAGES} listing pages at once, and every list whatever their number`, () => {
    const slugs = (n: number) => Array.from({ length: n }, (_, i) => `pousada-${i + 1}`);
    const listingPages = (paths: string[]) => paths.filter((path) => isListingPage(path));
    const inside = pagesOfListings([{ kind: 'hospedagem', slugs: slugs(MAX_LISTING_PAGES) }]);
    expect(listingPages(inside)).toHaveLength(MAX_LISTING_PAGES);
    const outside = pagesOfListings([
      { kind: 'hospedagem', slugs: slugs(MAX_LISTING_PAGES) },
      { kind: 'passeio', slugs: ['barco'] },
    ]);
    expect(listingPages(outside)).toEqual(listingPages(inside));
    // The passeio's list is rendered even when its own page waits for the whole build.
    expect(outside).toContain('/passeios');
    expect(outside).toContain('/dados/passeio-restantes.json');
  });

  it("gives each changed listing's page, its list and data file, the home page and the map, once", () => {
    expect(
      pagesOfListings([
        { kind: 'passeio', slugs: ['barco', 'barco'] },
        { kind: 'hospedagem', slugs: ['pousada-a'] },
        { kind: 'passeio', slugs: ['trilha'] },
        { kind: 'comercio', slugs: [] },
      ]),
    ).toEqual([
      '/',
      '/dados/mapa.json',
      '/hospedagem',
      '/dados/hospedagem-restantes.json',
      '/passeios',
      '/dados/passeio-restantes.json',
      '/hospedagem/pousada-a',
      '/passeios/barco',
      '/passeios/trilha',
    ]);
    expect(pagesOfListings([])).toEqual([]);
    expect(pagesOfListings([{ kind: 'comercio', slugs: [] }])).toEqual([]);
  });

  it('gives only addresses the Worker serves rendered pages at, and that run it', () => {
    const paths = pagesOfListings([
      { kind: 'hospedagem', slugs: ['a'] },
      { kind: 'comercio', slugs: ['b'] },
      { kind: 'passeio', slugs: ['c'] },
    ]);
    for (const path of paths) {
      expect({ path, rendered: isRenderedPath(path), runsWorker: runsWorker(path) }).toEqual({
        path,
        rendered: true,
        runsWorker: true,
      });
    }
    expect(isListingPage('/passeios/c')).toBe(true);
    for (const path of ['/passeios/', '/passeios/c/d', '/mapa', '/busca', '/dados/outro.json']) {
      expect({ path, rendered: isRenderedPath(path) }).toEqual({ path, rendered: false });
    }
    for (const path of ['/_astro/x.js', '/admin/', '/favicon.png', '/site-build.json', '/mapa']) {
      expect({ path, runsWorker: runsWorker(path) }).toEqual({ path, runsWorker: false });
    }
  });
});
