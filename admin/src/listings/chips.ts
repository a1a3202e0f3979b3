// The list rows' category chips.

/** Category chips in list rows: at most two, then an ellipsis. */
export function chipsToShow(categories: readonly string[]): { shown: string[]; more: boolean } {
  return { shown: categories.slice(0, 2), more: categories.length > 2 };
}
