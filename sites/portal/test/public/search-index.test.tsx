// @vitest-environment happy-dom
// What the site search reads of a listing page: the page's content (ListingSummary and
// ListingDetails, as ListingPage.astro marks them `data-pagefind-body`) indexed by the real
// Pagefind. Its excerpts are cut from the text Pagefind keeps of the page, so that text must keep
// each field apart: 'Avaliação 4,2Av. Antônio…' was a rating glued to an address.
import { gunzipSync } from 'node:zlib';
import { close, createIndex } from 'pagefind';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ListingDetails } from '../../src/components/details/ListingDetails.tsx';
import { ListingSummary } from '../../src/components/details/ListingSummary.tsx';
import type { ListingView } from '../../src/lib/listing-view.ts';
import { comercio, hospedagem, passeio } from './fixtures.ts';

afterAll(() => close());

/** The page's body as the listing page renders it. */
function pageBody(item: ListingView): string {
  return renderToStaticMarkup(
    <>
      <ListingSummary item={item} as="h1" />
      <ListingDetails item={item} level={2} />
    </>,
  );
}

/**
 * The text Pagefind keeps of a page (what excerpts are cut from): its fragment file, gzipped JSON
 * after Pagefind's 'pagefind_dcd' signature.
 */
async function indexedText(body: string): Promise<string> {
  const { index } = await createIndex({});
  if (!index) throw new Error('Pagefind não criou o índice');
  const added = await index.addHTMLFile({
    url: '/pagina',
    content: `<!doctype html><html lang="pt-BR"><body><main data-pagefind-body>${body}</main></body></html>`,
  });
  expect(added.errors).toEqual([]);
  const { files } = await index.getFiles();
  const fragment = files.find((file) => file.path.startsWith('fragment/'));
  const json = gunzipSync(Buffer.from(fragment?.content ?? [])).toString('utf8');
  return (JSON.parse(json.replace(/^pagefind_dcd/, '')) as { content: string }).content;
}

/** Every piece of text the page shows and the index reads, as its elements hold it. */
function fieldTexts(body: string): string[] {
  const box = document.createElement('div');
  box.innerHTML = body;
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  const texts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text && !node.parentElement?.closest('[data-pagefind-ignore]')) texts.push(text);
  }
  return texts;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const lodging = hospedagem('mar', {
  name: 'Pousada Mar Azul',
  rating: 4.2,
  address: 'Av. Antônio Rodrigues, 120 - Fortim - CE',
  price: 250,
  amenities: ['Wi-Fi', 'Piscina'],
});
const business = comercio('sabor', {
  name: 'Sabor da Barra',
  rating: 4.7,
  address: 'Rua do Porto, 8 - Fortim - CE',
  horario: 'Todos os dias, 11h às 22h',
});
const tour = passeio('buggy', {
  name: 'Buggy nas Falésias',
  rating: 4.9,
  duracao: '4 horas',
  ponto_encontro: 'Praça da Matriz',
});

describe('a listing page in the search index', () => {
  it.each([
    ['lodging', lodging],
    ['business', business],
    ['tour', tour],
  ] as const)("keeps each of the %s's fields apart from the next", async (_, item) => {
    const body = pageBody(item);
    const text = await indexedText(body);
    // Each field stands as words of their own: no letter or digit glued to either end.
    const glued = fieldTexts(body).filter(
      (field) =>
        !new RegExp(`(?<![\\p{L}\\p{N}])${literal(field)}(?![\\p{L}\\p{N}])`, 'u').test(text),
    );
    expect(glued, text).toEqual([]);
    // What the visitor can do is not what the listing is: no excerpt reads 'Fale agora com…'.
    expect(text).not.toMatch(/Fale agora|WhatsApp|Como chegar/);
  });
});
