// `npm run bench -w @guia-fortim/local-supabase`: figures for db/local (printed, and written to .data/bench/db-local.json).
// - cold start on an empty data directory (migrations + seed), and a restart on that directory;
// - requests per second with p50/p99 latency for a typical list read and for a sign-in, from a
//   small load generator on 127.0.0.1 (fetch with a fixed concurrency, bounded in count and
//   time), over PGlite and, when its binaries are installed, PostgreSQL 17.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { POSTGRES_BIN, startPostgres } from '@guia-fortim/db/testing/postgres';
import { type LocalSupabase, startLocalSupabase } from './index.ts';

type LoadResult = {
  requests: number;
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  concurrency: number;
};

async function load(
  concurrency: number,
  maxRequests: number,
  maxSeconds: number,
  request: () => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let issued = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + maxSeconds * 1000;
  const worker = async () => {
    while (issued < maxRequests && performance.now() < deadline) {
      issued += 1;
      const t0 = performance.now();
      try {
        const response = await request();
        await response.arrayBuffer();
        if (!response.ok) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => round(latencies[Math.floor(q * (latencies.length - 1))] ?? 0);
  return {
    requests: latencies.length,
    errors,
    seconds: round(seconds),
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    concurrency,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;

async function measureBackend(supabase: LocalSupabase) {
  const listUrl = `${supabase.url}/rest/v1/hospedagens?select=*&order=name.asc&limit=12`;
  const listHeaders = { apikey: supabase.keys.publishableKey, Prefer: 'count=exact' };
  const { email, password } = DEMO_ACCOUNTS.visitante;
  const signIn = () =>
    fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: supabase.keys.publishableKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email, password, gotrue_meta_security: {} }),
    });
  const warm = await fetch(listUrl, { headers: listHeaders });
  if (!warm.ok)
    throw new Error(`leitura de aquecimento falhou: ${warm.status} ${await warm.text()}`);
  const warmSignIn = await signIn();
  if (!warmSignIn.ok) throw new Error(`login de aquecimento falhou: ${await warmSignIn.text()}`);
  return {
    listRead: await load(8, 3000, 10, () => fetch(listUrl, { headers: listHeaders })),
    signIn: await load(4, 300, 15, signIn),
  };
}

function print(title: string, result: LoadResult) {
  console.log(
    `  ${title.padEnd(26)} ${String(result.requestsPerSecond).padStart(7)} req/s   p50 ${String(result.p50Ms).padStart(6)} ms   p99 ${String(result.p99Ms).padStart(6)} ms   (${result.requests} pedidos, ${result.errors} erros, concorrência ${result.concurrency})`,
  );
}

const work = mkdtempSync(join(tmpdir(), 'guia-fortim-bench-'));
try {
  console.log('db/local — benchmark\n');

  let t0 = performance.now();
  const fresh = new PGlite();
  await fresh.waitReady;
  await fresh.dumpDataDir('none');
  await fresh.close();
  const initdbMs = round(performance.now() - t0);

  const dataDir = join(work, 'data');
  t0 = performance.now();
  const cold = await startLocalSupabase({ port: 0, dataDir, seed: true, quiet: true });
  const coldStartMs = round(performance.now() - t0);
  await cold.stop();
  t0 = performance.now();
  const restarted = await startLocalSupabase({ port: 0, dataDir, seed: true, quiet: true });
  const restartMs = round(performance.now() - t0);
  console.log(`Partida a frio (pasta vazia, migrações + seed): ${coldStartMs} ms`);
  console.log(`Reinício na mesma pasta:                        ${restartMs} ms`);
  console.log(`initdb do PGlite (uma vez por máquina, em cache): ${initdbMs} ms\n`);

  console.log('PGlite:');
  const pglite = await measureBackend(restarted);
  await restarted.stop();
  print('lista (12 hospedagens)', pglite.listRead);
  print('login (senha, bcrypt 10)', pglite.signIn);

  let postgres: Awaited<ReturnType<typeof measureBackend>> | null = null;
  if (existsSync(join(POSTGRES_BIN, 'initdb'))) {
    const cluster = await startPostgres();
    try {
      const supabase = await startLocalSupabase({
        port: 0,
        databaseUrl: cluster.url,
        dataDir: join(work, 'pg-keys'),
        seed: true,
        quiet: true,
      });
      console.log('\nPostgreSQL 17:');
      postgres = await measureBackend(supabase);
      await supabase.stop();
      print('lista (12 hospedagens)', postgres.listRead);
      print('login (senha, bcrypt 10)', postgres.signIn);
    } finally {
      await cluster.stop();
    }
  }

  const figures = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: cpus().length, loadAverage: loadavg().map(round), node: process.version },
    coldStartMs,
    restartMs,
    pgliteInitdbMs: initdbMs,
    pglite,
    postgres,
  };
  const outDir =
    process.env.BENCH_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), '.data', 'bench');
  mkdirSync(outDir, { recursive: true });
  const outFile = join(outDir, 'db-local.json');
  writeFileSync(outFile, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`\nFiguras gravadas em ${outFile}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
