// The list screens' search and category chips.

/** Case-insensitive substring match (the spec's searches). */
export function matchesSearch(text: unknown, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (needle === '') return true;
  return String(text ?? '')
    .toLocaleLowerCase('pt-BR')
    .includes(needle);
}

/** Category chips in list rows: at most two, then an ellipsis. */
export function chipsToShow(categories: readonly string[]): { shown: string[]; more: boolean } {
  return { shown: categories.slice(0, 2), more: categories.length > 2 };
}
