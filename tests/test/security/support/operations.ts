// Every operation a caller can attempt over HTTP: each worker endpoint (the worker suite's list of
// admin endpoints plus the public and any-user ones), every table × select/insert/update/delete
// and every function under /rest/v1, and Auth's service-role user administration.
import { randomUUID } from 'node:crypto';
import {
  adminEndpoints,
  type Endpoint,
  type EndpointIds,
} from '@guia-fortim/api/testing/endpoints';
import { KIND_PATH, KINDS, validListing, validSlide } from '@guia-fortim/api/testing/fixtures';
import { reissuedToken } from '@guia-fortim/api/testing/tokens';
import type { ListingKind } from '@guia-fortim/domain';
import { api, type Caller, type Reply, type Store, supabase, type Table } from './callers.ts';
import { type ReviewFixture, reviewOperations } from './review-operations.ts';

export type Surface = 'worker' | 'rest' | 'rpc' | 'auth';

export type Operation = {
  /** Unique; the key of the matrix. */
  name: string;
  surface: Surface;
  /** For the worker: the request it sends (checked against the worker's router). */
  request?: { method: string; path: string };
  /** Status of an allowed call. */
  okStatus: number;
  /** Body of an allowed call, when it depends on the caller. */
  okBody?(caller: Caller): unknown;
  /** What an allowed call must change (moves and reads change nothing for certain). */
  changes?: Store;
  /** For selects: a row only privileged callers see (or, for 'own', someone else's). */
  probe?: { key: string; value: string };
  /** Message the database raises itself (Portuguese) when a signed-in caller is refused. */
  refusal?: string;
  /** The SQLSTATE of that refusal when it is not a missing permission (42501). */
  refusalCode?: string;
  send(caller: Caller): Promise<Reply>;
};

export type Fixture = EndpointIds & {
  /** Rows the /rest/v1 writes aim at, apart from the worker's. */
  rest: { listing: Record<ListingKind, string>; category: string; slide: string };
  hidden: { category: string; slide: string };
  /** Accounts whose roles the allowed calls change. */
  grantTarget: { email: string };
  rpcGrantTarget: { email: string };
  rpcRoleTarget: string;
  /** An account none of the callers is: its profile and roles belong to someone else. */
  otherId: string;
  adminId: string;
  /** Trash items the functions restore and purge (the worker's routes have their own). */
  rpcTrash: { restore: string; purge: string };
  /** A history entry of a live listing (its creation), for rpc restore_version. */
  rpcHistory: number;
  /** A listing's id, whose history only admins read. */
  historyRow: string;
  /** A listing with counts (listing statistics), which only admins read. */
  statsListing: string;
  imageUrl: string;
  /** Someone else's reviews (review-operations.ts). */
  reviews: ReviewFixture;
};

const TABLE_OF: Record<ListingKind, Table> = {
  hospedagem: 'hospedagens',
  comercio: 'comercios',
  passeio: 'passeios',
};

function changesOf(name: string, path: string): Store | undefined {
  // Moves may leave an item where it was.
  if (name.startsWith('mover') || name === 'estado da publicação') {
    return undefined;
  }
  if (name === 'enviar imagem') return 'r2';
  if (name === 'alterar função') return 'user_roles';
  if (path.startsWith('/api/trash')) return 'trash';
  // A version restored writes its own entry.
  if (path.startsWith('/api/history')) return 'audit_log';
  if (path.startsWith('/api/categories')) return 'categories';
  if (path.startsWith('/api/slides')) return 'carousel_slides';
  if (path.startsWith('/api/settings')) return 'site_settings';
  const kind = KINDS.find((k) => path.startsWith(KIND_PATH[k]));
  return kind && TABLE_OF[kind];
}

/** A worker operation: the one request it sends, with the caller's token. */
function workerOperation(
  endpoint: Endpoint,
  extra: Omit<Operation, 'name' | 'surface' | 'request' | 'send'>,
): Operation {
  return {
    name: endpoint.name,
    surface: 'worker',
    request: { method: endpoint.method, path: endpoint.path },
    send: (caller) =>
      api(endpoint.method, endpoint.path, {
        token: caller.token,
        json: endpoint.json,
        body: endpoint.form?.(),
      }),
    ...extra,
  };
}

function workerOperations(f: Fixture): Operation[] {
  const admin = adminEndpoints(f).map((endpoint) =>
    workerOperation(endpoint, {
      okStatus: endpoint.name.startsWith('criar') || endpoint.name === 'enviar imagem' ? 201 : 200,
      changes: changesOf(endpoint.name, endpoint.path),
    }),
  );
  return [
    ...admin,
    workerOperation(
      {
        name: 'conceder admin',
        method: 'POST',
        path: '/api/admin/grant',
        json: { email: f.grantTarget.email },
      },
      {
        okStatus: 200,
        changes: 'user_roles',
        refusal: 'Apenas administradores podem conceder acesso de admin a outros usuários.',
      },
    ),
    // Visitors' beacons are public; the counts they add reach the database seconds later.
    workerOperation(
      {
        name: 'registrar evento',
        method: 'POST',
        path: '/api/events',
        json: { kind: 'hospedagem', id: f.statsListing, event: 'view' },
      },
      { okStatus: 204 },
    ),
    workerOperation(
      { name: 'saúde', method: 'GET', path: '/health' },
      { okStatus: 200, okBody: () => ({ ok: true }) },
    ),
    workerOperation(
      { name: 'ler imagem', method: 'GET', path: new URL(f.imageUrl).pathname },
      { okStatus: 200 },
    ),
  ];
}

const REPRESENTATION = { Prefer: 'return=representation' };

const sqlRow = (kind: ListingKind) => ({ ...validListing(kind), phone: '5588999991234' });

type TableSpec = {
  table: Table;
  key: string;
  /** The row updates and deletes aim at (for 'own' tables: the caller's). */
  target(caller: Caller): string;
  insert(caller: Caller): Record<string, unknown>;
  update: Record<string, unknown>;
  probe?: string;
  /** Extra query and Prefer for the insert (site_settings is an upsert of fixed keys). */
  upsert?: string;
};

export function tableOperations(spec: TableSpec): Operation[] {
  const { table, key } = spec;
  const filter = (caller: Caller) => `${key}=eq.${encodeURIComponent(spec.target(caller))}`;
  return [
    {
      name: `select ${table}`,
      surface: 'rest',
      okStatus: 200,
      probe: spec.probe ? { key, value: spec.probe } : undefined,
      send: (caller) => supabase('GET', `/rest/v1/${table}?select=*`, caller.token),
    },
    {
      name: `insert ${table}`,
      surface: 'rest',
      okStatus: spec.upsert ? 200 : 201,
      changes: table,
      send: (caller) =>
        supabase(
          'POST',
          `/rest/v1/${table}${spec.upsert ? `?on_conflict=${spec.upsert}` : ''}`,
          caller.token,
          {
            json: spec.insert(caller),
            headers: spec.upsert
              ? { Prefer: 'resolution=merge-duplicates, return=representation' }
              : REPRESENTATION,
          },
        ),
    },
    {
      name: `update ${table}`,
      surface: 'rest',
      okStatus: 200,
      changes: table,
      send: (caller) =>
        supabase('PATCH', `/rest/v1/${table}?${filter(caller)}`, caller.token, {
          json: spec.update,
          headers: REPRESENTATION,
        }),
    },
    {
      name: `delete ${table}`,
      surface: 'rest',
      okStatus: 200,
      changes: table,
      send: (caller) =>
        supabase('DELETE', `/rest/v1/${table}?${filter(caller)}`, caller.token, {
          headers: REPRESENTATION,
        }),
    },
  ];
}

function restOperations(f: Fixture): Operation[] {
  const listings = KINDS.flatMap((kind) =>
    tableOperations({
      table: TABLE_OF[kind],
      key: 'id',
      target: () => f.rest.listing[kind],
      insert: () => sqlRow(kind),
      update: { name: `Editado via REST ${kind}` },
    }),
  );
  return [
    ...listings,
    ...tableOperations({
      table: 'categories',
      key: 'id',
      target: () => f.rest.category,
      insert: () => ({ name: `Categoria REST ${randomUUID().slice(0, 8)}`, type: 'passeio' }),
      update: { name: 'Renomeada via REST' },
      probe: f.hidden.category,
    }),
    ...tableOperations({
      table: 'carousel_slides',
      key: 'id',
      target: () => f.rest.slide,
      insert: () => validSlide(),
      update: { title: 'Título via REST' },
      probe: f.hidden.slide,
    }),
    ...tableOperations({
      table: 'site_settings',
      key: 'setting_key',
      target: () => 'contact_email',
      insert: () => ({ setting_key: 'contact_phone', setting_value: '+55 (88) 91111-2222' }),
      update: { setting_value: 'invasor@testes.local' },
      upsert: 'setting_key',
    }),
    // The trash and the history: admins read them, nobody writes them through the API.
    ...tableOperations({
      table: 'trash',
      key: 'id',
      target: () => f.rpcTrash.purge,
      insert: () => ({ table_name: 'hospedagens', row_id: randomUUID(), data: {} }),
      update: { label: 'Forjado' },
      probe: f.rpcTrash.purge,
    }),
    ...tableOperations({
      table: 'audit_log',
      key: 'row_id',
      target: () => f.historyRow,
      insert: () => ({ table_name: 'hospedagens', row_id: randomUUID(), action: 'insert' }),
      update: { label: 'Forjado' },
      probe: f.historyRow,
    }),
    // Listing statistics: admins read them; nobody writes them but the worker's ingest key.
    ...tableOperations({
      table: 'listing_stats',
      key: 'listing_id',
      target: () => f.statsListing,
      insert: () => ({
        kind: 'hospedagem',
        listing_id: f.statsListing,
        day: '2026-01-01',
        event: 'view',
        count: 1000,
      }),
      update: { count: 1000 },
      probe: f.statsListing,
    }),
    ...tableOperations({
      table: 'listing_daily_stats',
      key: 'listing_id',
      target: () => f.statsListing,
      insert: () => ({ listing_id: f.statsListing, views: 1000 }),
      update: { views: 1000 },
      probe: f.statsListing,
    }),
    ...tableOperations({
      table: 'listing_names',
      key: 'id',
      target: () => f.statsListing,
      insert: () => ({ kind: 'hospedagem', id: randomUUID(), name: 'Forjado' }),
      update: { name: 'Forjado' },
    }),
    // A profile or role row that belongs to someone else.
    ...tableOperations({
      table: 'profiles',
      key: 'id',
      target: () => f.otherId,
      insert: (caller) => ({ id: caller.id, full_name: 'Intruso' }),
      update: { full_name: 'Perfil alheio' },
      probe: f.otherId,
    }),
    {
      name: 'update profiles (o próprio)',
      surface: 'rest',
      okStatus: 200,
      changes: 'profiles',
      send: (caller) =>
        supabase('PATCH', `/rest/v1/profiles?id=eq.${caller.id}`, caller.token, {
          json: { full_name: `Nome de ${caller.name}` },
          headers: REPRESENTATION,
        }),
    },
    // Favourites: each account's own, saved from the browser; another account's stay out of
    // reach (`f.otherId` has one), whatever the caller's role.
    ...tableOperations({
      table: 'favorites',
      key: 'user_id',
      target: () => f.otherId,
      insert: () => ({ listing_kind: 'passeio', listing_id: randomUUID() }),
      update: { listing_id: randomUUID() },
      probe: f.otherId,
    }),
    {
      name: 'delete favorites (os próprios)',
      surface: 'rest',
      okStatus: 200,
      changes: 'favorites',
      send: (caller) =>
        supabase('DELETE', `/rest/v1/favorites?user_id=eq.${caller.id}`, caller.token, {
          headers: REPRESENTATION,
        }),
    },
    // Making oneself an administrator by writing the role table directly.
    ...tableOperations({
      table: 'user_roles',
      key: 'user_id',
      target: (caller) => caller.id,
      insert: (caller) => ({ user_id: caller.id, role: 'admin' }),
      update: { role: 'admin' },
      probe: f.otherId,
    }),
  ];
}

const ADMIN_ONLY_SQL = 'Apenas administradores podem realizar esta operação.';

function rpc(
  name: string,
  args: Record<string, unknown>,
  extra: Partial<Operation> = {},
): Operation {
  return {
    name: `rpc ${name}`,
    surface: 'rpc',
    okStatus: 200,
    send: (caller) => supabase('POST', `/rest/v1/rpc/${name}`, caller.token, { json: args }),
    ...extra,
  };
}

/** The pinned list's calls of an ordered-list function are a row of their own. */
const listName = (fn: string, list: 'featured' | 'pinned') =>
  list === 'pinned' ? { name: `rpc ${fn} (pinned)` } : {};

function rpcOperations(f: Fixture): Operation[] {
  const item = f.rest.listing.hospedagem;
  return [
    rpc(
      'has_role',
      { _user_id: f.adminId, _role: 'admin' },
      { okBody: () => true, refusal: 'Você só pode consultar as suas próprias funções.' },
    ),
    {
      ...rpc('has_role', {}),
      name: 'rpc has_role (o próprio)',
      send: (caller) =>
        supabase('POST', '/rest/v1/rpc/has_role', caller.token, {
          json: { _user_id: caller.id, _role: 'admin' },
        }),
      okBody: (caller) => caller.name === 'admin',
    },
    rpc('is_admin', {}, { okBody: (caller) => caller.name === 'admin' }),
    rpc('is_staff', {}, { okBody: (caller) => ['moderator', 'admin'].includes(caller.name) }),
    rpc('own_session_is_live', {}, { okBody: () => true }),
    rpc(
      'admin_access',
      {},
      {
        okBody: (caller) =>
          caller.name === 'admin' || caller.name === 'moderator' ? caller.name : 'not_admin',
      },
    ),
    rpc('username_available', { username: 'ninguem.usa.este' }, { okBody: () => true }),
    {
      ...rpc('delete_own_account', {}),
      // Only a session started minutes ago (the password just confirmed) may delete its account:
      // each caller sends its genuine token, re-signed to name a session that is not live.
      send: async (caller) =>
        supabase(
          'POST',
          '/rest/v1/rpc/delete_own_account',
          caller.token && (await reissuedToken(caller.token, { session_id: randomUUID() })),
          { json: {} },
        ),
      refusal: 'Confirme sua senha para excluir a conta.',
    },
    rpc(
      'grant_admin_access',
      { user_email: f.rpcGrantTarget.email },
      {
        okStatus: 204,
        changes: 'user_roles',
        refusal:
          'forbidden: apenas administradores podem conceder acesso de admin a outros usuários.',
      },
    ),
    rpc(
      'set_user_role',
      { user_id: f.rpcRoleTarget, new_role: 'moderator' },
      {
        okStatus: 204,
        changes: 'user_roles',
        refusal: 'Apenas administradores podem alterar funções de usuários.',
      },
    ),
    // One row per list: the featured one under the function's own name.
    ...(['featured', 'pinned'] as const).flatMap((list) => [
      {
        ...rpc(
          'set_in_list',
          { list, kind: 'hospedagem', item_id: item, included: true },
          { changes: 'hospedagens', refusal: ADMIN_ONLY_SQL },
        ),
        ...listName('set_in_list', list),
      },
      {
        ...rpc(
          'move_in_list',
          {
            list,
            kind: 'hospedagem',
            item_id: item,
            direction: list === 'featured' ? 'up' : 'down',
          },
          { refusal: ADMIN_ONLY_SQL },
        ),
        ...listName('move_in_list', list),
      },
    ]),
    // After set_in_list above: taking the item out again changes it.
    ...(['featured', 'pinned'] as const).map((list) => ({
      ...rpc(
        'bulk_set_in_list',
        { list, kind: 'hospedagem', item_ids: [item], included: false },
        { changes: 'hospedagens', refusal: ADMIN_ONLY_SQL },
      ),
      ...listName('bulk_set_in_list', list),
    })),
    rpc(
      'move_category',
      { category_id: f.rest.category, direction: 'down' },
      { refusal: ADMIN_ONLY_SQL },
    ),
    rpc(
      'restore_from_trash',
      { trash_id: f.rpcTrash.restore },
      { changes: 'trash', refusal: ADMIN_ONLY_SQL },
    ),
    rpc(
      'purge_from_trash',
      { trash_id: f.rpcTrash.purge },
      { changes: 'trash', refusal: ADMIN_ONLY_SQL },
    ),
    rpc('purge_expired', {}, { refusal: ADMIN_ONLY_SQL }),
    rpc(
      'restore_version',
      { entry_id: f.rpcHistory },
      { changes: 'audit_log', refusal: ADMIN_ONLY_SQL },
    ),
    rpc('images_in_use', { urls: [f.imageUrl] }, { okBody: () => [], refusal: ADMIN_ONLY_SQL }),
    rpc('referenced_images', {}, { refusal: ADMIN_ONLY_SQL }),
    rpc('listing_ranking', { p_days: 30 }, { probe: { key: 'listing_id', value: f.statsListing } }),
    rpc('site_version', {}),
    rpc(
      'user_emails',
      { user_ids: [f.otherId] },
      { probe: { key: 'user_id', value: f.otherId }, refusal: ADMIN_ONLY_SQL },
    ),
    // Without the worker's ingest key nobody adds counts, an admin included.
    rpc(
      'record_listing_events',
      {
        p_key: `forjada-${randomUUID()}`,
        p_counts: [
          { kind: 'hospedagem', id: f.statsListing, day: '2026-01-01', event: 'view', count: 1 },
        ],
      },
      { refusal: 'Chave de eventos inválida.' },
    ),
    rpc(
      'set_stats_ingest_key',
      { p_key: `forjada-${randomUUID()}` },
      { refusal: 'permission denied for function set_stats_ingest_key' },
    ),
    // Without the photo sweep's key nobody learns which photos nothing shows, an admin included.
    rpc(
      'unreferenced_images',
      { p_key: `forjada-${randomUUID()}`, p_urls: [f.imageUrl] },
      { refusal: 'Chave da varredura de fotos inválida.' },
    ),
    rpc(
      'set_image_sweep_key',
      { p_key: `forjada-${randomUUID()}` },
      { refusal: 'permission denied for function set_image_sweep_key' },
    ),
    // The helpers' schema is not exposed: naming it is refused before any function runs.
    {
      name: 'rpc private.caller_is_admin',
      surface: 'rest',
      okStatus: 200,
      send: (caller) =>
        supabase('POST', '/rest/v1/rpc/caller_is_admin', caller.token, {
          json: {},
          headers: { 'Content-Profile': 'private' },
        }),
    },
    {
      name: 'select auth.users',
      surface: 'rest',
      okStatus: 200,
      send: (caller) =>
        supabase('GET', '/rest/v1/users?select=*', caller.token, {
          headers: { 'Accept-Profile': 'auth' },
        }),
    },
  ];
}

function authOperations(f: Fixture): Operation[] {
  const call = (method: string, path: string, json?: unknown) => (caller: Caller) =>
    supabase(method, `/auth/v1/admin/users${path}`, caller.token, { json });
  return [
    { name: 'auth: listar contas', send: call('GET', '') },
    { name: 'auth: ler conta', send: call('GET', `/${f.adminId}`) },
    {
      name: 'auth: criar conta',
      send: call('POST', '', {
        email: `criada-${randomUUID()}@testes.local`,
        password: 'senha-forte-123',
        email_confirm: true,
      }),
    },
    {
      name: 'auth: trocar senha de outra conta',
      send: call('PUT', `/${f.adminId}`, { password: 'senha-tomada-123' }),
    },
    { name: 'auth: excluir conta', send: call('DELETE', `/${f.rpcRoleTarget}`) },
  ].map((op) => ({ ...op, surface: 'auth' as const, okStatus: 200, changes: 'users' as const }));
}

export function operations(f: Fixture): Operation[] {
  return [
    ...workerOperations(f),
    ...restOperations(f),
    ...rpcOperations(f),
    ...authOperations(f),
    ...reviewOperations(f.reviews),
  ];
}
