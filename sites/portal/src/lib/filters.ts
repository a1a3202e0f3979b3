// The list pages' filters: what each page filters on, how the state is written into the address
// (so a filtered view can be shared and survives a reload) and the result counts' texts.
// Search is substring matching indifferent to case and accents, as the site search (Pagefind) is:
// 'falesias' finds 'Falésias' on the list as on /busca. The list arrives in public order, which is
// the 'relevancia' sort, and every other sort is stable over it.
import type { ComercioView, HospedagemView, PasseioView } from './listing-view.ts';

export const HOSPEDAGEM_SORTS = [
  { value: 'relevancia', label: 'Relevância' },
  { value: 'preco-asc', label: 'Menor preço' },
  { value: 'preco-desc', label: 'Maior preço' },
  { value: 'avaliacao', label: 'Melhor avaliação' },
] as const;
export type HospedagemSort = (typeof HOSPEDAGEM_SORTS)[number]['value'];

export type HospedagemFilters = {
  busca: string;
  /** As typed; only the integer part counts ("150,90" → 150); not a number → no bound. */
  precoMin: string;
  precoMax: string;
  ordem: HospedagemSort;
  categorias: string[];
};

/** Commerce and tours: a search and one category (null = 'Todos' / 'Todas as categorias'). */
export type CategoriaFilters = { busca: string; categoria: string | null };

export const NO_HOSPEDAGEM_FILTERS: HospedagemFilters = {
  busca: '',
  precoMin: '',
  precoMax: '',
  ordem: 'relevancia',
  categorias: [],
};
export const NO_CATEGORIA_FILTERS: CategoriaFilters = { busca: '', categoria: null };

const PARAM = {
  busca: 'busca',
  precoMin: 'min',
  precoMax: 'max',
  ordem: 'ordem',
  categoria: 'categoria',
} as const;

/** Lower case without accents: the letter and its combining marks are split (NFD), marks dropped. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR');
}

function contains(query: string, fields: string[]): boolean {
  const needle = plain(query.trim());
  return !needle || fields.some((field) => plain(field).includes(needle));
}

export function parsePriceBound(value: string): number | null {
  const bound = Number.parseInt(value.trim(), 10);
  return Number.isNaN(bound) ? null : bound;
}

export function filterHospedagens(
  items: readonly HospedagemView[],
  filters: HospedagemFilters,
): HospedagemView[] {
  const min = parsePriceBound(filters.precoMin);
  const max = parsePriceBound(filters.precoMax);
  const found = items.filter(
    (item) =>
      contains(filters.busca, [item.name, item.address, item.description]) &&
      (min === null || item.price >= min) &&
      (max === null || item.price <= max) &&
      (filters.categorias.length === 0 ||
        filters.categorias.some((categoria) => item.categorias.includes(categoria))),
  );
  switch (filters.ordem) {
    case 'preco-asc':
      return found.sort((a, b) => a.price - b.price);
    case 'preco-desc':
      return found.sort((a, b) => b.price - a.price);
    case 'avaliacao':
      return found.sort((a, b) => b.rating - a.rating);
    default:
      return found;
  }
}

export function filterComercios(
  items: readonly ComercioView[],
  filters: CategoriaFilters,
): ComercioView[] {
  return items.filter(
    (item) =>
      contains(filters.busca, [item.name, item.description, item.address]) &&
      (filters.categoria === null || item.categoria === filters.categoria),
  );
}

export function filterPasseios(
  items: readonly PasseioView[],
  filters: CategoriaFilters,
): PasseioView[] {
  return items.filter(
    (item) =>
      contains(filters.busca, [item.name, item.description]) &&
      (filters.categoria === null || item.categoria === filters.categoria),
  );
}

export function parseHospedagemFilters(params: URLSearchParams): HospedagemFilters {
  const ordem = params.get(PARAM.ordem);
  return {
    busca: params.get(PARAM.busca) ?? '',
    precoMin: params.get(PARAM.precoMin) ?? '',
    precoMax: params.get(PARAM.precoMax) ?? '',
    ordem: HOSPEDAGEM_SORTS.find((sort) => sort.value === ordem)?.value ?? 'relevancia',
    categorias: [...new Set(params.getAll(PARAM.categoria).filter(Boolean))],
  };
}

export function parseCategoriaFilters(params: URLSearchParams): CategoriaFilters {
  return { busca: params.get(PARAM.busca) ?? '', categoria: params.get(PARAM.categoria) || null };
}

/** The address query of a filter state ('' when nothing is filtered), defaults left out. */
export function hospedagemQuery(filters: HospedagemFilters): string {
  const params = new URLSearchParams();
  if (filters.busca) params.set(PARAM.busca, filters.busca);
  if (filters.precoMin) params.set(PARAM.precoMin, filters.precoMin);
  if (filters.precoMax) params.set(PARAM.precoMax, filters.precoMax);
  if (filters.ordem !== 'relevancia') params.set(PARAM.ordem, filters.ordem);
  for (const categoria of filters.categorias) params.append(PARAM.categoria, categoria);
  return withQuestionMark(params);
}

export function categoriaQuery(filters: CategoriaFilters): string {
  const params = new URLSearchParams();
  if (filters.busca) params.set(PARAM.busca, filters.busca);
  if (filters.categoria) params.set(PARAM.categoria, filters.categoria);
  return withQuestionMark(params);
}

function withQuestionMark(params: URLSearchParams): string {
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function hospedagemCountText(count: number): string {
  return `${count} ${count === 1 ? 'opção encontrada' : 'opções encontradas'}`;
}

export function comercioCountText(count: number, categoria: string | null): string {
  const noun = count === 1 ? 'estabelecimento encontrado' : 'estabelecimentos encontrados';
  return `${count} ${noun}${categoria ? ` em "${categoria}"` : ''}`;
}

export function passeioCountText(count: number, categoria: string | null): string {
  return `${count} passeio(s) encontrado(s)${categoria ? ` na categoria "${categoria}"` : ''}`;
}
