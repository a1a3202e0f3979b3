// Fault tolerance with real processes: db/local (PGlite persisted in a directory) and the worker
// (wrangler dev, local R2 persisted in a directory) are killed with SIGKILL in the middle of saves,
// deletes and uploads and restarted on the same data; two admins edit and reorder the same lists
// at once; finally both restart cleanly. After each step nothing is half-written, a deleted item
// is live or in the trash, no stored photo is left that nothing shows, every order is contiguous,
// and failed saves got the API's Portuguese error.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localR2Keys } from '@guia-fortim/api/testing/r2';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import { freePort, type StartedServer } from '@guia-fortim/db/testing';
import {
  IMAGE_FORMAT_NAMES,
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  imageFormats,
  imageVariant,
  parseImageVariant,
} from '@guia-fortim/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  comercio,
  hospedagem,
  passeio,
  type Reply,
  range,
  rows,
  type Session,
  shuffled,
  signIn,
  signUp,
  slide,
  sortedNumbers,
} from './client.ts';
import {
  groupAlive,
  kill,
  projectKeys,
  startApi,
  startDbLocal,
  startQuietHook,
  type Worker,
} from './processes.ts';

/** The worker's message when Supabase is unreachable (README: 503 `database_unavailable`). */
const DATABASE_UNAVAILABLE = 'O banco de dados não respondeu. Tente novamente em instantes.';
const FEATURED_LIMIT = 'Você já tem 4 itens em destaque. Remova um antes de adicionar outro.';
const PASSWORD = 'senha-admin-123';

let dir: string;
let dataRoot: string;
let persistDir: string;
let dbPort: number;
let apiPort: number;
let db: StartedServer | undefined;
let worker: Worker | undefined;
let hook: Awaited<ReturnType<typeof startQuietHook>> | undefined;
let keys: { publishableKey: string; secretKey: string };
/** The photo sweep's key: set in the database once (it keeps it across restarts). */
const imageSweepKey = newImageSweepKey();
let adminA: Session;
let adminB: Session;

const supabaseUrl = () => `http://127.0.0.1:${dbPort}`;
const apiUrl = () => `http://127.0.0.1:${apiPort}`;
const api = (method: string, path: string, token: string, json?: unknown) =>
  call(apiUrl(), method, path, json === undefined ? { token } : { token, json });
const read = (table: string, query = '') => rows(supabaseUrl(), keys.secretKey, table, query);

async function startWorkerProcess() {
  if (!hook) throw new Error('hook not started');
  worker = await startApi({
    port: apiPort,
    persistDir,
    supabaseUrl: supabaseUrl(),
    publishableKey: keys.publishableKey,
    builds: hook.builds,
    imageSweepKey,
  });
}

async function startDbProcess() {
  db = await startDbLocal(dataRoot, dbPort);
}

/** db/local and the worker at once (the worker needs the database only for requests). */
async function startBoth() {
  // Settled, not Promise.all: a failure of one must still leave the other known to afterAll.
  const results = await Promise.allSettled([startDbProcess(), startWorkerProcess()]);
  for (const result of results) if (result.status === 'rejected') throw result.reason;
}

async function newAdmin(label: string, grantor?: Session): Promise<Session> {
  const user = await signUp(supabaseUrl(), keys.publishableKey, `${label}@testes.local`, PASSWORD);
  const grant = await api('POST', '/api/admin/grant', (grantor ?? user).token, {
    email: user.email,
  });
  expect(grant.status, JSON.stringify(grant.body)).toBe(200);
  return user;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gf-fault-'));
  dataRoot = join(dir, 'data');
  persistDir = join(dir, 'wrangler');
  [dbPort, apiPort] = [await freePort(), await freePort()];
  keys = await projectKeys(dataRoot);
  hook = await startQuietHook();
  await startBoth();
  await setImageSweepKey(supabaseUrl(), keys.secretKey, imageSweepKey);
  adminA = await newAdmin('admin-a');
  adminB = await newAdmin('admin-b', adminA);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await db?.stop();
  await hook?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

/** The ordering rules, checked on every listing table, the slides and the categories. */
async function expectConsistentOrders() {
  for (const table of ['hospedagens', 'comercios', 'passeios']) {
    const all = await read(table, 'select=id,is_featured,featured_order,is_pinned,pin_order');
    const featured = all.filter((r) => r.is_featured).map((r) => r.featured_order);
    const pinned = all.filter((r) => r.is_pinned).map((r) => r.pin_order);
    expect(featured.length, `${table}: no máximo 4 em destaque`).toBeLessThanOrEqual(4);
    expect(sortedNumbers(featured), `${table}: destaque 0..n-1`).toEqual(range(0, featured.length));
    expect(sortedNumbers(pinned), `${table}: fixados 1..n`).toEqual(range(1, pinned.length));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
  }
  const slides = (await read('carousel_slides', 'select=order_position')).map(
    (s) => s.order_position,
  );
  expect(sortedNumbers(slides), 'slides 1..n').toEqual(range(1, slides.length));
  const categories = await read('categories', 'select=type,order_position');
  for (const type of ['hospedagem', 'comercio', 'passeio']) {
    const orders = categories.filter((c) => c.type === type).map((c) => c.order_position);
    expect(sortedNumbers(orders), `categorias ${type} 1..n`).toEqual(range(1, orders.length));
  }
}

/** A failed save's answer: the 503 of the README, in Portuguese, never a 500 or English text. */
function expectUnavailable(reply: Reply) {
  expect(reply.status).toBe(503);
  expect(reply.body).toEqual({
    error: { code: 'database_unavailable', message: DATABASE_UNAVAILABLE },
  });
}

describe('db/local killed (SIGKILL) in the middle of a burst of saves', () => {
  it('leaves every save complete or absent, answers 503 in Portuguese, and the worker recovers', async () => {
    const token = adminA.token;
    // Starting content: listings featured and pinned, two slides.
    const base: Reply[] = [];
    for (let i = 0; i < 5; i++)
      base.push(await api('POST', '/api/hospedagens', token, hospedagem()));
    expect(base.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = base.map((r) => r.body.id as string);
    for (const id of ids.slice(0, 3)) {
      expect(
        (await api('POST', `/api/hospedagens/${id}/lists/featured`, token, { included: true }))
          .status,
      ).toBe(200);
      expect(
        (await api('POST', `/api/hospedagens/${id}/lists/pinned`, token, { included: true }))
          .status,
      ).toBe(200);
    }
    for (let i = 0; i < 2; i++)
      expect((await api('POST', '/api/slides', token, slide())).status).toBe(201);

    // Versions sent to each existing listing: the row must end as exactly one of them.
    const versions = new Map<string, Record<string, unknown>[]>(
      ids.map((id, i) => [id, [pick(base[i]?.body)]]),
    );
    const creates: { payload: Record<string, unknown>; reply: Reply }[] = [];
    const others: Reply[] = [];
    let n = 0;
    const saveOnce = async () => {
      n += 1;
      const id = ids[n % ids.length] as string;
      const path = `/api/hospedagens/${id}`;
      switch (n % 6) {
        case 0: {
          const payload = hospedagem({ categorias: ['Hotel', `Família ${n}`] });
          creates.push({ payload, reply: await api('POST', '/api/hospedagens', token, payload) });
          return;
        }
        case 1: {
          const version = {
            name: `Versão ${n}`,
            price: 100 + n,
            categorias: ['Casa', `Natureza ${n}`],
          };
          versions.get(id)?.push(version);
          others.push(await api('PATCH', path, token, version));
          return;
        }
        case 2:
          others.push(
            await api('POST', `${path}/lists/featured/move`, token, {
              direction: n % 4 ? 'up' : 'down',
            }),
          );
          return;
        case 3:
          others.push(
            await api('POST', `${path}/lists/featured`, token, { included: n % 4 !== 3 }),
          );
          return;
        case 4:
          others.push(
            await api('POST', `${path}/lists/pinned/move`, token, {
              direction: n % 4 ? 'down' : 'up',
            }),
          );
          return;
        default:
          others.push(await api('POST', '/api/slides', token, slide()));
      }
    };
    // Six admins' tabs saving one after another; db/local dies once a few saves went through.
    let stopped = false;
    const tabs = Array.from({ length: 6 }, async () => {
      while (!stopped) await saveOnce();
    });
    const deadline = Date.now() + 20_000;
    while ([...creates.map((c) => c.reply), ...others].filter((r) => r.status < 300).length < 6) {
      if (Date.now() > deadline) throw new Error('nenhuma gravação antes da queda');
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!db) throw new Error('db/local not running');
    let whileDown: Reply;
    try {
      await kill(db);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      stopped = true;
      await Promise.all(tabs);
      // While db/local is down, the admin's next save gets the same clear answer.
      whileDown = await api('POST', '/api/hospedagens', token, hospedagem());
      await startDbProcess();
    }
    const createReplies = creates.map((c) => c.reply);
    const replies = [...createReplies, ...others];

    const statuses = new Set(replies.map((r) => r.status));
    const succeeded = replies.filter((r) => r.status < 300).length;
    const failed = replies.filter((r) => r.status === 503);
    expect(succeeded, 'algumas gravações antes da queda').toBeGreaterThan(0);
    expect(failed.length, 'algumas gravações durante a queda').toBeGreaterThan(0);
    for (const reply of failed) expectUnavailable(reply);
    // Anything else is a rule of the data (featured cap, moving an item that left the list).
    for (const reply of replies.filter((r) => r.status !== 503 && r.status >= 300)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      expect(['featured_limit', 'not_featured', 'not_pinned']).toContain(reply.body.error.code);
    }
    expect([...statuses].every((s) => [200, 201, 409, 503].includes(s))).toBe(true);

    expectUnavailable(whileDown);

    // The same worker (never restarted) works again at once.
    const after = await api('POST', '/api/hospedagens', token, hospedagem());
    expect(after.status, JSON.stringify(after.body)).toBe(201);

    // Every acknowledged create survived the crash, whole; unacknowledged ones are whole or absent.
    const stored = await read('hospedagens', 'select=*');
    const byName = new Map(stored.map((r) => [r.name, r]));
    creates.forEach(({ payload, reply }) => {
      const row = byName.get(payload.name);
      if (reply.status === 201) expect(row, `criado: ${payload.name}`).toBeDefined();
      if (row) expect(row.categorias).toEqual(payload.categorias);
    });
    for (const row of stored) {
      expect(row.categorias.length).toBeGreaterThan(0);
      const sent = versions.get(row.id);
      if (sent) expect(sent, `${row.id} é uma das versões enviadas`).toContainEqual(pick(row));
    }
    await expectConsistentOrders();
  }, 60_000);
});

describe('db/local killed (SIGKILL) while admins delete content', () => {
  it('leaves every item live or in the trash, never both or neither, and the trash restores them', async () => {
    type Target = { table: string; path: string; id: string };
    const LISTINGS: [
      string,
      string,
      (extra?: Record<string, unknown>) => Record<string, unknown>,
    ][] = [
      ['hospedagens', '/api/hospedagens', hospedagem],
      ['comercios', '/api/comercios', comercio],
      ['passeios', '/api/passeios', passeio],
    ];
    const TABLES = [...LISTINGS.map(([table]) => table), 'carousel_slides', 'categories'];
    // Content to delete: listings of every kind (some featured and pinned), slides and categories.
    const targets: Target[] = [];
    for (const [table, path, make] of LISTINGS) {
      for (let i = 0; i < 12; i++) {
        const created = await api('POST', path, adminA.token, make());
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const id = created.body.id as string;
        targets.push({ table, path: `${path}/${id}`, id });
        if (i % 4 === 0) {
          // The kind may have its 4 featured already (earlier cases): then it stays out.
          const featured = await api('POST', `${path}/${id}/lists/featured`, adminA.token, {
            included: true,
          });
          expect([200, 409]).toContain(featured.status);
        }
        if (i % 3 === 0) {
          const pinned = await api('POST', `${path}/${id}/lists/pinned`, adminA.token, {
            included: true,
          });
          expect(pinned.status).toBe(200);
        }
      }
    }
    // Slides and categories are appended last in their order; the case deletes them all, so
    // their orders stay 1..n (a delete does not renumber them). One slide more stays: the carousel
    // is never left empty.
    expect((await api('POST', '/api/slides', adminA.token, slide())).status).toBe(201);
    for (let i = 0; i < 6; i++) {
      const created = await api('POST', '/api/slides', adminA.token, slide());
      expect(created.status).toBe(201);
      targets.push({
        table: 'carousel_slides',
        path: `/api/slides/${created.body.id}`,
        id: created.body.id,
      });
      const category = await api('POST', '/api/categories', adminA.token, {
        name: `Lixeira ${i}`,
        type: 'comercio',
      });
      expect(category.status).toBe(201);
      targets.push({
        table: 'categories',
        path: `/api/categories/${category.body.id}`,
        id: category.body.id,
      });
    }
    const before = new Map<string, Map<string, Record<string, unknown>>>();
    for (const table of TABLES) {
      before.set(table, new Map((await read(table, 'select=*')).map((row) => [row.id, row])));
    }

    // Admin tabs deleting one item after another; db/local dies once a few deletes went through.
    const queue = shuffled(targets);
    const deletes: { target: Target; reply: Reply }[] = [];
    const tabs = Array.from({ length: 4 }, async (_, tab) => {
      for (let target = queue.shift(); target; target = queue.shift()) {
        const token = tab % 2 ? adminB.token : adminA.token;
        deletes.push({ target, reply: await api('DELETE', target.path, token) });
      }
    });
    const deadline = Date.now() + 20_000;
    while (deletes.filter((d) => d.reply.status === 200).length < 12) {
      if (Date.now() > deadline) throw new Error('nenhuma exclusão antes da queda');
      await new Promise((r) => setTimeout(r, 5));
    }
    if (!db) throw new Error('db/local not running');
    try {
      await kill(db);
    } finally {
      await Promise.all(tabs);
      await startDbProcess();
    }

    const acknowledged = deletes.filter((d) => d.reply.status === 200);
    const failed = deletes.filter((d) => d.reply.status !== 200);
    expect(deletes).toHaveLength(targets.length);
    expect(acknowledged.length, 'exclusões antes da queda').toBeGreaterThan(0);
    expect(failed.length, 'exclusões durante a queda').toBeGreaterThan(0);
    for (const { reply } of failed) expectUnavailable(reply);
    for (const { target, reply } of acknowledged) expect(reply.body.id).toBe(target.id);

    // Every row that existed is live or in the trash, never both, never neither; the trash holds
    // the row as it was.
    const where = async () => {
      const state = new Map<string, 'live' | 'trash' | 'both' | 'gone'>();
      const trashed = new Map<string, Record<string, unknown>>();
      for (const item of await read('trash', 'select=table_name,row_id,data')) {
        trashed.set(`${item.table_name}/${item.row_id}`, item.data);
      }
      for (const table of TABLES) {
        const live = new Set((await read(table, 'select=id')).map((row) => row.id as string));
        for (const id of before.get(table)?.keys() ?? []) {
          const inTrash = trashed.has(`${table}/${id}`);
          state.set(
            `${table}/${id}`,
            live.has(id) ? (inTrash ? 'both' : 'live') : inTrash ? 'trash' : 'gone',
          );
        }
      }
      return { state, trashed };
    };
    const { state, trashed } = await where();
    const attempted = new Set(targets.map((t) => `${t.table}/${t.id}`));
    for (const [key, place] of state) {
      expect([key, ['live', 'trash'].includes(place)]).toEqual([key, true]);
      // Rows nobody deleted are where they were.
      if (!attempted.has(key)) expect([key, place]).toEqual([key, 'live']);
    }
    for (const { target } of acknowledged) {
      const key = `${target.table}/${target.id}`;
      expect([key, state.get(key)]).toEqual([key, 'trash']);
    }
    for (const key of attempted) {
      const data = trashed.get(key);
      if (!data) continue;
      const [table, id] = key.split('/') as [string, string];
      const row = before.get(table)?.get(id);
      const label = table === 'carousel_slides' ? 'title' : 'name';
      expect([key, data.id, data[label]]).toEqual([key, id, row?.[label]]);
    }

    // The admin retries what failed: deleted now, or already in the trash (404).
    for (const { target } of failed) {
      const retry = await api('DELETE', target.path, adminA.token);
      expect([target.path, [200, 404].includes(retry.status)]).toEqual([target.path, true]);
    }
    const afterRetry = await where();
    for (const key of attempted) expect([key, afterRetry.state.get(key)]).toEqual([key, 'trash']);
    await expectConsistentOrders();

    // And 'Restaurar' brings listings back to their lists (hospedagens: the later cases count
    // the passeios and comercios they create).
    const toRestore = (await read('trash', 'table_name=eq.hospedagens&select=id,table_name,row_id'))
      .filter((t) => attempted.has(`${t.table_name}/${t.row_id}`))
      .slice(0, 3);
    expect(toRestore).toHaveLength(3);
    const restored = await Promise.all(
      toRestore.map((t, i) =>
        api('POST', `/api/trash/${t.id}/restore`, i % 2 ? adminB.token : adminA.token),
      ),
    );
    expect(restored.map((r) => r.status)).toEqual([200, 200, 200]);
    for (const t of toRestore) {
      expect(await read(t.table_name, `id=eq.${t.row_id}&select=id`)).toHaveLength(1);
      expect(await read('trash', `id=eq.${t.id}&select=id`)).toEqual([]);
    }
    await expectConsistentOrders();
  }, 120_000);
});

function pick(row: Record<string, unknown> | undefined) {
  return { name: row?.name, price: row?.price, categorias: row?.categorias };
}

type Variants = { hero: string; card: string; thumb: string };

let bigPhoto: Buffer;
let smallPhoto: Buffer;

function upload(bytes: Buffer, folder = 'hospedagens'): Promise<Reply> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
  return call(apiUrl(), 'POST', `/api/images?folder=${folder}`, {
    token: adminA.token,
    body: form,
  });
}

const imagesPrefix = () => `${apiUrl()}/images/`;
const baseOfKey = (key: string) => parseImageVariant(key)?.stem ?? key;
/** Every object a stored photo has: each size in each of its formats. */
const objectKeys = (base: string) =>
  IMAGE_VARIANT_NAMES.flatMap((variant) =>
    imageFormats(`${base}-hero.jpg`, variant).map((format) =>
      imageVariant(`${base}-hero.jpg`, variant, format),
    ),
  );

/**
 * Key bases of every stored photo something shows or may show again, read from the database: a
 * live row, a row in the trash, a version in the history of a row that still exists.
 */
async function referencedBases(): Promise<Set<string>> {
  const versions: Record<string, unknown>[] = [];
  const existing = new Set<string>();
  for (const table of ['hospedagens', 'comercios', 'passeios', 'carousel_slides']) {
    const select = table === 'carousel_slides' ? 'id,image_url' : 'id,image_url,additional_images';
    for (const row of await read(table, `select=${select}`)) {
      versions.push(row);
      existing.add(`${table}/${row.id}`);
    }
  }
  for (const item of await read('trash', 'select=table_name,row_id,data')) {
    versions.push(item.data);
    existing.add(`${item.table_name}/${item.row_id}`);
  }
  for (const entry of await read('audit_log', 'select=table_name,row_id,before,after')) {
    if (existing.has(`${entry.table_name}/${entry.row_id}`))
      versions.push(entry.before, entry.after);
  }
  const bases = new Set<string>();
  for (const version of versions) {
    if (!version) continue;
    const extra = Array.isArray(version.additional_images) ? version.additional_images : [];
    for (const url of [version.image_url, ...extra]) {
      if (typeof url === 'string' && url.startsWith(imagesPrefix())) {
        bases.add(baseOfKey(url.slice(imagesPrefix().length)));
      }
    }
  }
  return bases;
}

async function servedStatuses(urls: Variants): Promise<number[]> {
  return Promise.all(
    [urls.hero, urls.card, urls.thumb].map(async (url) => {
      const response = await fetch(url);
      await response.arrayBuffer();
      return response.status;
    }),
  );
}

describe('the worker killed (SIGKILL) in the middle of photo uploads and saves', () => {
  beforeAll(async () => {
    const scene = (width: number, height: number) =>
      sharp({
        create: {
          width,
          height,
          channels: 3,
          background: '#000000',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 90 })
        .toBuffer();
    [bigPhoto, smallPhoto] = await Promise.all([scene(1600, 1200), scene(400, 300)]);
  });

  // About 30 s on a quiet 2-core machine (each upload encodes 8 files, AVIF among them, of noise
  // photos, the hardest to encode); CI runs other suites beside it.
  it('leaves no half-written row, and the sweep leaves no photo without a row', async () => {
    const token = adminA.token;
    // A photo uploaded for a form the admin is filling in, and one for a form never saved.
    const kept = await upload(smallPhoto);
    const abandoned = await upload(smallPhoto);
    expect([kept.status, abandoned.status]).toEqual([201, 201]);
    const listing = await api('POST', '/api/hospedagens', token, hospedagem());
    expect(listing.status).toBe(201);
    const id = listing.body.id as string;
    const versions = [pick(listing.body)];

    // Two admin tabs saving the listing over and over, one save at a time each.
    const saveReplies: Reply[] = [];
    let n = 0;
    let stopped = false;
    const tabs = Array.from({ length: 2 }, async () => {
      while (!stopped) {
        n += 1;
        const version = {
          name: `Durante a queda ${n}`,
          price: 200 + n,
          categorias: [`Chalé ${n}`],
        };
        versions.push(version);
        saveReplies.push(await api('PATCH', `/api/hospedagens/${id}`, token, version));
      }
    });
    // Two big uploads; when one is stored, three more start and the worker dies while they are
    // being received and processed.
    const uploads = [upload(bigPhoto), upload(bigPhoto)];
    await Promise.race(uploads);
    uploads.push(upload(bigPhoto), upload(bigPhoto), upload(bigPhoto));
    await new Promise((r) => setTimeout(r, 150));
    if (!worker) throw new Error('worker not running');
    const killed = worker;
    let leftovers: boolean;
    let uploadReplies: Reply[];
    try {
      await kill(killed);
    } finally {
      stopped = true;
      leftovers = await groupAlive(killed);
      uploadReplies = await Promise.all(uploads);
      await Promise.all(tabs);
      await startWorkerProcess();
    }
    expect(leftovers, 'wrangler e workerd encerrados').toBe(false);
    const uploadStatuses = uploadReplies.map((r) => r.status);
    expect(uploadStatuses, 'uploads concluídos ou sem resposta').toSatisfy((s: number[]) =>
      s.every((x) => x === 201 || x === 0),
    );
    expect(uploadStatuses).toContain(201);
    expect(uploadStatuses, 'algum upload interrompido').toContain(0);
    expect(saveReplies.every((r) => r.status === 200 || r.status === 0)).toBe(true);

    // The listing is exactly one of the versions sent, never a mix.
    const [row] = await read('hospedagens', `id=eq.${id}&select=*`);
    expect(versions).toContainEqual(pick(row));
    // Every upload that was acknowledged is still served, all three variants.
    const stored = [kept, abandoned, ...uploadReplies].filter((r) => r.status === 201);
    for (const reply of stored) expect(await servedStatuses(reply.body)).toEqual([200, 200, 200]);

    // The admin saves the form with its photos; the rest were never saved to any row.
    const completed = uploadReplies.filter((r) => r.status === 201);
    const save = await api('POST', '/api/hospedagens', token, {
      ...hospedagem(),
      image_url: kept.body.hero,
      additional_images: [(completed[0] as Reply).body.hero],
    });
    expect(save.status, JSON.stringify(save.body)).toBe(201);

    // The photos in place; what the sweep frees waits under quarantine/ (the worker's quarantine).
    const inPlace = () => localR2Keys(persistDir).filter((key) => !key.startsWith('quarantine/'));
    const quarantined = () =>
      localR2Keys(persistDir).filter((key) => key.startsWith('quarantine/'));
    const unused = (referenced: Set<string>) =>
      inPlace().filter((key) => !referenced.has(baseOfKey(key)));
    const orphansBefore = unused(await referencedBases());
    // The abandoned upload at least (and whatever the killed uploads had stored) has no row.
    expect(orphansBefore.length).toBeGreaterThanOrEqual(3);
    const keysBefore = localR2Keys(persistDir);

    // The photo sweep is the worker's Cron Trigger, which wrangler dev runs at
    // /cdn-cgi/local/scheduled with `time` as the run's clock (200 once it ran, 500 if it threw).
    // This bucket is far smaller than one run's pages, so each run goes right round it.
    const sweepAt = async (time: number) => {
      const cron = encodeURIComponent('*/15 * * * *');
      const response = await fetch(`${apiUrl()}/cdn-cgi/local/scheduled?cron=${cron}&time=${time}`);
      await response.body?.cancel();
      return response.status;
    };
    // Within the grace period a form may still be open: a run now keeps them.
    expect(await sweepAt(Date.now())).toBe(200);
    expect(localR2Keys(persistDir)).toEqual(keysBefore);

    // Past it (24 h, the sweep's grace period), every stored photo is one a row shows, with all
    // its variants.
    expect(await sweepAt(Date.now() + 24 * 60 * 60 * 1000 + 60_000)).toBe(200);
    const referenced = await referencedBases();
    expect(unused(referenced)).toEqual([]);
    const expected = [...referenced].flatMap(objectKeys).sort();
    expect(inPlace()).toEqual(expected);
    expect(quarantined()).toEqual(orphansBefore.map((key) => `quarantine/${key}`).sort());
    expect(await servedStatuses(abandoned.body)).toEqual([404, 404, 404]);
    expect(await servedStatuses(kept.body)).toEqual([200, 200, 200]);
  }, 120_000);
});

describe('two admins editing and reordering the same lists at once', () => {
  const both = () => [adminA.token, adminB.token];
  const anyAdmin = (i: number) => both()[i % 2] as string;

  async function createMany(path: string, make: () => Record<string, unknown>, count: number) {
    const replies = await Promise.all(
      Array.from({ length: count }, (_, i) => api('POST', path, anyAdmin(i), make())),
    );
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 201));
    return replies.map((r) => r.body.id as string);
  }

  it('featured: the cap of 4 holds and the order stays 0..n-1 through moves and removals', async () => {
    const ids = await createMany('/api/passeios', passeio, 7);
    const featureAll = await Promise.all(
      shuffled([...ids, ...ids]).map((id, i) =>
        api('POST', `/api/passeios/${id}/lists/featured`, anyAdmin(i), { included: true }),
      ),
    );
    for (const reply of featureAll.filter((r) => r.status !== 200)) {
      expect(reply.status).toBe(409);
      expect(reply.body.error).toEqual({ code: 'featured_limit', message: FEATURED_LIMIT });
    }
    const featured = (await read('passeios', 'is_featured=eq.true&select=id')).map((r) => r.id);
    expect(featured).toHaveLength(4);
    await expectConsistentOrders();

    const moves = shuffled(
      Array.from({ length: 24 }, (_, i) => {
        const id = featured[i % 4] as string;
        return () =>
          api('POST', `/api/passeios/${id}/lists/featured/move`, anyAdmin(i), {
            direction: i % 3 ? 'up' : 'down',
          });
      }),
    );
    const removals = [
      () =>
        api('POST', `/api/passeios/${featured[1]}/lists/featured`, adminB.token, {
          included: false,
        }),
      () => api('DELETE', `/api/passeios/${featured[2]}`, adminA.token),
      () => api('POST', `/api/passeios/${ids[6]}/lists/featured`, adminB.token, { included: true }),
    ];
    const replies = await Promise.all([...moves, ...removals].map((f) => f()));
    for (const reply of replies.filter((r) => r.status !== 200)) {
      // A move of an item the other admin removed meanwhile is refused, in Portuguese.
      expect([404, 409], JSON.stringify(reply.body)).toContain(reply.status);
      expect(['not_featured', 'featured_limit', 'not_found']).toContain(reply.body.error.code);
    }
    await expectConsistentOrders();
    const remaining = (await read('passeios', 'select=id')).map((r) => r.id);
    expect(sortedIds(remaining)).toEqual(sortedIds(ids.filter((id) => id !== featured[2])));
  }, 40_000);

  it('pinned: 1..n through concurrent pins, moves and unpins', async () => {
    const ids = await createMany('/api/comercios', comercio, 7);
    const pins = await Promise.all(
      shuffled([...ids, ...ids]).map((id, i) =>
        api('POST', `/api/comercios/${id}/lists/pinned`, anyAdmin(i), { included: true }),
      ),
    );
    expect(pins.every((r) => r.status === 200)).toBe(true);
    const pinned = await read('comercios', 'is_pinned=eq.true&select=pin_order');
    expect(sortedNumbers(pinned.map((r) => r.pin_order))).toEqual(range(1, 7));
    const replies = await Promise.all([
      ...Array.from({ length: 28 }, (_, i) =>
        api('POST', `/api/comercios/${ids[i % 7]}/lists/pinned/move`, anyAdmin(i), {
          direction: i % 2 ? 'up' : 'down',
        }),
      ),
      api('POST', `/api/comercios/${ids[0]}/lists/pinned`, adminA.token, { included: false }),
      api('POST', `/api/comercios/${ids[3]}/lists/pinned`, adminB.token, { included: false }),
    ]);
    for (const reply of replies.filter((r) => r.status !== 200)) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(409);
      expect(reply.body.error.code).toBe('not_pinned');
    }
    const after = await read('comercios', 'is_pinned=eq.true&select=id,pin_order');
    expect(sortedNumbers(after.map((r) => r.pin_order))).toEqual(range(1, 5));
    expect(sortedIds(after.map((r) => r.id))).toEqual(
      sortedIds(ids.filter((id) => id !== ids[0] && id !== ids[3])),
    );
    await expectConsistentOrders();
  }, 40_000);

  it('categories and slides created at once take distinct, contiguous positions', async () => {
    const categories = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        api('POST', '/api/categories', anyAdmin(i), { name: `Mergulho ${i}`, type: 'passeio' }),
      ),
    );
    expect(categories.map((r) => r.status)).toEqual(categories.map(() => 201));
    // The same name from both admins: one is saved, the other told why.
    const same = await Promise.all(
      both().map((token) =>
        api('POST', '/api/categories', token, { name: 'Kitesurf', type: 'passeio' }),
      ),
    );
    expect(sortedNumbers(same.map((r) => r.status))).toEqual([201, 409]);
    expect(same.find((r) => r.status === 409)?.body.error.code).toBe('conflict');
    await createMany('/api/slides', slide, 8);
    await expectConsistentOrders();
  }, 40_000);

  it('concurrent PATCHes of the same listing and slide end as one whole version', async () => {
    const [id] = await createMany('/api/hospedagens', hospedagem, 1);
    const [slideId] = await createMany('/api/slides', slide, 1);
    const listingVersions = Array.from({ length: 16 }, (_, i) => ({
      name: `Edição ${i}`,
      price: 500 + i,
      categorias: [`Apartamento ${i}`, 'Piscina'],
    }));
    const slideVersions = Array.from({ length: 10 }, (_, i) => ({
      title: `Título ${i}`,
      subtitle: `Subtítulo ${i}`,
      link: `/passeios?v=${i}`,
    }));
    const replies = await Promise.all([
      ...listingVersions.map((v, i) => api('PATCH', `/api/hospedagens/${id}`, anyAdmin(i), v)),
      ...slideVersions.map((v, i) => api('PATCH', `/api/slides/${slideId}`, anyAdmin(i), v)),
    ]);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const [row] = await read('hospedagens', `id=eq.${id}&select=*`);
    expect(listingVersions).toContainEqual(pick(row));
    const [slideRow] = await read('carousel_slides', `id=eq.${slideId}&select=*`);
    expect(slideVersions).toContainEqual({
      title: slideRow.title,
      subtitle: slideRow.subtitle,
      link: slideRow.link,
    });
    await expectConsistentOrders();
  }, 40_000);
});

describe('a clean restart of db/local and the worker', () => {
  it('keeps every row and photo; the admin signs in and saves again', async () => {
    const tables = [
      'hospedagens',
      'comercios',
      'passeios',
      'categories',
      'carousel_slides',
      'user_roles',
    ];
    const snapshot = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (t) => [t, await read(t, 'select=*&order=id')])),
      );
    const before = await snapshot();
    const keysBefore = localR2Keys(persistDir);
    expect(keysBefore.length).toBeGreaterThan(0);

    await Promise.all([worker?.stop(), db?.stop()]);
    await startBoth();

    expect(await snapshot()).toEqual(before);
    expect(localR2Keys(persistDir)).toEqual(keysBefore);
    const session = await signIn(supabaseUrl(), keys.publishableKey, adminB.email, PASSWORD);
    const saved = await api('POST', '/api/passeios', session.token, passeio());
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    for (const key of keysBefore) {
      const response = await fetch(`${imagesPrefix()}${key}`);
      const format = IMAGE_FORMAT_NAMES.find((f) => key.endsWith(`.${IMAGE_FORMATS[f].extension}`));
      expect([key, response.status, response.headers.get('content-type')]).toEqual([
        key,
        200,
        format && IMAGE_FORMATS[format].type,
      ]);
      await response.arrayBuffer();
    }
    await expectConsistentOrders();
  }, 60_000);
});

const sortedIds = (ids: string[]) => [...ids].sort();
