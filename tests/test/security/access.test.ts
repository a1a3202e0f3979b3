// The access matrix end to end over HTTP: five callers against every worker endpoint, every table
// and function under /rest/v1 and Auth's service-role endpoints. One table says what each caller
// gets; every refusal is checked for its status, code and message, and for having changed nothing.

import { randomUUID } from 'node:crypto';
import { newUser, PORTUGUESE_401, PORTUGUESE_403, rows } from '@guia-fortim/api/testing/client';
import { TINY_PNG } from '@guia-fortim/api/testing/endpoints';
import { KIND_PATH, KINDS, validListing, validSlide } from '@guia-fortim/api/testing/fixtures';
import { type ListingKind, statsDay } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  CALLER_NAMES,
  type Caller,
  type CallerName,
  makeCallers,
  type Reply,
  read,
  snapshot,
  stack,
  supabase,
} from './support/callers.ts';
import { type Fixture, type Operation, operations } from './support/operations.ts';
import { reviewFixture } from './support/review-operations.ts';
import { routeName, routeOf, workerRoutes } from './support/routes.ts';

/**
 * ok — allowed (an allowed write changes its table); hidden — row-level security hides the rows:
 * 200 with no rows, nothing changed; public — a select without the rows only admins see; own —
 * a select of the caller's own rows only; a status — refused.
 */
type Verdict = 'ok' | 'hidden' | 'public' | 'own' | '400' | '401' | '403' | '404' | '406';
type Row = Record<CallerName, Verdict>;

const row = (...verdicts: Verdict[]): Row =>
  Object.fromEntries(CALLER_NAMES.map((name, i) => [name, verdicts[i]])) as Row;

// Derived from the roles' rules (visitors see public pages, users have no rights beyond their own
// account, moderators manage content, only an admin manages roles, settings and the trash's purge;
// granting admin is enforced by the server) and the migrations (grants + row-level security; roles
// change only through functions). Columns: anon, user, moderator, removedAdmin, admin.
const ADMIN_ONLY = row('401', '403', '403', '403', 'ok');
const STAFF = row('401', '403', 'ok', '403', 'ok');
const STAFF_RLS_WRITE = row('401', 'hidden', 'ok', 'hidden', 'ok');
const ACTIVE_ONLY_UNLESS_STAFF = row('public', 'public', 'ok', 'public', 'ok');
const STAFF_READS = row('401', 'hidden', 'ok', 'hidden', 'ok');
const EVERYONE = row('ok', 'ok', 'ok', 'ok', 'ok');
const RLS_WRITE = row('401', 'hidden', 'hidden', 'hidden', 'ok');
const OWN_UNLESS_ADMIN = row('401', 'own', 'own', 'own', 'ok');
const SIGNED_IN = row('401', 'ok', 'ok', 'ok', 'ok');
const NOBODY_SIGNED_IN = row('401', '403', '403', '403', '403');
const OWN_ONLY = row('401', 'hidden', 'hidden', 'hidden', 'hidden');
const NOT_EXPOSED = row('406', '406', '406', '406', '406');
const SERVICE_ROLE_ONLY = row('403', '403', '403', '403', '403');
// Someone else's review is not found for anyone but its author (and the staff, who delete it).
const NOT_FOUND_SIGNED_IN = row('401', '404', '404', '404', '404');
const STAFF_ELSE_NOT_FOUND = row('401', '404', 'ok', '404', 'ok');
const STAFF_ELSE_NOT_FOUND_SQL = row('401', '400', 'ok', '400', 'ok');

// Visitors' reviews (the author's own calls: workers/api/test/reviews.test.ts).
const REVIEW_ROWS: Record<string, Row> = {
  'enviar avaliação': SIGNED_IN,
  'editar avaliação': NOT_FOUND_SIGNED_IN,
  'denunciar avaliação': SIGNED_IN,
  'moderar avaliação': STAFF,
  'excluir avaliação': STAFF_ELSE_NOT_FOUND,
  'select reviews': STAFF_READS,
  'insert reviews': NOBODY_SIGNED_IN,
  'update reviews': NOBODY_SIGNED_IN,
  'delete reviews': NOBODY_SIGNED_IN,
  'select published_reviews': EVERYONE,
  'insert published_reviews': NOBODY_SIGNED_IN,
  'update published_reviews': NOBODY_SIGNED_IN,
  'delete published_reviews': NOBODY_SIGNED_IN,
  'select review_queue': STAFF_READS,
  'insert review_queue': NOBODY_SIGNED_IN,
  'update review_queue': NOBODY_SIGNED_IN,
  'delete review_queue': NOBODY_SIGNED_IN,
  // without the worker's key (REVIEW_KEY) no visitor's write is taken, whoever calls
  'rpc submit_review': NOBODY_SIGNED_IN,
  'rpc edit_review': NOBODY_SIGNED_IN,
  'rpc report_review': NOBODY_SIGNED_IN,
  'rpc moderate_review': STAFF,
  'rpc delete_review': STAFF_ELSE_NOT_FOUND_SQL,
  'rpc set_review_key': NOBODY_SIGNED_IN,
};

const listingRows = (kind: ListingKind, table: string): Record<string, Row> => ({
  [`criar ${kind}`]: STAFF,
  [`editar ${kind}`]: STAFF,
  [`edição rápida ${kind}`]: STAFF,
  [`excluir ${kind}`]: STAFF,
  [`destacar ${kind}`]: STAFF,
  [`mover destaque ${kind}`]: STAFF,
  [`fixar ${kind}`]: STAFF,
  [`mover fixado ${kind}`]: STAFF,
  [`ações em lote ${kind}`]: STAFF,
  [`select ${table}`]: EVERYONE,
  [`insert ${table}`]: STAFF,
  [`update ${table}`]: STAFF_RLS_WRITE,
  [`delete ${table}`]: STAFF_RLS_WRITE,
});

const MATRIX: Record<string, Row> = {
  // worker
  ...listingRows('hospedagem', 'hospedagens'),
  ...listingRows('comercio', 'comercios'),
  ...listingRows('passeio', 'passeios'),
  'criar categoria': STAFF,
  'renomear categoria': STAFF,
  'mover categoria': STAFF,
  'excluir categoria': STAFF,
  'criar slide': STAFF,
  'editar slide': STAFF,
  'excluir slide': STAFF,
  'salvar configurações': ADMIN_ONLY,
  'alterar função': ADMIN_ONLY,
  'enviar imagem': STAFF,
  'estado da publicação': STAFF,
  'conceder admin': ADMIN_ONLY,
  'restaurar da lixeira': STAFF,
  'excluir definitivamente': ADMIN_ONLY,
  'restaurar versão': STAFF,
  'registrar evento': EVERYONE,
  saúde: EVERYONE,
  'ler imagem': EVERYONE,
  // /rest/v1 tables
  'select categories': ACTIVE_ONLY_UNLESS_STAFF,
  'insert categories': STAFF,
  'update categories': STAFF_RLS_WRITE,
  'delete categories': STAFF_RLS_WRITE,
  'select carousel_slides': ACTIVE_ONLY_UNLESS_STAFF,
  'insert carousel_slides': STAFF,
  'update carousel_slides': STAFF_RLS_WRITE,
  'delete carousel_slides': STAFF_RLS_WRITE,
  'select site_settings': EVERYONE,
  'insert site_settings': ADMIN_ONLY,
  'update site_settings': RLS_WRITE,
  'delete site_settings': NOBODY_SIGNED_IN,
  'select profiles': OWN_UNLESS_ADMIN,
  'insert profiles': NOBODY_SIGNED_IN,
  'update profiles': OWN_ONLY,
  'update profiles (o próprio)': SIGNED_IN,
  'delete profiles': NOBODY_SIGNED_IN,
  // The trash holds content only; the history's entries read here are a listing's.
  'select trash': STAFF_READS,
  'insert trash': NOBODY_SIGNED_IN,
  'update trash': NOBODY_SIGNED_IN,
  'delete trash': NOBODY_SIGNED_IN,
  'select audit_log': STAFF_READS,
  'insert audit_log': NOBODY_SIGNED_IN,
  'update audit_log': NOBODY_SIGNED_IN,
  'delete audit_log': NOBODY_SIGNED_IN,
  // The listings' counts are content figures: the staff read them.
  'select listing_stats': STAFF_READS,
  'insert listing_stats': NOBODY_SIGNED_IN,
  'update listing_stats': NOBODY_SIGNED_IN,
  'delete listing_stats': NOBODY_SIGNED_IN,
  'select listing_daily_stats': STAFF_READS,
  'insert listing_daily_stats': NOBODY_SIGNED_IN,
  'update listing_daily_stats': NOBODY_SIGNED_IN,
  'delete listing_daily_stats': NOBODY_SIGNED_IN,
  // The listings' names are public (the listing tables are); the view is for the panel.
  'select listing_names': SIGNED_IN,
  'insert listing_names': NOBODY_SIGNED_IN,
  'update listing_names': NOBODY_SIGNED_IN,
  'delete listing_names': NOBODY_SIGNED_IN,
  // Favourites: each account its own, administrators included.
  'select favorites': row('401', 'own', 'own', 'own', 'own'),
  'insert favorites': SIGNED_IN,
  'update favorites': NOBODY_SIGNED_IN,
  'delete favorites': OWN_ONLY,
  'delete favorites (os próprios)': SIGNED_IN,
  'select user_roles': OWN_UNLESS_ADMIN,
  'insert user_roles': NOBODY_SIGNED_IN,
  'update user_roles': NOBODY_SIGNED_IN,
  'delete user_roles': NOBODY_SIGNED_IN,
  // /rest/v1 functions and hidden schemas
  'rpc has_role': ADMIN_ONLY,
  'rpc has_role (o próprio)': SIGNED_IN,
  'rpc is_admin': SIGNED_IN,
  'rpc is_staff': SIGNED_IN,
  'rpc own_session_is_live': SIGNED_IN,
  'rpc admin_access': SIGNED_IN,
  'rpc username_available': EVERYONE,
  'rpc delete_own_account': NOBODY_SIGNED_IN,
  'rpc grant_admin_access': ADMIN_ONLY,
  'rpc set_user_role': ADMIN_ONLY,
  'rpc set_in_list': STAFF,
  'rpc move_in_list': STAFF,
  'rpc set_in_list (pinned)': STAFF,
  'rpc move_in_list (pinned)': STAFF,
  'rpc move_category': STAFF,
  'rpc bulk_set_in_list': STAFF,
  'rpc bulk_set_in_list (pinned)': STAFF,
  'rpc restore_from_trash': STAFF,
  'rpc purge_from_trash': ADMIN_ONLY,
  'rpc purge_expired': ADMIN_ONLY,
  'rpc restore_version': STAFF,
  'rpc images_in_use': ADMIN_ONLY,
  'rpc referenced_images': ADMIN_ONLY,
  'rpc listing_ranking': STAFF_READS,
  // 'Funções' shows each user's e-mail: read through this function, admins only; auth.users
  // itself stays closed to every API role (below).
  'rpc user_emails': ADMIN_ONLY,
  'rpc record_listing_events': NOBODY_SIGNED_IN,
  'rpc set_stats_ingest_key': NOBODY_SIGNED_IN,
  'rpc unreferenced_images': NOBODY_SIGNED_IN,
  'rpc set_image_sweep_key': NOBODY_SIGNED_IN,
  // The public site reads its data's version before the data, as the anonymous visitor.
  'rpc site_version': EVERYONE,
  'rpc private.caller_is_admin': NOT_EXPOSED,
  'select auth.users': NOT_EXPOSED,
  // /auth/v1 user administration (the secret key only)
  'auth: listar contas': SERVICE_ROLE_ONLY,
  'auth: ler conta': SERVICE_ROLE_ONLY,
  'auth: criar conta': SERVICE_ROLE_ONLY,
  'auth: trocar senha de outra conta': SERVICE_ROLE_ONLY,
  'auth: excluir conta': SERVICE_ROLE_ONLY,
  ...REVIEW_ROWS,
};

/** What the refusal says, by where it comes from. */
function expectRefusal(op: Operation, verdict: Verdict, reply: Reply) {
  const status = Number(verdict);
  expect([op.name, reply.status]).toEqual([op.name, status]);
  if (op.surface === 'worker') {
    const message = status === 401 ? PORTUGUESE_401 : (op.refusal ?? PORTUGUESE_403);
    const code = status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'forbidden';
    expect([op.name, reply.body]).toEqual([op.name, { error: { code, message } }]);
    if (status === 401) expect(reply.headers.get('www-authenticate')).toBe('Bearer');
  } else if (op.surface === 'auth') {
    // GoTrue's own text (the panel never calls these); what matters is the refusal code.
    expect([op.name, reply.body.error_code ?? reply.body.code]).toEqual([op.name, 'not_admin']);
  } else {
    const code = status === 406 ? 'PGRST106' : status === 400 ? op.refusalCode : '42501';
    expect([op.name, reply.body.code]).toEqual([op.name, code]);
    // The functions refuse a signed-in caller in Portuguese themselves; a missing grant or a
    // row-level security refusal carries PostgreSQL's own text, as on hosted Supabase.
    if (op.surface === 'rpc' && (status === 403 || status === 400)) {
      expect([op.name, reply.body.message]).toEqual([op.name, op.refusal]);
    }
  }
}

function expectVerdict(op: Operation, verdict: Verdict, reply: Reply, caller: Caller) {
  const rows = Array.isArray(reply.body) ? (reply.body as Record<string, unknown>[]) : [];
  const has = (probe = op.probe) => rows.some((r) => probe && r[probe.key] === probe.value);
  switch (verdict) {
    case 'ok':
      expect([op.name, reply.status]).toEqual([op.name, op.okStatus]);
      if (op.okBody) expect([op.name, reply.body]).toEqual([op.name, op.okBody(caller)]);
      if (op.probe) expect([op.name, has()]).toEqual([op.name, true]);
      return;
    case 'hidden':
      expect([op.name, reply.status, reply.body]).toEqual([op.name, 200, []]);
      return;
    case 'public':
    case 'own':
      expect([op.name, reply.status]).toEqual([op.name, 200]);
      expect([op.name, rows.length > 0, has()]).toEqual([op.name, true, false]);
      if (verdict === 'own') {
        const owner = op.probe?.key ?? 'id';
        for (const r of rows) expect([op.name, r[owner]]).toEqual([op.name, caller.id]);
      }
      return;
    default:
      expectRefusal(op, verdict, reply);
  }
}

const isDelete = (op: Operation) => /^(excluir|delete|auth: excluir)/.test(op.name);

let callers: Record<CallerName, Caller>;
/** Everyone's operations but the moderator's. */
let ops: Operation[];
/**
 * The moderator's, on rows of their own: their allowed calls restore, purge and delete as the
 * admin's do, and each needs its own.
 */
let moderatorOps: Operation[];

async function created(path: string, json: unknown): Promise<{ id: string; hero: string }> {
  const reply = await api('POST', path, { token: callers.admin.token, json });
  if (reply.status !== 201)
    throw new Error(`${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

async function listings(): Promise<Record<ListingKind, string>> {
  const ids = await Promise.all(
    KINDS.map(async (kind) => (await created(KIND_PATH[kind], validListing(kind))).id),
  );
  return Object.fromEntries(KINDS.map((kind, i) => [kind, ids[i]])) as Record<ListingKind, string>;
}

async function makeFixture(): Promise<Fixture> {
  const tag = randomUUID().slice(0, 8);
  const [roleTarget, grantTarget, rpcGrantTarget, rpcRoleTarget] = await Promise.all([
    newUser('alvo'),
    newUser('alvo'),
    newUser('alvo'),
    newUser('alvo'),
  ]);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'ponto.png');
  const image = await api('POST', '/api/images?folder=general', {
    token: callers.admin.token,
    body: form,
  });
  if (image.status !== 201) throw new Error(`image: ${image.status} ${JSON.stringify(image.body)}`);
  const category = (name: string, type: string, is_active = true) =>
    created('/api/categories', { name: `${name} ${tag}`, type, is_active });
  const slide = (is_active = true) => created('/api/slides', { ...validSlide(), is_active });
  // Listings deleted into the trash: one for each route and function that restores or purges.
  const trashed = async () => {
    const { id } = await created(KIND_PATH.hospedagem, validListing('hospedagem'));
    const deleted = await api('DELETE', `${KIND_PATH.hospedagem}/${id}`, {
      token: callers.admin.token,
    });
    if (deleted.status !== 200) throw new Error(`delete: ${deleted.status}`);
    const [item] = await rows<{ id: string }>('trash', `row_id=eq.${id}`);
    if (!item) throw new Error(`trash: ${id}`);
    return item.id;
  };
  /** The entry that recorded a listing's creation. */
  const creation = async (id: string) => {
    const [entry] = await rows<{ id: number }>(
      'audit_log',
      `row_id=eq.${id}&action=eq.insert&select=id`,
    );
    if (!entry) throw new Error(`audit_log: ${id}`);
    return entry.id;
  };
  /** A listing with today's counts, added the worker's way (its ingest key). */
  const counted = async () => {
    const { id } = await created(KIND_PATH.hospedagem, validListing('hospedagem'));
    const reply = await supabase('POST', '/rest/v1/rpc/record_listing_events', null, {
      json: {
        p_key: stack.statsIngestKey,
        p_counts: [{ kind: 'hospedagem', id, day: statsDay(), event: 'whatsapp', count: 3 }],
      },
    });
    if (reply.status !== 200)
      throw new Error(`stats: ${reply.status} ${JSON.stringify(reply.body)}`);
    return id;
  };
  // A favourite of each account: what 'select favorites' shows its owner alone.
  const favorites = await api(
    'POST',
    '/rest/v1/favorites',
    {
      token: stack.secretKey,
      headers: { apikey: stack.secretKey },
      json: [rpcRoleTarget.id, ...Object.values(callers).map((c) => c.id)]
        .filter((id) => id !== callers.anon.id)
        .map((user_id) => ({ user_id, listing_kind: 'hospedagem', listing_id: randomUUID() })),
    },
    stack.supabaseUrl,
  );
  if (favorites.status !== 201) throw new Error(`favorites: ${favorites.status}`);
  const workerListings = await listings();
  const restListings = await listings();
  const fixture: Fixture = {
    listing: workerListings,
    trash: await trashed(),
    trashToPurge: await trashed(),
    history: await creation(workerListings.passeio),
    rpcTrash: { restore: await trashed(), purge: await trashed() },
    rpcHistory: await creation(restListings.comercio),
    historyRow: workerListings.hospedagem,
    statsListing: await counted(),
    category: (await category('Matriz', 'comercio')).id,
    slide: (await slide()).id,
    user: roleTarget.id,
    rest: {
      listing: restListings,
      category: (await category('Alvo REST', 'hospedagem')).id,
      slide: (await slide()).id,
    },
    hidden: {
      category: (await category('Oculta', 'passeio', false)).id,
      slide: (await slide(false)).id,
    },
    grantTarget,
    rpcGrantTarget,
    rpcRoleTarget: rpcRoleTarget.id,
    otherId: rpcRoleTarget.id,
    adminId: callers.admin.id,
    imageUrl: image.body.hero,
    reviews: await reviewFixture(callers.admin.token as string),
  };
  return fixture;
}

beforeAll(async () => {
  callers = await makeCallers();
  ops = operations(await makeFixture());
  moderatorOps = operations(await makeFixture());
  // One slide that no operation touches: the carousel never becomes empty.
  await created('/api/slides', validSlide());
});

describe('the access matrix', () => {
  it('has one row per operation, covering every worker route and everything /rest/v1 exposes', async () => {
    expect(ops.map((op) => op.name).sort()).toEqual(Object.keys(MATRIX).sort());

    // Every route the worker's router holds gets at least one request, and every request reaches
    // a route: a new endpoint without a row in the matrix fails here.
    const routes = await workerRoutes();
    expect(routes.map(routeName)).toContain('POST /api/admin/grant');
    const worker = ops.filter((op) => op.surface === 'worker');
    expect(worker.filter((op) => !op.request).map((op) => op.name)).toEqual([]);
    const reached = await Promise.all(
      worker.map((op) => routeOf(routes, op.request?.method ?? '', op.request?.path ?? '')),
    );
    expect(worker.filter((_, i) => !reached[i]).map((op) => op.name)).toEqual([]);
    expect(routes.map(routeName).filter((route) => !reached.includes(route))).toEqual([]);

    const openApi = await api(
      'GET',
      '/rest/v1/',
      { headers: { apikey: stack.secretKey } },
      stack.supabaseUrl,
    );
    expect(openApi.status).toBe(200);
    const exposed = Object.keys(openApi.body.paths as object).filter((path) => path !== '/');
    const names = new Set(ops.map((op) => op.name));
    const missing = exposed.filter((path) => {
      const rpc = /^\/rpc\/(.+)$/.exec(path);
      if (rpc) return !names.has(`rpc ${rpc[1]}`);
      const table = path.slice(1);
      return !['select', 'insert', 'update', 'delete'].every((verb) =>
        names.has(`${verb} ${table}`),
      );
    });
    expect(missing).toEqual([]);
  });

  for (const name of CALLER_NAMES) {
    it(`${name}: refused where the table says so, with nothing changed, and allowed elsewhere`, async () => {
      const caller = callers[name];
      const verdict = (op: Operation) => MATRIX[op.name]?.[name] as Verdict;
      const mine = name === 'moderator' ? moderatorOps : ops;
      const refused = mine.filter((op) => verdict(op) !== 'ok');
      const allowed = mine.filter((op) => verdict(op) === 'ok');

      const before = await snapshot();
      const replies = await Promise.all(refused.map((op) => op.send(caller)));
      for (const [i, op] of refused.entries()) {
        expectVerdict(op, verdict(op), replies[i] as Reply, caller);
      }
      expect(await snapshot()).toEqual(before);

      // Allowed calls one at a time (deletes last), each changing what it should.
      for (const op of [...allowed.filter((o) => !isDelete(o)), ...allowed.filter(isDelete)]) {
        const prior = op.changes ? await read(op.changes) : undefined;
        expectVerdict(op, 'ok', await op.send(caller), caller);
        if (op.changes) expect([op.name, await read(op.changes)]).not.toEqual([op.name, prior]);
      }
    });
  }

  it('a removed admin keeps a valid session but nothing more: the database says "not admin"', async () => {
    const reply = await supabase('POST', '/rest/v1/rpc/is_admin', callers.removedAdmin.token, {
      json: {},
    });
    expect([reply.status, reply.body]).toEqual([200, false]);
    const user = await supabase('GET', '/auth/v1/user', callers.removedAdmin.token);
    expect(user.status).toBe(200);
  });
});
