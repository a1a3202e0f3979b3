import {
  type AppRole,
  LISTING_RESOURCES,
  type ListingBulkAction,
  type ListingResource,
  PUBLIC_ORDER_COLUMNS,
  type PublishState,
  STATS_RANKING_SIZE,
  type TrashItem,
  type TrashTable,
} from '@guia-fortim/domain';
import { supabaseDataProvider } from 'ra-supabase';
import type { DataProvider, GetListParams, Identifier, SortPayload } from 'react-admin';
import { ApiError, api } from './api.ts';
import { panelConfig } from './config.ts';
import { CATEGORIES, SLIDES, TRASH, tableOf } from './resources.ts';
import type { ListingRankingRow } from './stats/statsData.ts';
import { supabase } from './supabase.ts';

/** Reads go to PostgREST; every write goes to the worker under these paths. */
const WRITE_PATHS: Record<string, string> = {
  hospedagens: '/hospedagens',
  comercios: '/comercios',
  passeios: '/passeios',
  [CATEGORIES]: '/categories',
  [SLIDES]: '/slides',
};

function writePath(resource: string): string {
  const path = WRITE_PATHS[resource];
  if (!path) throw new Error(`Recurso sem escrita no painel: ${resource}`);
  return path;
}

/** What the panel's publish indicator shows. */
export type PublishIndicatorState = 'up_to_date' | 'building' | 'failed' | 'unknown';

/** The worker's answer to 'Restaurar': the row is back; notices say what did not return as it was. */
export interface RestoredFromTrash {
  table_name: TrashTable;
  id: string;
  notices: string[];
}

/** One row a 'Desfazer' brought back from the trash. */
export interface RestoredDeleted {
  item: TrashItem;
  notices: string[];
}

export interface AdminDataProvider extends DataProvider {
  setFeatured(kind: ListingResource, id: string, featured: boolean): Promise<unknown>;
  moveFeatured(kind: ListingResource, id: string, direction: 'up' | 'down'): Promise<unknown>;
  setPinned(kind: ListingResource, id: string, pinned: boolean): Promise<unknown>;
  movePinned(kind: ListingResource, id: string, direction: 'up' | 'down'): Promise<unknown>;
  /**
   * A bulk action on several listings of `kind` (one request, all or nothing for the orderings);
   * the ids that changed, in the order given.
   */
  bulkListings(
    kind: ListingResource,
    action: ListingBulkAction,
    ids: readonly Identifier[],
  ): Promise<string[]>;
  /** 'Restaurar' in the Lixeira: the item goes back where it was. */
  restoreFromTrash(trashId: Identifier): Promise<RestoredFromTrash>;
  /**
   * 'Desfazer' after a delete: the Lixeira's 'Restaurar' for each of these rows of `resource`
   * (its newest trash item), one after another; what came back and what did not return as it was.
   */
  restoreDeleted(resource: string, ids: readonly Identifier[]): Promise<RestoredDeleted[]>;
  /** 'Excluir definitivamente': the item and its photos are gone for good. */
  purgeFromTrash(trashId: Identifier): Promise<{ table_name: TrashTable; id: string }>;
  /** 'Restaurar esta versão': the row takes the values a history entry recorded; the row as now. */
  restoreVersion(entryId: Identifier): Promise<Record<string, unknown>>;
  /** A category one place up or down in its type (the order its lists and the site follow). */
  moveCategory(id: Identifier, direction: 'up' | 'down'): Promise<unknown>;
  saveSettings(values: Record<string, string>): Promise<unknown>;
  setRole(userId: string, role: AppRole): Promise<unknown>;
  grantAdmin(email: string): Promise<unknown>;
  publishState(): Promise<PublishState>;
  /**
   * 'Mais procurados': the listings with the most WhatsApp contacts in the last `days` days (then
   * the most views), read from the database's listing_ranking (admins only), at most `size`.
   */
  listingRanking(days: number, size?: number): Promise<ListingRankingRow[]>;
  /** 'Funções': each of these users' e-mail, by id (the database's user_emails, admins only). */
  userEmails(userIds: readonly string[]): Promise<Map<string, string>>;
}

const reads = supabaseDataProvider({
  instanceUrl: panelConfig().supabaseUrl,
  apiKey: panelConfig().publishableKey,
  supabaseClient: supabase,
  // Tables whose key is not `id`; their rows get it as their react-admin id.
  primaryKeys: new Map([['site_settings', ['setting_key']]]),
});

/** The search filter kept in a list's URL as `q`: 'Buscar por nome', 'Pesquisar por nome ou usuário'. */
export const NAME_SEARCH = 'q';
/** The listing lists' default sort: the public order (pinned first, then the newest). */
export const PUBLIC_ORDER = 'ordem_publica';

/** The columns a resource's search looks in (case-insensitive substring, on the server). */
const SEARCH_COLUMNS: Record<string, string[]> = {
  ...Object.fromEntries(LISTING_RESOURCES.map((resource) => [resource, ['name']])),
  profiles: ['full_name', 'username'],
};

const isListingResource = (resource: string): resource is ListingResource =>
  (LISTING_RESOURCES as readonly string[]).includes(resource);

/** A PostgreSQL regular expression that matches the typed text literally. */
function literalPattern(text: string): string {
  return text.trim().replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

/**
 * ra-data-postgrest writes one `order=${field}.${direction}`: the columns before the last go into
 * the field with their own direction. The id comes last, so that rows with equal values keep
 * their place from one page to the next.
 */
function listingSort({ field, order }: SortPayload): SortPayload {
  const columns: [string, boolean][] =
    field === PUBLIC_ORDER
      ? PUBLIC_ORDER_COLUMNS.map(({ column, ascending }) => [column, ascending])
      : [[field, order === 'ASC']];
  if (field !== 'id') columns.push(['id', true]);
  const [lastColumn, lastAscending] = columns.pop() as [string, boolean];
  return {
    field: [...columns.map(([column, up]) => `${column}.${up ? 'asc' : 'desc'}`), lastColumn].join(
      ',',
    ),
    order: lastAscending ? 'ASC' : 'DESC',
  };
}

/**
 * A value inside PostgREST's or=(…), where commas and parentheses would end it, or an item of an
 * array literal {…} (a category's name may hold commas and quotes).
 */
const quoted = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The search as PostgREST filters: one column directly, several joined by `or`. */
function searchFilter(params: GetListParams, columns: string[]): GetListParams {
  const { [NAME_SEARCH]: search, ...filter } = params.filter ?? {};
  if (typeof search === 'string' && search.trim() !== '') {
    const pattern = literalPattern(search);
    const [column] = columns;
    if (columns.length === 1) filter[`${column}@imatch`] = pattern;
    else {
      filter['@or'] = Object.fromEntries(
        columns.map((name) => [`${name}@imatch`, quoted(pattern)]),
      );
    }
  }
  return { ...params, filter };
}

/** The lists' filters kept in the address besides the search (`is_featured`, `is_pinned` are columns). */
export const CATEGORY_FILTER = 'categoria';
export const EXTRA_PHOTOS_FILTER = 'fotos_extras';

/**
 * The category and extra-photos filters as PostgREST filters: lodging holds a list of categories
 * (`categorias` contains it), the others one (`categoria` equals it); extra photos are the gallery
 * beside the main photo, which every listing has.
 */
function listingFilter(
  resource: ListingResource,
  {
    [CATEGORY_FILTER]: category,
    [EXTRA_PHOTOS_FILTER]: photos,
    ...filter
  }: Record<string, unknown>,
): Record<string, unknown> {
  if (typeof category === 'string' && category !== '') {
    if (resource === 'hospedagens') filter['categorias@cs'] = `{${quoted(category)}}`;
    else filter.categoria = category;
  }
  if (photos === 'com') filter['additional_images@neq'] = '{}';
  if (photos === 'sem') filter['additional_images@eq'] = '{}';
  return filter;
}

/** Listings are filtered and sorted on the server, by default in the public order. */
function listingListParams(resource: ListingResource, params: GetListParams): GetListParams {
  return {
    ...params,
    filter: listingFilter(resource, params.filter ?? {}),
    sort: listingSort(params.sort ?? { field: PUBLIC_ORDER, order: 'ASC' }),
  };
}

export const dataProvider: AdminDataProvider = {
  ...reads,
  getList(resource, params) {
    const columns = SEARCH_COLUMNS[resource];
    const searched = columns ? searchFilter(params, columns) : params;
    return reads.getList(
      tableOf(resource),
      isListingResource(resource) ? listingListParams(resource, searched) : searched,
    );
  },
  getOne: (resource, params) => reads.getOne(tableOf(resource), params),
  getMany: (resource, params) => reads.getMany(tableOf(resource), params),
  getManyReference: (resource, params) => reads.getManyReference(tableOf(resource), params),
  async create(resource, params) {
    const data = await api<Record<string, unknown>>('POST', writePath(resource), params.data);
    return { data: { ...params.data, ...data } as never };
  },
  /** `meta: { quick: true }` is a listing's 'Edição rápida' (rating, price): its own path. */
  async update(resource, params) {
    const path = `${writePath(resource)}/${encodeURIComponent(String(params.id))}`;
    const data = await api<Record<string, unknown> | null>(
      'PATCH',
      params.meta?.quick === true && isListingResource(resource) ? `${path}/quick` : path,
      params.data,
    );
    return { data: { ...params.data, ...(data ?? {}), id: params.id } as never };
  },
  async updateMany(resource, params) {
    for (const id of params.ids) {
      await api('PATCH', `${writePath(resource)}/${encodeURIComponent(String(id))}`, params.data);
    }
    return { data: params.ids };
  },
  /** Listings, categories and slides go to the trash; deleting from the trash is for good. */
  async delete(resource, params) {
    if (resource === TRASH) await dataProvider.purgeFromTrash(params.id);
    else await api('DELETE', `${writePath(resource)}/${encodeURIComponent(String(params.id))}`);
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) {
      await api('DELETE', `${writePath(resource)}/${encodeURIComponent(String(id))}`);
    }
    return { data: params.ids };
  },
  setFeatured: (kind, id, featured) => api('POST', `/${kind}/${id}/featured`, { featured }),
  moveFeatured: (kind, id, direction) => api('POST', `/${kind}/${id}/featured/move`, { direction }),
  setPinned: (kind, id, pinned) => api('POST', `/${kind}/${id}/pinned`, { pinned }),
  movePinned: (kind, id, direction) => api('POST', `/${kind}/${id}/pinned/move`, { direction }),
  async bulkListings(kind, action, ids) {
    const { ids: changed } = await api<{ ids: string[] }>('POST', `/${kind}/bulk`, { action, ids });
    return changed;
  },
  restoreFromTrash: (trashId) =>
    api('POST', `/trash/${encodeURIComponent(String(trashId))}/restore`),
  async restoreDeleted(resource, ids) {
    // The delete's trigger wrote each row's trash item in the delete's own transaction.
    const { data } = await reads.getList<TrashItem>(tableOf(TRASH), {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'deleted_at', order: 'DESC' },
      filter: { table_name: tableOf(resource), 'row_id@in': `(${ids.join(',')})` },
    });
    const items = ids.map((id) => data.find((item) => item.row_id === String(id)));
    if (items.some((item) => item === undefined)) {
      throw new ApiError('O item não está mais na lixeira.', 404, 'not_found');
    }
    const restored: RestoredDeleted[] = [];
    for (const item of items as TrashItem[]) {
      const { notices } = await dataProvider.restoreFromTrash(item.id);
      restored.push({ item, notices });
    }
    return restored;
  },
  purgeFromTrash: (trashId) => api('DELETE', `/trash/${encodeURIComponent(String(trashId))}`),
  restoreVersion: (entryId) =>
    api('POST', `/history/${encodeURIComponent(String(entryId))}/restore`),
  moveCategory: (id, direction) =>
    api('POST', `/categories/${encodeURIComponent(String(id))}/move`, { direction }),
  saveSettings: (values) => api('PUT', '/settings', values),
  setRole: (userId, role) => api('PUT', `/users/${encodeURIComponent(userId)}/role`, { role }),
  grantAdmin: (email) => api('POST', '/admin/grant', { email }),
  publishState: () => api<PublishState>('GET', '/publish'),
  async listingRanking(days, size = STATS_RANKING_SIZE) {
    const { data, error, status } = await supabase
      .rpc('listing_ranking', { p_days: days })
      .limit(size);
    if (error) throw Object.assign(new Error(error.message), { status });
    return (data ?? []) as ListingRankingRow[];
  },
  async userEmails(userIds) {
    const { data, error, status } = await supabase.rpc('user_emails', { user_ids: userIds });
    if (error) throw Object.assign(new Error(error.message), { status });
    const rows = (data ?? []) as { user_id: string; email: string | null }[];
    return new Map(rows.map((row) => [row.user_id, row.email ?? '']));
  },
};

/** What the indicator shows for the worker's publish state, or for whatever else came back. */
export function publishStateOf(body: unknown): PublishIndicatorState {
  const record = (body && typeof body === 'object' ? body : {}) as Partial<PublishState>;
  const state = record.state;
  if (state === 'failed') return 'failed';
  if (state === 'requested' || state === 'building' || record.pending === true) return 'building';
  if (state === 'live' || state === 'idle') return 'up_to_date';
  return 'unknown';
}
