import { formatPrice } from '@guia-fortim/domain';

/** Card price: "R$ 320", or "R$ 320,50" when there are cents (dialogs always use 2 decimals). */
export function cardPrice(price: number): string {
  return formatPrice(price, Number.isInteger(price) ? 0 : 2);
}
