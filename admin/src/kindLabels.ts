// The panel's names for each kind of listing that the shell and the dashboard show, made from the
// domain's kinds table (the list and form screens' sentences are in kindTexts.ts).
import { agree, KINDS, type ListingKind } from '@guia-fortim/domain';

export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Menu, tab, card and list title: 'Hospedagens', 'Comércios', 'Passeios'. */
export function kindLabel(kind: ListingKind): string {
  return capitalize(KINDS[kind].plural);
}

/** The dashboard's quick actions: 'Nova hospedagem', 'Novo comércio', 'Novo passeio'. */
export function newKindLabel(kind: ListingKind): string {
  return `${agree(kind, 'Novo', 'Nova')} ${KINDS[kind].singular}`;
}
