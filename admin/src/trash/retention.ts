// The Lixeira's rules: how long an item has before it is deleted for good.
import { TRASH_RETENTION_DAYS, type TrashItem } from '@guia-fortim/domain';
import { agreeing, rowName, tableNoun } from '../history/tableNouns.ts';

const DAY = 86_400_000;

/** Whole days left before the item is deleted for good (0: today). */
export function daysUntilPurge(deletedAt: string, now = Date.now()): number {
  const deleted = Date.parse(deletedAt);
  if (Number.isNaN(deleted)) return TRASH_RETENTION_DAYS;
  return Math.max(0, Math.ceil((deleted + TRASH_RETENTION_DAYS * DAY - now) / DAY));
}

/** 'em 30 dias', 'em 1 dia', 'hoje'. */
export function purgeIn(deletedAt: string, now = Date.now()): string {
  const days = daysUntilPurge(deletedAt, now);
  if (days === 0) return 'hoje';
  return days === 1 ? 'em 1 dia' : `em ${days} dias`;
}

/** What a delete's notification adds under the screen's own 'Hospedagem excluída'. */
export const IN_TRASH_FOR = `Fica na lixeira por ${TRASH_RETENTION_DAYS} dias.`;
/** The same for several items at once. */
export const ALL_IN_TRASH_FOR = `Ficam na lixeira por ${TRASH_RETENTION_DAYS} dias.`;

export const TRASH_EXPLANATION = `Os itens excluídos ficam aqui por ${TRASH_RETENTION_DAYS} dias e podem ser restaurados. Depois disso, são excluídos definitivamente, com as suas fotos.`;

/** What names a trash item: its table and its recorded label. */
type TrashedRow = Pick<TrashItem, 'label' | 'table_name'>;

/** A trash item's name: a listing's or category's name, a slide's title, a review's stars and place. */
export const trashItemName = (item: TrashedRow) => rowName(item.table_name, item.label);

/** 'Hospedagem “Pousada do Rio”' */
export const namedTrashItem = (item: TrashedRow) =>
  `${tableNoun(item.table_name)} “${trashItemName(item)}”`;

/** 'Restaurar' told: 'Hospedagem “Pousada do Rio” restaurada'. */
export const restoredTitle = (item: TrashedRow) =>
  `${namedTrashItem(item)} ${agreeing(item.table_name, 'restaurad')}`;
