// /comercio: search and one category ('Todos'), the category chips folded on phones.

import { useState } from 'react';
import { Icon } from '../components/Icon.tsx';
import {
  type CategoriaFilters,
  categoriaQuery,
  comercioCountText,
  filterComercios,
  NO_CATEGORIA_FILTERS,
  parseCategoriaFilters,
} from '../lib/filters.ts';
import type { ComercioView } from '../lib/listing-view.ts';
import { COMMERCE_SKELETON_CARDS } from '../lib/ui-constants.ts';
import { SearchField } from './list/Chip.tsx';
import { CategoryChoice, FilteredList } from './list/FilterForm.tsx';
import { EmptyState, Results } from './list/Results.tsx';
import { type FilterRules, type ListSource, useListExplorer } from './list/useListExplorer.ts';

const RULES: FilterRules<ComercioView, CategoriaFilters> = {
  empty: NO_CATEGORIA_FILTERS,
  parse: parseCategoriaFilters,
  query: categoriaQuery,
  apply: filterComercios,
};

type Props = ListSource<ComercioView> & { categories: string[] };

export default function ComercioList({ categories, ...source }: Props) {
  const list = useListExplorer(source, RULES);
  const { filters, setFilters } = list;
  const [filtersOpen, setFiltersOpen] = useState(false);

  return (
    <FilteredList
      label="Filtrar estabelecimentos"
      filters={
        <>
          {/* The field keeps room for its placeholder; on a narrow phone 'Filtros' goes below. */}
          <div className="flex flex-wrap items-end gap-3">
            <div className="min-w-60 flex-1">
              <SearchField
                label="Buscar"
                placeholder="Nome, descrição ou endereço"
                value={filters.busca}
                onChange={(busca) => setFilters({ ...filters, busca })}
              />
            </div>
            <button
              type="button"
              aria-expanded={filtersOpen}
              aria-controls="comercio-categorias"
              onClick={() => setFiltersOpen((open) => !open)}
              className="flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg border border-slate-300 px-3 py-2 font-medium text-slate-700 md:hidden"
            >
              <Icon name="filter" />
              Filtros
            </button>
          </div>
          <CategoryChoice
            id="comercio-categorias"
            className={`${filtersOpen ? 'block' : 'hidden'} md:block`}
            allLabel="Todos"
            categories={categories}
            chosen={filters.categoria}
            onChoose={(categoria) => setFilters({ ...filters, categoria })}
          />
        </>
      }
    >
      <Results
        {...list}
        countText={comercioCountText(list.count, filters.categoria)}
        loading={
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Carregando">
            {Array.from({ length: COMMERCE_SKELETON_CARDS }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
              <li key={i} className="h-80 animate-pulse rounded-xl bg-slate-200" />
            ))}
          </ul>
        }
        error={
          list.status === 'error' && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              Erro ao carregar comércios. Por favor, recarregue a página.
            </p>
          )
        }
        empty={<EmptyState title="Nenhum estabelecimento encontrado" />}
      />
    </FilteredList>
  );
}
