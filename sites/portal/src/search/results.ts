// The search page's results, drawn from Pagefind's result data with DOM text only: names,
// categories and excerpts are listing text, so nothing from the index is ever parsed as markup
// into the page (an excerpt's <mark> highlights are rebuilt as elements).
import { isListingKind, type ListingKind } from '@guia-fortim/domain';
import { imageSources, PHOTO_SIZES } from '../lib/images.ts';

/** What the search page needs of one Pagefind result (`result.data()`). */
export type SearchHit = {
  url: string;
  excerpt: string;
  meta: { title?: string; imagem?: string; categoria?: string };
  filters: { tipo?: string[] };
};

export type GroupedHits = Record<ListingKind, SearchHit[]>;

/** Hits by the kind of their listing, each group in the index's order of relevance. */
export function groupByKind(hits: SearchHit[]): GroupedHits {
  const groups: GroupedHits = { hospedagem: [], comercio: [], passeio: [] };
  for (const hit of hits) {
    const kind = hit.filters.tipo?.[0];
    if (isListingKind(kind)) groups[kind].push(hit);
  }
  return groups;
}

/** A listing page's address as the site serves it (Pagefind names the built file). */
export function pageUrl(url: string): string {
  return url.replace(/\.html$/, '');
}

/** Pagefind's excerpt (escaped text with <mark> around the matches) as text and <mark> nodes. */
export function excerptNodes(excerpt: string): Node[] {
  const parsed = new DOMParser().parseFromString(`<body>${excerpt}</body>`, 'text/html').body;
  return [...parsed.childNodes].map((node) => {
    if (node instanceof Element && node.localName === 'mark') {
      const mark = document.createElement('mark');
      mark.className = 'rounded bg-areia px-0.5 text-slate-900';
      mark.textContent = node.textContent;
      return mark;
    }
    return document.createTextNode(node.textContent ?? '');
  });
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * A result's photo (the card size's address, from the index), drawn as ListingImage draws one: a
 * multi-format photo is a <picture> with its sources first; the browser picks the size by `sizes`.
 */
export function resultPhoto(url: string): HTMLElement {
  const { src, srcSet, sources } = imageSources(url, 'card');
  const photo = element('img', 'h-20 w-28 shrink-0 rounded-lg bg-slate-200 object-cover');
  photo.alt = '';
  photo.width = 112;
  photo.height = 80;
  photo.loading = 'lazy';
  photo.decoding = 'async';
  if (srcSet) {
    photo.srcset = srcSet;
    photo.sizes = PHOTO_SIZES.searchResult;
  }
  photo.src = src;
  if (!sources) return photo;
  const picture = element('picture', 'contents');
  for (const { type, srcSet: candidates } of sources) {
    const source = document.createElement('source');
    source.type = type;
    source.srcset = candidates;
    source.sizes = PHOTO_SIZES.searchResult;
    picture.append(source);
  }
  picture.append(photo);
  return picture;
}

/** One result: the card photo, the name, the type and the matching words, linking to the page. */
export function resultItem(hit: SearchHit, placeholder: string): HTMLLIElement {
  const item = document.createElement('li');
  const link = element(
    'a',
    'flex gap-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm hover:border-mar hover:shadow-md',
  );
  link.href = pageUrl(hit.url);
  const photo = resultPhoto(hit.meta.imagem || placeholder);
  const text = element('span', 'flex min-w-0 flex-col gap-1');
  text.append(element('span', 'font-semibold text-slate-900', hit.meta.title ?? ''));
  if (hit.meta.categoria) {
    text.append(element('span', 'text-sm font-medium text-mar', hit.meta.categoria));
  }
  const excerpt = element('span', 'line-clamp-2 text-sm text-slate-700');
  excerpt.append(...excerptNodes(hit.excerpt));
  text.append(excerpt);
  link.append(photo, text);
  item.append(link);
  return item;
}
