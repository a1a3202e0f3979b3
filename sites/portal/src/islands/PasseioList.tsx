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
import { Chip, SearchField } from './list/Chip.tsx';
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
  const choose = (categoria: string | null) => setFilters({ ...filters, categoria });

  return (
    <div className="flex flex-col gap-8">
      <search aria-label="Filtrar passeios">
        <form
          onSubmit={(event) => event.preventDefault()}
          className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          <SearchField
            label="Buscar"
            placeholder="Nome ou descrição"
            value={filters.busca}
            onChange={(busca) => setFilters({ ...filters, busca })}
          />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Categoria</legend>
            <div className="flex flex-wrap gap-2">
              <Chip pressed={filters.categoria === null} onClick={() => choose(null)}>
                Todas as categorias
              </Chip>
              {categories.map((categoria) => (
                <Chip
                  key={categoria}
                  pressed={filters.categoria === categoria}
                  onClick={() => choose(categoria)}
                >
                  {categoria}
                </Chip>
              ))}
            </div>
          </fieldset>
        </form>
      </search>
      <Results
        {...list}
        countText={passeioCountText(list.count, filters.categoria)}
        loading={<p className="py-12 text-center text-slate-600">Carregando passeios...</p>}
        empty={<EmptyState title="Nenhum passeio encontrado" />}
      />
    </div>
  );
}
