import {
  type AppRole,
  categoryField,
  kindOfResource,
  LISTING_RESOURCES,
  type ListingBulkAction,
  type ListingResource,
  type Moderation,
  type MoveDirection,
  type OrderedList,
  PUBLIC_ORDER_COLUMNS,
  type PublishState,
  STATS_RANKING_SIZE,
  type TrashItem,
  type TrashTable,
} from '@guia-fortim/domain';
import type { ClientResponse } from 'hono/client';
import { supabaseDataProvider } from 'ra-supabase';
import type { DataProvider, GetListParams, Identifier, SortPayload } from 'react-admin';
import { ApiError, answer, worker } from './api.ts';
import { panelConfig } from './config.ts';
import { CATEGORIES, REVIEWS, SLIDES, storedTableOf, TRASH, tableOf } from './resources.ts';
import type { ListingRankingRow } from './stats/statsData.ts';
import { supabase } from './supabase.ts';

/**
 * Reads go to PostgREST; every write goes to the worker's route for the resource. A generic
 * create, update or delete carries the form's values, which the form checked with the same
 * schema the route checks, so the body is not typed here; every other call below is.
 */
function writer(resource: string) {
  const routes = worker().api;
  switch (resource) {
    case 'hospedagens':
      return routes.hospedagens;
    case 'comercios':
      return routes.comercios;
    case 'passeios':
      return routes.passeios;
    case CATEGORIES:
      return routes.categories;
    case SLIDES:
      return routes.slides;
    case REVIEWS:
      return routes.reviews;
    default:
      throw new Error(`Recurso sem escrita no painel: ${resource}`);
  }
}

const byId = (id: Identifier) => ({ param: { id: String(id) } });

/** A generic write's answer: the row as the worker wrote it (or nothing, for some updates). */
const rowOf = (request: Promise<ClientResponse<unknown, number, string>>) =>
  answer(request) as Promise<Record<string, unknown> | null>;

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
  /** Puts a listing into (`included`) or out of one of its kind's ordered lists. */
  setInList(
    list: OrderedList,
    kind: ListingResource,
    id: string,
    included: boolean,
  ): Promise<unknown>;
  /** Moves a listing one place up or down in its list. */
  moveInList(
    list: OrderedList,
    kind: ListingResource,
    id: string,
    direction: MoveDirection,
  ): Promise<unknown>;
  /**
   * A bulk action on several listings of `kind` (one request, all or nothing for the orderings);
   * the ids that changed, in the order given.
   */
  bulkListings(
    kind: ListingResource,
    action: ListingBulkAction,
    ids: readonly Identifier[],
  ): Promise<string[]>;
  /** 'Aprovar' or 'Rejeitar' (with the reason the author reads) a visitor's review. */
  moderateReview(id: Identifier, decision: Moderation): Promise<unknown>;
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
    const field = categoryField(kindOfResource(resource));
    if (field.type === 'categories') filter[`${field.column}@cs`] = `{${quoted(category)}}`;
    else filter[field.column] = category;
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
    const data = await rowOf(writer(resource).$post({ json: params.data as never }));
    return { data: { ...params.data, ...data } as never };
  },
  /** `meta: { quick: true }` is a listing's 'Edição rápida' (rating, price): its own path. */
  async update(resource, params) {
    const body = { ...byId(params.id), json: params.data as never };
    const data = await rowOf(
      params.meta?.quick === true && isListingResource(resource)
        ? worker().api[resource][':id'].quick.$patch(body)
        : writer(resource)[':id'].$patch(body),
    );
    return { data: { ...params.data, ...(data ?? {}), id: params.id } as never };
  },
  async updateMany(resource, params) {
    for (const id of params.ids) {
      await rowOf(writer(resource)[':id'].$patch({ ...byId(id), json: params.data as never }));
    }
    return { data: params.ids };
  },
  /** Listings, categories, slides and reviews go to the trash; deleting from the trash is for good. */
  async delete(resource, params) {
    if (resource === TRASH) await dataProvider.purgeFromTrash(params.id);
    else await rowOf(writer(resource)[':id'].$delete(byId(params.id)));
    return { data: (params.previousData ?? { id: params.id }) as never };
  },
  async deleteMany(resource, params) {
    for (const id of params.ids) {
      await rowOf(writer(resource)[':id'].$delete(byId(id)));
    }
    return { data: params.ids };
  },
  setInList: (list, kind, id, included) =>
    answer(
      worker().api[kind][':id'].lists[':list'].$post({ param: { id, list }, json: { included } }),
    ),
  moveInList: (list, kind, id, direction) =>
    answer(
      worker().api[kind][':id'].lists[':list'].move.$post({
        param: { id, list },
        json: { direction },
      }),
    ),
  async bulkListings(kind, action, ids) {
    const { ids: changed } = await answer(
      worker().api[kind].bulk.$post({ json: { action, ids: ids.map(String) } }),
    );
    return changed;
  },
  moderateReview: (id, decision) =>
    answer(worker().api.reviews[':id'].moderation.$post({ ...byId(id), json: decision })),
  restoreFromTrash: (trashId) => answer(worker().api.trash[':id'].restore.$post(byId(trashId))),
  async restoreDeleted(resource, ids) {
    // The delete's trigger wrote each row's trash item in the delete's own transaction.
    const { data } = await reads.getList<TrashItem>(tableOf(TRASH), {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'deleted_at', order: 'DESC' },
      filter: { table_name: storedTableOf(resource), 'row_id@in': `(${ids.join(',')})` },
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
  purgeFromTrash: (trashId) => answer(worker().api.trash[':id'].$delete(byId(trashId))),
  restoreVersion: (entryId) => answer(worker().api.history[':id'].restore.$post(byId(entryId))),
  moveCategory: (id, direction) =>
    answer(worker().api.categories[':id'].move.$post({ ...byId(id), json: { direction } })),
  saveSettings: (values) => answer(worker().api.settings.$put({ json: values })),
  setRole: (userId, role) =>
    answer(worker().api.users[':id'].role.$put({ param: { id: userId }, json: { role } })),
  grantAdmin: (email) => answer(worker().api.admin.grant.$post({ json: { email } })),
  publishState: () => answer(worker().api.publish.$get()),
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
