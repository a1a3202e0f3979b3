// How the panel shows each ordered list (db/domain's ORDERED_LIST holds its columns, limit and
// texts): the kind tabs, which candidates the add section offers and the test ids the suites use.
import { type ListingResource, ORDERED_LIST, type OrderedList } from '@guia-fortim/domain';
import type { SortPayload } from 'react-admin';
import { PUBLIC_ORDER } from '../dataProvider.ts';

/** "Adicionar aos Destaques" lists at most this many of the newest not featured. */
export const FEATURED_ADD_LIST_LIMIT = 10;

export interface ListScreen {
  /** The kind tabs in their order; the first opens. */
  tabs: readonly [ListingResource, ...ListingResource[]];
  /** The candidates: at most this many, in this order, searched by name by the database. */
  candidates: { perPage: number; sort: SortPayload };
  /** Each row shows where the listing is (its address or meeting point). */
  showsPlace: boolean;
  /** The position comes before the picture. */
  positionFirst: boolean;
  /** The candidates' card: its style and test id. */
  candidatesCard?: { sx: Record<string, unknown>; testId: string };
  testIds: { heading?: string; row: string; candidate: string };
}

/** The pinned screen's candidates show this many at a time; the search finds the rest. */
const UNPINNED_SHOWN = 50;

export const LIST_SCREENS: Record<OrderedList, ListScreen> = {
  featured: {
    tabs: ['hospedagens', 'comercios', 'passeios'],
    // The newest not featured.
    candidates: {
      perPage: FEATURED_ADD_LIST_LIMIT,
      sort: { field: 'created_at', order: 'DESC' },
    },
    showsPlace: true,
    positionFirst: false,
    testIds: { heading: 'featured-count', row: 'featured-row', candidate: 'candidate-row' },
  },
  pinned: {
    // This screen opens on commerce.
    tabs: ['comercios', 'hospedagens', 'passeios'],
    // In the public order: what a visitor sees first.
    candidates: { perPage: UNPINNED_SHOWN, sort: { field: PUBLIC_ORDER, order: 'ASC' } },
    showsPlace: false,
    positionFirst: true,
    candidatesCard: { sx: { maxHeight: 400, overflowY: 'auto' }, testId: 'unpinned-list' },
    testIds: { row: 'pinned-row', candidate: 'unpinned-row' },
  },
};

/**
 * What the candidates' list says when it has nothing to show: a search that found nothing among
 * the `left` listings not in the list, or that none is left.
 */
export function candidatesEmptyText(list: OrderedList, search: string, left: number): string {
  const { candidatesEmpty, candidatesNotFound } = ORDERED_LIST[list].texts;
  return candidatesNotFound !== undefined && left > 0 && search.trim() !== ''
    ? candidatesNotFound
    : candidatesEmpty;
}
