const brl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Price as the dialogs show it: pt-BR digits with 2 decimals, e.g. 1.250,50. */
export function formatPrice(value: number): string {
  return brl.format(value);
}
