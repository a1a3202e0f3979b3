// The restore drill: the README's "Backups and restore" runbook, step by step, on real parts.
//
// The original project is set up as a hosted one is (startHostedPostgres: the platform's part
// applied by the superuser supabase_admin; `postgres`, a role without superuser that does not own
// auth's tables, runs the migrations and the demo seed), behind db/local and the API worker,
// where the demo admin uploads two photos through the worker into its R2 bucket and shows them on
// two listings. Then:
// 1. the database is dumped as `supabase db dump` does: roles.sql, schema.sql, data.sql;
// 2. after the dump an admin deletes one of the listings for good ('Excluir definitivamente'):
//    the worker retires its photo under quarantine/;
// 3. the bucket is exported, every object listed and read, quarantine/ included: the stand-in for
//    `rclone copy r2:images ./fotos-<date>`;
// 4. a fresh project (the same hosted-like setup, no migration) gets roles, then schema, then
//    data with psql as Supabase's guide runs it; then db/supabase/restore/auth-changes.sql (the
//    triggers our migrations put on auth.users, which no dump holds); then `supabase migration
//    repair --status applied` for every migration (no dump holds their record). Dumped again,
//    it gives the same three files;
// 5. a fresh bucket gets the export (`rclone copy ./fotos-<date> r2:images`), then the
//    quarantine copied back without its prefix (`rclone copy r2:images/quarantine r2:images`);
// 6. db/local, a worker serving the fresh bucket (on the same images address: the bucket's custom
//    domain stays) and the site's own build run on the restored project: the build has every
//    listing's page, what it read equals what the original showed when dumped, and every photo a
//    row shows answers 200 in every size and format, the listing deleted after the dump included.
//
// What it stands in for: the hosted project runs PostgreSQL 17, and the CLI runs pg_dump in
// Docker. Here both projects run on Debian's PostgreSQL 15 (the newest Debian one installed),
// dumped and restored with its own pg_dump, pg_dumpall and psql: the npm PostgreSQL 17 of the other
// suites ships no client tools, and Debian's pg_dump 15 refuses a 17 server. The procedure is the
// same. R2 is wrangler dev's local bucket, and rclone is a list and a get (or put) of every object
// through wrangler's own local binding of it (@guia-fortim/api/testing/bucket).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Bucket, openLocalBucket } from '@guia-fortim/api/testing/bucket';
import { type DeployHook, startDeployHook } from '@guia-fortim/api/testing/hook';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { MIGRATIONS_DIR, migrationFiles, RESTORE_AUTH_CHANGES } from '@guia-fortim/db/migrate';
import { freePort } from '@guia-fortim/db/testing';
import {
  migrateAsOwner,
  type StartedPostgres,
  startHostedPostgres,
} from '@guia-fortim/db/testing/postgres';
import {
  IMAGE_FORMATS,
  IMAGE_VARIANT_NAMES,
  imageFormats,
  imageVariant,
  LISTING_KINDS,
  LISTING_TABLE,
  listingPath,
} from '@guia-fortim/domain';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { buildEnv, buildSite } from '@guia-fortim/portal/build';
import { assertPortFree } from '@guia-fortim/stack/addresses';
import { startWorker } from '@guia-fortim/stack/api-worker';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Connection,
  type DumpFiles,
  migrationRepairApplied,
  psqlFile,
  psqlRestore,
  supabaseDbDump,
} from './supabase-cli.ts';

/** The newest Debian PostgreSQL with its server and the client tools the runbook uses. */
function debianPostgres(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const tools = ['postgres', 'initdb', 'pg_ctl', 'pg_dump', 'pg_dumpall', 'psql'];
  return readdirSync(root)
    .filter((major) => /^\d+$/.test(major))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => join(root, major, 'bin'))
    .find((bin) => tools.every((tool) => existsSync(join(bin, tool))));
}

/**
 * Debian's PostgreSQL (`apt-get install postgresql`), or the bin/ POSTGRES_TOOLS_BIN names: a
 * server with the client tools the runbook runs.
 */
const BIN = process.env.POSTGRES_TOOLS_BIN ?? debianPostgres();
const SITE_URL = 'http://127.0.0.1:4321';
const ADMIN = DEMO_ACCOUNTS.admin;
const TODAY = new Date().toISOString().slice(0, 10);

type Json = Record<string, unknown>;

let dir: string;
let original: StartedPostgres | undefined;
let restored: StartedPostgres | undefined;
let originalSupabase: LocalSupabase | undefined;
let restoredSupabase: LocalSupabase | undefined;
let hook: DeployHook | undefined;
let worker: Awaited<ReturnType<typeof startWorker>> | undefined;
let apiPort: number;
let dump: DumpFiles;
/** What the site read anonymously from the original when it was dumped. */
let publicAtDump: Json;
/** The listing deleted for good after the dump, and its photo. */
let purged: { id: string; slug: string; photo: string };
/** A photo a listing shows all along. */
let staying: string;
let photosDir: string;

const connection = (server: StartedPostgres | undefined): Connection => {
  if (!server || !BIN) throw new Error('PostgreSQL não iniciado');
  return { bin: BIN, port: server.port, user: 'postgres' };
};

/** Rows read as the database's superuser (the platform's role db/local connects as). */
const rows = async <T = Json>(
  supabase: LocalSupabase | undefined,
  text: string,
  params: unknown[] = [],
) => {
  if (!supabase) throw new Error('db/local não iniciado');
  return (await supabase.database.query<T>(text, params)).rows;
};

async function signIn(supabase: LocalSupabase, email: string, password: string) {
  const response = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: supabase.keys.publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = (await response.json()) as { access_token?: string };
  if (!response.ok || !json.access_token) {
    throw new Error(`entrada de ${email}: ${response.status} ${JSON.stringify(json)}`);
  }
  return json.access_token;
}

async function api(method: string, path: string, token: string, body?: unknown) {
  if (!worker) throw new Error('worker não iniciado');
  const response = await fetch(`${worker.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body instanceof FormData || body === undefined
        ? {}
        : { 'Content-Type': 'application/json' }),
    },
    body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
  });
  const json = (await response.json()) as Json;
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** A photo as the panel sends it; answers the hero JPEG's address, which the rows hold. */
async function upload(token: string, color: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 640, height: 400, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
  const stored = await api('POST', '/api/images?folder=hospedagens', token, form);
  return String(stored.hero);
}

/** Everything the site's build reads (sites/portal's readSiteData), as the anonymous visitor. */
async function publicData(supabase: LocalSupabase): Promise<Json> {
  const read = async (path: string) => {
    const response = await fetch(`${supabase.url}/rest/v1/${path}`, {
      headers: { apikey: supabase.keys.publishableKey, 'Content-Type': 'application/json' },
      ...(path.startsWith('rpc/') ? { method: 'POST', body: '{}' } : {}),
    });
    expect(response.status, path).toBe(200);
    return response.json();
  };
  return {
    version: await read('rpc/site_version'),
    hospedagens: await read('hospedagens?select=*&order=id'),
    comercios: await read('comercios?select=*&order=id'),
    passeios: await read('passeios?select=*&order=id'),
    slides: await read('carousel_slides?select=*&is_active=eq.true&order=id'),
    categories: await read(
      'categories?select=name,type,order_position&is_active=eq.true&order=order_position,id',
    ),
    settings: await read('site_settings?select=setting_key,setting_value&order=setting_key'),
  };
}

/** Triggers, row-level security policies and grants on auth's tables: none of it is dumped. */
const AUTH_CHANGES = `
  select 'trigger' as kind, c.relname || ': ' || pg_get_triggerdef(t.oid) as what
  from pg_trigger t join pg_class c on c.oid = t.tgrelid
  where c.relnamespace = 'auth'::regnamespace and not t.tgisinternal
  union all
  select 'policy', tablename || ': ' || policyname || ' ' || cmd || ' ' || coalesce(qual, '')
  from pg_policies where schemaname = 'auth'
  union all
  select 'grant', table_name || ': ' || grantee || ' ' || privilege_type
  from information_schema.role_table_grants where table_schema = 'auth'
  order by 1, 2`;

/** The rclone-copied files of a bucket: every object, by key, under `into`. */
async function exportBucket(bucket: Bucket, into: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list(cursor ? { cursor } : {});
    for (const { key } of page.objects) {
      const object = await bucket.get(key);
      if (!object) throw new Error(`${key} sumiu durante a cópia`);
      await mkdir(dirname(join(into, key)), { recursive: true });
      await writeFile(join(into, key), new Uint8Array(await object.arrayBuffer()));
      keys.push(key);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys.sort();
}

/** Content-Type by the file's extension, as rclone sets it on upload. */
const typeOf = (key: string) =>
  Object.values(IMAGE_FORMATS).find((f) => key.endsWith(`.${f.extension}`))?.type;

/** `rclone copy <from> r2:images`: every file of the folder at its relative path. */
async function importFolder(bucket: Bucket, from: string): Promise<void> {
  const files = (await readdir(from, { recursive: true, withFileTypes: true })).filter((e) =>
    e.isFile(),
  );
  for (const file of files) {
    const path = join(file.parentPath, file.name);
    const key = relative(from, path);
    const contentType = typeOf(key);
    await bucket.put(
      key,
      await readFile(path),
      contentType ? { httpMetadata: { contentType } } : {},
    );
  }
}

/** `rclone copy r2:images/quarantine r2:images`: the same keys without the prefix. */
async function copyQuarantineBack(bucket: Bucket): Promise<string[]> {
  const copied: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix: 'quarantine/', ...(cursor ? { cursor } : {}) });
    for (const { key } of page.objects) {
      const object = await bucket.get(key);
      if (!object) continue;
      const to = key.slice('quarantine/'.length);
      const contentType = typeOf(to);
      await bucket.put(
        to,
        await object.arrayBuffer(),
        contentType ? { httpMetadata: { contentType } } : {},
      );
      copied.push(to);
    }
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return copied.sort();
}

/** Waits until nothing listens on `port` (the stopped worker's runtime may outlive it a moment). */
async function portFree(port: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      return await assertPortFree(port, 'API (worker)');
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Every object a stored photo has: each size in each of its formats. */
const photoObjects = (heroUrl: string) =>
  IMAGE_VARIANT_NAMES.flatMap((variant) =>
    imageFormats(heroUrl, variant).map((format) => imageVariant(heroUrl, variant, format)),
  );

describe('the backup and restore runbook, drilled', () => {
  beforeAll(async () => {
    if (!BIN) {
      throw new Error(
        'O ensaio de restauração precisa de um PostgreSQL com servidor, pg_dump, pg_dumpall e psql: apt-get install postgresql (Debian), ou a pasta bin/ de um em POSTGRES_TOOLS_BIN.',
      );
    }
    dir = mkdtempSync(join(tmpdir(), 'gf-restore-drill-'));
    photosDir = join(dir, `fotos-${TODAY}`);
    // Started together; whatever started is stopped by afterAll even if another part failed.
    const [a, b, h] = await Promise.allSettled([
      startHostedPostgres({ bin: BIN }),
      startHostedPostgres({ bin: BIN }),
      startDeployHook(),
    ]);
    original = a.status === 'fulfilled' ? a.value : undefined;
    restored = b.status === 'fulfilled' ? b.value : undefined;
    hook = h.status === 'fulfilled' ? h.value : undefined;
    for (const started of [a, b, h]) if (started.status === 'rejected') throw started.reason;
    if (!original || !hook) throw new Error('não iniciado');
    apiPort = await freePort();
    // `supabase db push`: the migrations (and here the demo seed) as the project's owner.
    await migrateAsOwner(original, { seed: true });
    originalSupabase = await startLocalSupabase({
      port: 0,
      databaseUrl: original.url,
      quiet: true,
    });
    worker = await startWorker({
      port: apiPort,
      persistDir: join(dir, 'r2-original'),
      supabaseUrl: originalSupabase.url,
      publishableKey: originalSupabase.keys.publishableKey,
      siteUrl: SITE_URL,
      builds: hook.builds,
    });
  }, 120_000);

  afterAll(async () => {
    await worker?.stop().catch(() => {});
    await originalSupabase?.stop().catch(() => {});
    await restoredSupabase?.stop().catch(() => {});
    await hook?.stop().catch(() => {});
    await original?.stop();
    await restored?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('dumps roles, schema and data as `supabase db dump` does', async () => {
    if (!originalSupabase) throw new Error('sem projeto');
    // Photos uploaded through the worker, shown on two listings: one stays, one is deleted for
    // good after the dump.
    const token = await signIn(originalSupabase, ADMIN.email, ADMIN.password);
    let leaving: string;
    [staying, leaving] = await Promise.all([upload(token, '#1f8fb8'), upload(token, '#f2d6a2')]);
    const [first, second] = await rows<{ id: string; slug: string }>(
      originalSupabase,
      'select id, slug from public.hospedagens order by name limit 2',
    );
    if (!first || !second) throw new Error('o seed não tem duas hospedagens');
    await api('PATCH', `/api/hospedagens/${first.id}`, token, { additional_images: [staying] });
    await api('PATCH', `/api/hospedagens/${second.id}`, token, { image_url: leaving });
    publicAtDump = await publicData(originalSupabase);

    dump = await supabaseDbDump(connection(original), dir);
    const [roles, schema, data] = await Promise.all(
      [dump.roles, dump.schema, dump.data].map((file) => readFile(file, 'utf8')),
    );
    // Every role is the platform's: roles.sql creates none (the CLI leaves reserved roles out).
    expect(roles).not.toMatch(/^CREATE ROLE/m);
    expect(schema).toMatch(/^CREATE TABLE IF NOT EXISTS "public"\."hospedagens"/m);
    // auth's tables are the platform's, and their triggers go with them: none is in the dump.
    expect(schema).toContain('REFERENCES "auth"."users"');
    expect(schema).not.toMatch(/TRIGGER .* ON "auth"\./);
    expect(data).toMatch(/^COPY "auth"\."users"/m);
    expect(data).toMatch(/^COPY "cron"\."job"/m);
    expect(data).not.toContain('supabase_migrations');

    // After the dump, 'Excluir definitivamente': its photo goes under quarantine/.
    await api('DELETE', `/api/hospedagens/${second.id}`, token);
    const [trashed] = await rows<{ id: string }>(
      originalSupabase,
      'select id from public.trash where row_id = $1',
      [second.id],
    );
    if (!trashed) throw new Error('a hospedagem não foi para a lixeira');
    await api('DELETE', `/api/trash/${trashed.id}`, token);
    purged = { id: second.id, slug: second.slug, photo: leaving };
    expect((await fetch(leaving)).status).toBe(404);
    expect((await fetch(staying)).status).toBe(200);
  }, 60_000);

  it('exports every object of the bucket, the quarantine included', async () => {
    // The worker stops: the bucket is read from outside it, as rclone reads R2.
    await worker?.stop();
    worker = undefined;
    const live = await openLocalBucket(join(dir, 'r2-original'));
    try {
      const keys = await exportBucket(live.bucket, photosDir);
      const retired = photoObjects(purged.photo).map((url) => url.replace(/^.*\/images\//, ''));
      expect(keys).toEqual(expect.arrayContaining(retired.map((key) => `quarantine/${key}`)));
      expect(keys).not.toEqual(expect.arrayContaining(retired));
    } finally {
      await live.close();
    }
  }, 30_000);

  it('restores roles, schema and data into a fresh project, then what the dump leaves out', async () => {
    const target = connection(restored);
    await psqlRestore(target, dump);
    // The auth schema's triggers: only auth-changes.sql brings them back.
    await psqlFile(target, fileURLToPath(RESTORE_AUTH_CHANGES));
    // No migration's record is in the dump (supabase_migrations is left out): `supabase db push`
    // would list them all as pending, so every one is marked applied.
    const migrations = await migrationFiles();
    await migrationRepairApplied(
      target,
      dir,
      migrations.map((m) => ({
        version: m.version,
        name: m.name,
        path: fileURLToPath(new URL(m.file, MIGRATIONS_DIR)),
      })),
    );

    // The restored project dumps as the original did when it was dumped.
    const again = await supabaseDbDump(target, await mkdtemp(join(dir, 'dump-restored-')));
    for (const file of ['roles', 'schema', 'data'] as const) {
      expect(withoutRestrictKeys(await readFile(again[file], 'utf8')), file).toBe(
        withoutRestrictKeys(await readFile(dump[file], 'utf8')),
      );
    }

    restoredSupabase = await startLocalSupabase({
      port: 0,
      databaseUrl: restored?.url,
      quiet: true,
      autoconfirm: true,
    });
    // db/local migrates on start, as `supabase db push` would: nothing is pending.
    expect(restoredSupabase.migrations.applied).toEqual([]);
    expect(await rows(restoredSupabase, AUTH_CHANGES)).toEqual(
      await rows(originalSupabase, AUTH_CHANGES),
    );
    expect(
      await rows(restoredSupabase, 'select jobname, schedule, command, active from cron.job'),
    ).toEqual(
      await rows(originalSupabase, 'select jobname, schedule, command, active from cron.job'),
    );
    // The accounts came with the data: the demo admin signs in with its password, and a new
    // account gets its profile and role from the restored trigger.
    await signIn(restoredSupabase, ADMIN.email, ADMIN.password);
    const signUp = await fetch(`${restoredSupabase.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: restoredSupabase.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'depois@restauro.local', password: 'senha-nova-123' }),
    });
    const user = ((await signUp.json()) as { user: { id: string } }).user;
    expect(
      await rows(
        restoredSupabase,
        `select r.role, p.id is not null as profile from public.user_roles r
         left join public.profiles p on p.id = r.user_id where r.user_id = $1`,
        [user.id],
      ),
    ).toEqual([{ role: 'user', profile: true }]);
  }, 60_000);

  it('imports the photos into a fresh bucket and copies the quarantine back', async () => {
    const fresh = await openLocalBucket(join(dir, 'r2-restored'));
    try {
      await importFolder(fresh.bucket, photosDir);
      const retired = photoObjects(purged.photo).map((url) => url.replace(/^.*\/images\//, ''));
      // The restored listing shows a photo that only the quarantine still has.
      expect(await fresh.bucket.head(retired[0] ?? '')).toBeNull();
      expect(await copyQuarantineBack(fresh.bucket)).toEqual(expect.arrayContaining(retired));
    } finally {
      await fresh.close();
    }
  }, 30_000);

  it('builds the site from the restored project, and every photo it shows answers 200', async () => {
    if (!restoredSupabase || !hook) throw new Error('sem projeto restaurado');
    // The deployment pointed at the new project: a worker serving the fresh bucket on the images
    // address the rows hold (in production the bucket's custom domain, IMAGES_URL, which stays),
    // and the site's own build (the one Workers Builds runs after `npm run deploy`), reading the
    // restored project with its publishable key. The build never calls the worker: both at once.
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    const imagesUrl = `${apiUrl}/images`;
    const site = join(dir, 'site');
    await portFree(apiPort);
    const [started, built] = await Promise.all([
      startWorker({
        port: apiPort,
        persistDir: join(dir, 'r2-restored'),
        supabaseUrl: restoredSupabase.url,
        publishableKey: restoredSupabase.keys.publishableKey,
        siteUrl: SITE_URL,
        builds: hook.builds,
      }),
      buildSite(
        site,
        buildEnv({
          siteUrl: SITE_URL,
          supabaseUrl: restoredSupabase.url,
          publishableKey: restoredSupabase.keys.publishableKey,
          apiUrl,
          imagesUrl,
        }),
      ),
    ]);
    worker = started;
    expect(worker.imagesUrl).toBe(imagesUrl);
    // What the build read, as the visitor reads it, is what the original showed when dumped.
    expect(await publicData(restoredSupabase)).toEqual(publicAtDump);
    expect(built.reason ?? '', built.log.slice(-2000)).toBe('');
    for (const kind of LISTING_KINDS) {
      const slugs = await rows<{ slug: string }>(
        restoredSupabase,
        `select slug from public.${LISTING_TABLE[kind]}`,
      );
      const missing = slugs.filter(
        ({ slug }) => !existsSync(join(site, `${listingPath(kind, slug)}.html`)),
      );
      expect(missing, kind).toEqual([]);
    }
    const purgedPage = await readFile(
      join(site, `${listingPath('hospedagem', purged.slug)}.html`),
      'utf8',
    );
    expect(purgedPage).toContain(purged.photo);

    // Every photo address of the bucket the pages hold, and every object of every photo a row
    // shows (each size in each format: the pages offer them in srcset), answers 200. The seed's
    // demo photos are files of the build (/demo/…), not the bucket's.
    const inPages = new Set<string>();
    const pattern = new RegExp(
      `${imagesUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[A-Za-z0-9_./-]+`,
      'g',
    );
    for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(html|json)$/.test(entry.name)) continue;
      const text = await readFile(join(entry.parentPath, entry.name), 'utf8');
      for (const match of text.matchAll(pattern)) inPages.add(match[0]);
    }
    const referenced = (
      await rows<{ url: string }>(restoredSupabase, 'select private.image_references() as url')
    ).map((r) => r.url);
    const stored = referenced.filter((url) => url.startsWith(`${imagesUrl}/`));
    expect(stored).toEqual(expect.arrayContaining([purged.photo, staying]));
    expect(referenced.filter((url) => !stored.includes(url))).toSatisfy((others: string[]) =>
      others.every((url) => url.startsWith('/demo/')),
    );
    const urls = [...new Set([...inPages, ...stored.flatMap(photoObjects)])];
    expect(urls).toEqual(expect.arrayContaining(photoObjects(purged.photo)));
    const answers = await Promise.all(
      urls.map(async (url) => `${(await fetch(url)).status} ${url}`),
    );
    expect(answers.filter((answer) => !answer.startsWith('200 '))).toEqual([]);
  }, 60_000);
});

const withoutRestrictKeys = (text: string) =>
  text
    .split('\n')
    .filter((line) => !/^\\(un)?restrict /.test(line))
    .join('\n');
