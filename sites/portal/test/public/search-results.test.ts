// @vitest-environment happy-dom
// The search page's results: grouped by kind, linked to the page the site serves, and drawn as
// text — an excerpt keeps Pagefind's <mark> highlights and nothing else of any markup.
import { describe, expect, it } from 'vitest';
import {
  excerptNodes,
  groupByKind,
  pageUrl,
  resultItem,
  type SearchHit,
} from '../../src/search/results.ts';

const hit = (kind: string, title: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  url: `/${kind}/${title.toLowerCase()}.html`,
  excerpt: `sobre <mark>${title}</mark>`,
  meta: { title, imagem: `https://fotos.example/${title}-card.jpg`, categoria: 'Pousada' },
  filters: { tipo: [kind] },
  ...extra,
});

describe('groupByKind', () => {
  it('keeps each kind in the order of relevance and drops hits of no known kind', () => {
    const groups = groupByKind([
      hit('passeio', 'Buggy'),
      hit('hospedagem', 'Chale'),
      hit('outro', 'Nada'),
      hit('passeio', 'Barco'),
      { ...hit('comercio', 'Cafe'), filters: {} },
    ]);
    expect(groups.hospedagem.map((h) => h.meta.title)).toEqual(['Chale']);
    expect(groups.comercio).toEqual([]);
    expect(groups.passeio.map((h) => h.meta.title)).toEqual(['Buggy', 'Barco']);
  });
});

describe('pageUrl', () => {
  it('is the address without the built file extension', () => {
    expect(pageUrl('/hospedagem/chales-do-rio.html')).toBe('/hospedagem/chales-do-rio');
    expect(pageUrl('/passeios/buggy')).toBe('/passeios/buggy');
  });
});

describe('excerptNodes', () => {
  it('rebuilds the highlights and turns any other markup into its text', () => {
    const box = document.createElement('p');
    box.append(
      ...excerptNodes(
        'a <mark>praia</mark> &lt;b&gt; <img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>fim',
      ),
    );
    expect(box.querySelectorAll('mark')).toHaveLength(1);
    expect(box.querySelector('mark')?.textContent).toBe('praia');
    expect(box.querySelector('img, script, b')).toBeNull();
    expect(box.textContent).toBe('a praia <b> window.__pwned=1fim');
  });
});

describe('resultItem', () => {
  it('links the card photo, name and type to the listing page, all as text', () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const item = resultItem(
      hit('hospedagem', 'Chale', { meta: { title: hostile, categoria: hostile } }),
      '/placeholder.svg',
    );
    const link = item.querySelector('a');
    expect(link?.getAttribute('href')).toBe('/hospedagem/chale');
    expect(item.querySelectorAll('img')).toHaveLength(1);
    // No photo in the index: the placeholder.
    expect(item.querySelector('img')?.getAttribute('src')).toBe('/placeholder.svg');
    expect(link?.textContent).toContain(hostile);
  });
});
