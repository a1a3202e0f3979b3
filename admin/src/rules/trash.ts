// The Lixeira's rules: how long an item has before it is deleted for good.
import { TRASH_RETENTION_DAYS } from '@guia-fortim/domain';

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

export const TRASH_EXPLANATION = `Os itens excluídos ficam aqui por ${TRASH_RETENTION_DAYS} dias e podem ser restaurados. Depois disso, são excluídos definitivamente, com as suas fotos.`;
