// /hospedagem: search, price range, sort and multi-select categories over the listings.
import {
  filterHospedagens,
  HOSPEDAGEM_SORTS,
  type HospedagemFilters,
  type HospedagemSort,
  hospedagemCountText,
  hospedagemQuery,
  NO_HOSPEDAGEM_FILTERS,
  parseHospedagemFilters,
} from '../lib/filters.ts';
import type { HospedagemView } from '../lib/listing-view.ts';
import { Chip, SearchField } from './list/Chip.tsx';
import { FilteredList } from './list/FilterForm.tsx';
import { EmptyState, Results } from './list/Results.tsx';
import { type FilterRules, type ListSource, useListExplorer } from './list/useListExplorer.ts';

const RULES: FilterRules<HospedagemView, HospedagemFilters> = {
  empty: NO_HOSPEDAGEM_FILTERS,
  parse: parseHospedagemFilters,
  query: hospedagemQuery,
  apply: filterHospedagens,
};

type Props = ListSource<HospedagemView> & { categories: string[] };

export default function HospedagemList({ categories, ...source }: Props) {
  const list = useListExplorer(source, RULES);
  const { filters, setFilters } = list;
  const set = (change: Partial<HospedagemFilters>) => setFilters({ ...filters, ...change });
  const toggle = (categoria: string) =>
    set({
      categorias: filters.categorias.includes(categoria)
        ? filters.categorias.filter((c) => c !== categoria)
        : [...filters.categorias, categoria],
    });

  return (
    <FilteredList
      label="Filtrar hospedagens"
      filters={
        <>
          <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr_1.3fr]">
            <SearchField
              label="Buscar"
              placeholder="Nome, endereço ou descrição"
              value={filters.busca}
              onChange={(busca) => set({ busca })}
            />
            <PriceField
              label="Preço mínimo"
              value={filters.precoMin}
              onChange={(precoMin) => set({ precoMin })}
            />
            <PriceField
              label="Preço máximo"
              value={filters.precoMax}
              onChange={(precoMax) => set({ precoMax })}
            />
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              Ordenar por
              <select
                value={filters.ordem}
                onChange={(event) => set({ ordem: event.target.value as HospedagemSort })}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900"
              >
                {HOSPEDAGEM_SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">Categorias</legend>
            <div className="flex flex-wrap gap-2">
              {categories.map((categoria) => (
                <Chip
                  key={categoria}
                  pressed={filters.categorias.includes(categoria)}
                  onClick={() => toggle(categoria)}
                >
                  {categoria}
                </Chip>
              ))}
            </div>
          </fieldset>
        </>
      }
    >
      <Results
        {...list}
        countText={hospedagemCountText(list.count)}
        loading={<p className="py-12 text-center text-slate-600">Carregando hospedagens...</p>}
        empty={
          <EmptyState
            title="Nenhuma hospedagem encontrada"
            text="Tente ajustar seus filtros ou alterar os termos da busca."
          />
        }
      />
    </FilteredList>
  );
}

function PriceField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="R$"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-base font-normal text-slate-900 placeholder:text-slate-500"
      />
    </label>
  );
}
