// The frame every list page shares: its filter form above the results, and the single-category
// choice of /comercio and /passeios.
import type { ReactNode } from 'react';
import { Chip } from './Chip.tsx';

export function FilteredList({
  label,
  filters,
  children,
}: {
  /** The filter form's accessible name. */
  label: string;
  filters: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-8">
      <search aria-label={label}>
        <form
          onSubmit={(event) => event.preventDefault()}
          className="flex flex-col gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
        >
          {filters}
        </form>
      </search>
      {children}
    </div>
  );
}

/** One category at a time, or none with the `allLabel` chip. */
export function CategoryChoice({
  allLabel,
  categories,
  chosen,
  onChoose,
  id,
  className,
}: {
  allLabel: string;
  categories: string[];
  chosen: string | null;
  onChoose: (categoria: string | null) => void;
  id?: string;
  className?: string;
}) {
  return (
    <fieldset id={id} className={className}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Categoria</legend>
      <div className="flex flex-wrap gap-2">
        <Chip pressed={chosen === null} onClick={() => onChoose(null)}>
          {allLabel}
        </Chip>
        {categories.map((categoria) => (
          <Chip key={categoria} pressed={chosen === categoria} onClick={() => onChoose(categoria)}>
            {categoria}
          </Chip>
        ))}
      </div>
    </fieldset>
  );
}
