// `npm run bench:admin-reads -w @guia-fortim/tests`: every list and count the panel asks for, as
// an administrator through the REST API, on PostgreSQL 17 grown to a town's first year — 10,000
// listings, 100,000 history entries, 3,000 users each with a session, 50 rows in the trash.
// Hosted Supabase stops an authenticated statement at 8 s; the target is p95 ≤ 300 ms for each.
// The requests are the ones the panel's data provider sends (ra-data-postgrest: `Prefer:
// count=exact`, the sort it writes with id last), named after the screen that sends them.
// Figures printed and written to .data/bench/admin-reads.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { startPostgres } from '@guia-fortim/db/testing/postgres';
import { startLocalSupabase } from '@guia-fortim/local-supabase';
import { generateListings } from './listings.ts';

const LISTINGS = 10_000;
const HISTORY = 100_000;
const USERS = 3_000;
const TRASHED = 50;
const RUNS = 30;
const TARGET_P95_MS = 300;

const PUBLIC_ORDER = 'is_pinned.desc,pin_order.asc,created_at.desc,id.asc';
const TABLES = ['hospedagens', 'comercios', 'passeios'] as const;

export type ReadFigures = { screen: string; p50Ms: number; p95Ms: number; maxMs: number };

const round = (n: number) => Math.round(n * 10) / 10;

/** Grows the demo database to a year's size, through the tables' own triggers (history, trash). */
async function grow(database: { exec(sql: string): Promise<unknown> }) {
  // Each update of every listing writes one history entry per listing (a new value each time).
  const updates = Math.ceil((HISTORY - LISTINGS) / LISTINGS);
  for (let i = 0; i < updates; i++) {
    for (const table of TABLES) {
      await database.exec(`update public.${table} set rating = ${3 + (i % 5) / 10}`);
    }
  }
  await database.exec(`
    insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
    select 'usuario' || n || '@exemplo.com', '', now(),
      jsonb_build_object('full_name', 'Usuário ' || n, 'username', 'usuario' || n)
    from generate_series(1, ${USERS}) as n;
    insert into auth.sessions (id, user_id, amr_method)
    select gen_random_uuid(), id, 'password' from auth.users;
    delete from public.hospedagens
    where id in (select id from public.hospedagens order by id limit ${TRASHED});
    analyze;
  `);
}

async function timed(screen: string, url: string, token: string, apikey: string) {
  const headers = { apikey, Authorization: `Bearer ${token}`, Prefer: 'count=exact' };
  const once = async () => {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status >= 300) throw new Error(`${screen}: ${response.status}`);
    return performance.now() - t0;
  };
  await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    round(times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0);
  return { screen, p50Ms: at(0.5), p95Ms: at(0.95), maxMs: round(times.at(-1) ?? 0) };
}

const work = mkdtempSync(join(tmpdir(), 'guia-fortim-admin-reads-'));
const cluster = await startPostgres();
try {
  const supabase = await startLocalSupabase({
    port: 0,
    databaseUrl: cluster.url,
    dataDir: join(work, 'keys'),
    seed: true,
    quiet: true,
  });
  try {
    const t0 = performance.now();
    await generateListings(supabase, LISTINGS);
    await grow(supabase.database);
    const seedSeconds = round((performance.now() - t0) / 1000);
    const count = async (sql: string) =>
      Number(((await supabase.database.query(sql)) as { rows: { n: string }[] }).rows[0]?.n);
    const sizes = {
      listings: await count(
        'select (select count(*) from public.hospedagens) + (select count(*) from public.comercios) + (select count(*) from public.passeios) as n',
      ),
      history: await count('select count(*) as n from public.audit_log'),
      users: await count('select count(*) as n from auth.users'),
      sessions: await count('select count(*) as n from auth.sessions'),
      trash: await count('select count(*) as n from public.trash'),
    };
    console.log(`Banco crescido em ${seedSeconds} s:`, sizes);

    const { email, password } = DEMO_ACCOUNTS.admin;
    const apikey = supabase.keys.publishableKey;
    const signIn = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, gotrue_meta_security: {} }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    if (!token) throw new Error(`login do admin falhou: ${signIn.status}`);
    const rest = `${supabase.url}/rest/v1`;
    const someRow = (
      (await supabase.database.query('select id::text as id from public.comercios limit 1')) as {
        rows: { id: string }[];
      }
    ).rows[0]?.id;
    const requests: [string, string][] = [
      ...TABLES.flatMap((table): [string, string][] => [
        [
          `Dashboard: total de ${table}`,
          `${rest}/${table}?select=id&order=id.asc&offset=0&limit=1`,
        ],
        [
          `${table}: lista (25, ordem pública)`,
          `${rest}/${table}?select=*&order=${PUBLIC_ORDER}&offset=0&limit=25`,
        ],
        [
          `${table}: lista, página 40`,
          `${rest}/${table}?select=*&order=${PUBLIC_ORDER}&offset=975&limit=25`,
        ],
        [
          `${table}: busca por nome`,
          `${rest}/${table}?select=*&name=ilike.*gerad*&order=${PUBLIC_ORDER}&offset=0&limit=25`,
        ],
        [
          `Fixados: ${table}`,
          `${rest}/${table}?select=*&is_pinned=eq.true&order=pin_order.asc,id.asc&offset=0&limit=1000`,
        ],
      ]),
      [
        'Atividade recente (10)',
        `${rest}/audit_log?select=id,at,actor_email,table_name,row_id,action,label&order=id.desc&offset=0&limit=10`,
      ],
      [
        'Histórico de um anúncio',
        `${rest}/audit_log?select=*&table_name=eq.comercios&row_id=eq.${someRow}&order=id.desc&offset=0&limit=10`,
      ],
      ['Lixeira (25)', `${rest}/trash?select=*&order=deleted_at.desc,id.asc&offset=0&limit=25`],
      [
        'Funções: usuários (100)',
        `${rest}/profiles?select=*&order=full_name.asc,id.asc&offset=0&limit=100`,
      ],
      ['Funções: papéis', `${rest}/user_roles?select=*&order=id.asc&offset=0&limit=1000`],
      [
        'Estatísticas de um anúncio',
        `${rest}/listing_stats?select=*&listing_id=eq.${someRow}&order=day.asc,event.asc`,
      ],
    ];
    console.log(
      `\n${'tela'.padEnd(44)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'máx'.padStart(10)}`,
    );
    const reads: ReadFigures[] = [];
    for (const [screen, url] of requests) {
      const figures = await timed(screen, url, token, apikey);
      reads.push(figures);
      console.log(
        `${screen.padEnd(44)}${`${figures.p50Ms} ms`.padStart(10)}${`${figures.p95Ms} ms`.padStart(10)}${`${figures.maxMs} ms`.padStart(10)}`,
      );
    }
    const worst = reads.reduce((a, b) => (b.p95Ms > a.p95Ms ? b : a));
    console.log(`\nPior p95: ${worst.screen}, ${worst.p95Ms} ms (meta ≤ ${TARGET_P95_MS} ms)`);
    const outDir =
      process.env.BENCH_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), '.data', 'bench');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(
      join(outDir, 'admin-reads.json'),
      `${JSON.stringify(
        {
          measuredAt: new Date().toISOString(),
          machine: {
            cpus: cpus().length,
            loadAverage: loadavg().map(round),
            node: process.version,
          },
          database: 'PostgreSQL 17',
          sizes,
          seedSeconds,
          targetP95Ms: TARGET_P95_MS,
          reads,
        },
        null,
        2,
      )}\n`,
    );
  } finally {
    await supabase.stop();
  }
} finally {
  await cluster.stop();
  rmSync(work, { recursive: true, force: true });
}
