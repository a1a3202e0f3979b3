// The ordered lists of listings: 'featured' (the home's and lists' highlights, 'Destaques') and
// 'pinned' (the top of a kind's public list, 'Ordenar Topo'). Both are an ordered sub-list of one
// kind: a flag column, a position column, contiguous positions from a first one, and perhaps a
// limit. The database's set_in_list / move_in_list / bulk_set_in_list keep their own copy of each
// list's columns, limit and messages (db/supabase/test/ordered-lists.test.ts holds them equal).
import type { ListingBulkAction } from './schemas.ts';

export const ORDERED_LISTS = ['featured', 'pinned'] as const;
export type OrderedList = (typeof ORDERED_LISTS)[number];

export const MOVE_DIRECTIONS = ['up', 'down'] as const;
export type MoveDirection = (typeof MOVE_DIRECTIONS)[number];

/** At most this many featured items per kind. */
/** A move up or down that did not happen, in an ordered list or among the categories. */
export const MOVE_FAILED = 'Não foi possível atualizar a ordem.';

export const FEATURED_LIMIT = 4;

/** The title of the panel's toast when a list is full. */
export const LIST_LIMIT_TITLE = 'Limite atingido';

/**
 * What refuses one item too many, in the database, the worker and the panel. It speaks of the
 * featured list: the only one with a limit.
 */
export function listLimitMessage(limit: number): string {
  return `Você já tem ${limit} itens em destaque. Remova um antes de adicionar outro.`;
}

export interface OrderedListDefinition {
  /** The boolean column that says a listing is in the list. */
  flag: 'is_featured' | 'is_pinned';
  /** The column of its place in the list. */
  position: 'featured_order' | 'pin_order';
  /** The first item's position; the others follow one by one. */
  firstPosition: number;
  /** At most this many items per kind; null: no limit. */
  limit: number | null;
  /** The database's answer to a move of an item that is not in the list. */
  notInList: string;
  /** The panel's words for this list. */
  texts: {
    /** The screen's title. */
    title: string;
    /** The row switch's label in the listing lists. */
    switchLabel: string;
    /** The row switch's failure toast. */
    switchFailure: string;
    /** The heading above the list, which holds `count` items. */
    listHeading: (count: number) => string;
    listEmpty: string;
    positionLabel: string;
    removeButton: string;
    candidatesTitle: string;
    addButton: string;
    /** The candidates' list with nothing to show. */
    candidatesEmpty: string;
    /** …when a search found nothing among the listings left (the same text as above when absent). */
    candidatesNotFound?: string;
    /** When more candidates match than are shown: `shown` of `total`. */
    candidatesHidden?: (shown: number, total: number) => string;
    /** Toast titles of the screen's changes (no success toast where absent). */
    added: string;
    /** The added toast's line: where the item went (none when absent). */
    addedAt?: (position: number | undefined) => string;
    addFailure: string;
    removed: string;
    removeFailure: string;
    moved?: string;
    moveFailure: string;
    /** The bulk actions' toasts, by how many items changed. */
    bulkDone: (count: number) => string;
    bulkUndone: (count: number) => string;
    bulkUnchanged: string;
  };
}

export const ORDERED_LIST: Record<OrderedList, OrderedListDefinition> = {
  featured: {
    flag: 'is_featured',
    position: 'featured_order',
    firstPosition: 0,
    limit: FEATURED_LIMIT,
    notInList: 'O item não está em destaque.',
    texts: {
      title: 'Gerenciar Destaques',
      switchLabel: 'Destaque',
      switchFailure: 'Não foi possível atualizar o destaque.',
      listHeading: (count) => `Em destaque (${count}/${FEATURED_LIMIT})`,
      listEmpty: 'Nenhum item em destaque ainda.',
      positionLabel: 'Posição',
      removeButton: 'Remover',
      candidatesTitle: 'Adicionar aos Destaques',
      addButton: 'Adicionar',
      candidatesEmpty: 'Nenhum item disponível.',
      added: 'Item adicionado aos destaques!',
      addFailure: 'Não foi possível adicionar aos destaques.',
      removed: 'Item removido dos destaques.',
      removeFailure: 'Não foi possível remover dos destaques.',
      moveFailure: MOVE_FAILED,
      bulkDone: (count) =>
        count === 1
          ? 'Item adicionado aos destaques!'
          : `${count} itens adicionados aos destaques!`,
      bulkUndone: (count) =>
        count === 1 ? 'Item removido dos destaques.' : `${count} itens removidos dos destaques.`,
      bulkUnchanged: 'Os itens selecionados já estavam em destaque.',
    },
  },
  pinned: {
    flag: 'is_pinned',
    position: 'pin_order',
    firstPosition: 1,
    limit: null,
    notInList: 'O item não está fixado no topo.',
    texts: {
      title: 'Ordenar Topo da Lista',
      switchLabel: 'Fixar no topo',
      switchFailure: 'Não foi possível atualizar o item.',
      listHeading: () => 'Fixados no topo',
      listEmpty: 'Nenhum item fixado no topo.',
      positionLabel: 'Posição no topo',
      removeButton: 'Remover do topo',
      candidatesTitle: 'Fixar itens',
      addButton: 'Fixar',
      candidatesEmpty: 'Todos os itens já estão fixados.',
      candidatesNotFound: 'Nenhum item encontrado.',
      candidatesHidden: (shown, total) =>
        `Mostrando ${shown} de ${total}. Busque pelo nome para encontrar os outros.`,
      added: 'Fixado no topo',
      addedAt: (position) => `Item fixado na posição #${position ?? ''}`,
      addFailure: 'Não foi possível fixar o item.',
      removed: 'Removido do topo',
      removeFailure: 'Não foi possível remover o item.',
      moved: 'Ordem atualizada',
      moveFailure: MOVE_FAILED,
      bulkDone: (count) => (count === 1 ? 'Fixado no topo' : `${count} itens fixados no topo`),
      bulkUndone: (count) =>
        count === 1 ? 'Removido do topo' : `${count} itens removidos do topo`,
      bulkUnchanged: 'Os itens selecionados já estavam fixados no topo.',
    },
  },
};

/** The lists' bulk actions: which list each one changes, and whether items go in or out. */
export const BULK_LIST_ACTIONS = {
  feature: { list: 'featured', included: true },
  unfeature: { list: 'featured', included: false },
  pin: { list: 'pinned', included: true },
  unpin: { list: 'pinned', included: false },
} as const satisfies Record<
  Exclude<ListingBulkAction, 'delete'>,
  { list: OrderedList; included: boolean }
>;

/** The bulk action that puts an item into (`included`) or takes it out of `list`. */
export function bulkListAction(list: OrderedList, included: boolean): ListingBulkAction {
  const [action] = Object.entries(BULK_LIST_ACTIONS).find(
    ([, it]) => it.list === list && it.included === included,
  ) as [ListingBulkAction, unknown];
  return action;
}
