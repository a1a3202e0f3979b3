// /passeios: search and one category ('Todas as categorias').
import {
  type CategoriaFilters,
  categoriaQuery,
  filterPasseios,
  NO_CATEGORIA_FILTERS,
  parseCategoriaFilters,
  passeioCountText,
} from '../lib/filters.ts';
import type { PasseioView } from '../lib/listing-view.ts';
import { SearchField } from './list/Chip.tsx';
import { CategoryChoice, FilteredList } from './list/FilterForm.tsx';
import { EmptyState, Results } from './list/Results.tsx';
import { type FilterRules, type ListSource, useListExplorer } from './list/useListExplorer.ts';

const RULES: FilterRules<PasseioView, CategoriaFilters> = {
  empty: NO_CATEGORIA_FILTERS,
  parse: parseCategoriaFilters,
  query: categoriaQuery,
  apply: filterPasseios,
};

type Props = ListSource<PasseioView> & { categories: string[] };

export default function PasseioList({ categories, ...source }: Props) {
  const list = useListExplorer(source, RULES);
  const { filters, setFilters } = list;

  return (
    <FilteredList
      label="Filtrar passeios"
      filters={
        <>
          <SearchField
            label="Buscar"
            placeholder="Nome ou descrição"
            value={filters.busca}
            onChange={(busca) => setFilters({ ...filters, busca })}
          />
          <CategoryChoice
            allLabel="Todas as categorias"
            categories={categories}
            chosen={filters.categoria}
            onChoose={(categoria) => setFilters({ ...filters, categoria })}
          />
        </>
      }
    >
      <Results
        {...list}
        countText={passeioCountText(list.count, filters.categoria)}
        loading={<p className="py-12 text-center text-slate-600">Carregando passeios...</p>}
        empty={<EmptyState title="Nenhum passeio encontrado" />}
      />
    </FilteredList>
  );
}
