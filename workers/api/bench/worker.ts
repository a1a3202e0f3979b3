// `npm run bench -w workers/api`: figures, not tests.
// 1. Photo uploads of 2, 12 and 24 megapixels through the worker under wrangler dev (Images
//    binding simulated with sharp in wrangler's Node process, R2 local): time to produce and store
//    the eight objects (three sizes in JPEG and WebP, card and thumb also AVIF), and the peak RSS
//    of workerd and of the wrangler process, beside sharp in plain Node doing the same job.
// 2. Mutation latency (quick edits) with 50 concurrent clients.
// Prints the figures and writes them to worker.json in $BENCH_DIR (`npm run bench` sets it; by
// default .data/bench/ where npm was run).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validListing } from '../test/support/fixtures.ts';
import { startDeployHook } from '../test/support/hook.ts';
import { photo } from '../test/support/photos.ts';
import { signUp, startSupabase, startWorker } from '../test/support/stack.ts';

const UPLOAD_RUNS = 3;
const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 10;
const SIZES = [
  { megapixels: 2, width: 1800, height: 1200 },
  { megapixels: 12, width: 4000, height: 3000 },
  { megapixels: 24, width: 6000, height: 4000 },
];

// --- process memory --------------------------------------------------------------------------

function children(pid: number): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(entry), ...children(Number(entry)));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const processName = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Samples the RSS of wrangler (Node, where the local Images simulation runs) and workerd. */
function memorySampler(wranglerPid: number) {
  const peak = { workerd: 0, wrangler: 0 };
  const sample = () => {
    const tree = [wranglerPid, ...children(wranglerPid)];
    let workerd = 0;
    let wrangler = 0;
    for (const pid of tree) {
      if (processName(pid).startsWith('workerd')) workerd += rssKb(pid);
      else wrangler += rssKb(pid);
    }
    peak.workerd = Math.max(peak.workerd, workerd);
    peak.wrangler = Math.max(peak.wrangler, wrangler);
    return { workerd, wrangler };
  };
  return {
    sample,
    reset: () => Object.assign(peak, sample()),
    peak: () => ({ ...peak }),
    start() {
      const timer = setInterval(sample, 20);
      return () => clearInterval(timer);
    },
  };
}

// --- statistics ------------------------------------------------------------------------------

const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const ms = (value: number) => Math.round(value * 10) / 10;
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
const median = (values: number[]) => percentile(values, 50);

// --- run -------------------------------------------------------------------------------------

const dir = mkdtempSync(join(tmpdir(), 'gf-api-bench-'));
const supabase = await startSupabase(dir);
const hook = await startDeployHook();
const worker = await startWorker({
  supabaseUrl: supabase.url,
  publishableKey: supabase.publishableKey,
  builds: hook.builds,
  persistTo: join(dir, 'wrangler'),
});

try {
  const admin = await signUp(
    supabase.url,
    supabase.publishableKey,
    'bench@bench.local',
    'bench-123',
  );
  const auth = { Authorization: `Bearer ${admin.token}` };
  const grant = await fetch(`${worker.url}/api/admin/grant`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email }),
  });
  if (!grant.ok) throw new Error(`admin: ${grant.status} ${await grant.text()}`);

  const memory = memorySampler(worker.process.pid ?? 0);
  const idle = memory.sample();
  const images = [];
  for (const size of SIZES) {
    const bytes = await photo({ width: size.width, height: size.height, orientation: 6 });
    const file = join(dir, `${size.megapixels}mp.jpg`);
    writeFileSync(file, bytes);

    memory.reset();
    const stop = memory.start();
    const times: number[] = [];
    for (let i = 0; i < UPLOAD_RUNS; i++) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'foto.jpg');
      const started = performance.now();
      const response = await fetch(`${worker.url}/api/images?folder=general`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      await response.arrayBuffer();
      if (response.status !== 201)
        throw new Error(`upload ${size.megapixels} MP: ${response.status}`);
      times.push(performance.now() - started);
    }
    stop();
    const peak = memory.peak();

    const baseline = JSON.parse(
      execFileSync(
        process.execPath,
        [new URL('./sharp-baseline.ts', import.meta.url).pathname, file, String(UPLOAD_RUNS)],
        {
          encoding: 'utf8',
        },
      ),
    ) as { times: number[]; maxRssKb: number };

    images.push({
      megapixels: size.megapixels,
      input: { width: size.width, height: size.height, bytes: bytes.length },
      worker: {
        medianMs: ms(median(times)),
        timesMs: times.map(ms),
        peakWorkerdMb: mb(peak.workerd),
        peakWranglerMb: mb(peak.wrangler),
      },
      sharpInNode: {
        medianMs: ms(median(baseline.times)),
        timesMs: baseline.times.map(ms),
        peakRssMb: mb(baseline.maxRssKb),
      },
    });
  }

  // Mutation latency: quick edits on 50 listings, one client each, all at once.
  const listings: string[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const response = await fetch(`${worker.url}/api/hospedagens`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(validListing('hospedagem')),
    });
    listings.push(((await response.json()) as { id: string }).id);
  }
  const quickEdit = (id: string, rating: number) =>
    fetch(`${worker.url}/api/hospedagens/${id}/quick`, {
      method: 'PATCH',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rating }),
      signal: AbortSignal.timeout(60_000),
    });
  // One client alone first, for reference.
  const alone: number[] = [];
  for (const [i, id] of listings.entries()) {
    const t = performance.now();
    await (await quickEdit(id, (i % 50) / 10)).arrayBuffer();
    alone.push(performance.now() - t);
  }
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    listings.map(async (id, client) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const t = performance.now();
        const response = await quickEdit(id, ((client + i) % 50) / 10);
        await response.arrayBuffer();
        if (response.status !== 200) failures += 1;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = performance.now() - started;

  // The same updates straight to db/local's REST API, to see the database's share.
  const direct: number[] = [];
  await Promise.all(
    listings.map(async (id, client) => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const t = performance.now();
        const response = await fetch(`${supabase.url}/rest/v1/hospedagens?id=eq.${id}`, {
          method: 'PATCH',
          headers: {
            ...auth,
            apikey: supabase.publishableKey,
            'Content-Type': 'application/json',
            Prefer: 'return=representation',
          },
          body: JSON.stringify({ rating: ((client + i) % 50) / 10 }),
        });
        await response.arrayBuffer();
        direct.push(performance.now() - t);
      }
    }),
  );
  const mutations = {
    clients: CLIENTS,
    requests: latencies.length,
    failures,
    p50Ms: ms(percentile(latencies, 50)),
    p99Ms: ms(percentile(latencies, 99)),
    maxMs: ms(Math.max(...latencies)),
    requestsPerSecond: Math.round((latencies.length / elapsed) * 1000),
    oneClientP50Ms: ms(percentile(alone, 50)),
    databaseAlone: { p50Ms: ms(percentile(direct, 50)), p99Ms: ms(percentile(direct, 99)) },
  };

  const result = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
    idle: { workerdMb: mb(idle.workerd), wranglerMb: mb(idle.wrangler) },
    images,
    mutations,
    notes: [
      'Locally the Images binding is simulated with sharp inside the wrangler (Node) process, so the decoding memory shows there, not in workerd; in production it runs outside the isolate.',
      'Worker times are client-side: upload, info(), eight transforms (3 JPEG, 3 WebP, 2 AVIF), eight R2 puts, response.',
      'Inputs are synthetic photos (gradients and shapes, EXIF orientation 6) that fit the 5 MB limit.',
      'db/local runs on PGlite, one connection: concurrent mutations queue in the database.',
    ],
  };

  console.log(
    '\nImagens (8 objetos: 3 tamanhos em JPEG e WebP, card e thumb também AVIF; mediana de',
    UPLOAD_RUNS,
    'envios)',
  );
  console.log(
    '  MP | worker ms | pico workerd MB | pico wrangler MB | sharp (Node) ms | pico sharp MB',
  );
  for (const image of images) {
    console.log(
      `  ${String(image.megapixels).padStart(2)} | ${String(image.worker.medianMs).padStart(9)} | ${String(image.worker.peakWorkerdMb).padStart(15)} | ${String(image.worker.peakWranglerMb).padStart(16)} | ${String(image.sharpInNode.medianMs).padStart(15)} | ${String(image.sharpInNode.peakRssMb).padStart(13)}`,
    );
  }
  console.log(
    `  em repouso: workerd ${result.idle.workerdMb} MB, wrangler ${result.idle.wranglerMb} MB`,
  );
  console.log(
    `\nMutações (edição rápida), ${CLIENTS} clientes simultâneos, ${mutations.requests} requisições: p50 ${mutations.p50Ms} ms, p99 ${mutations.p99Ms} ms, máx ${mutations.maxMs} ms, ${mutations.requestsPerSecond} req/s, ${failures} falhas (um cliente só: p50 ${mutations.oneClientP50Ms} ms)`,
  );
  console.log(
    `  o mesmo PATCH direto no db/local (sem o worker): p50 ${mutations.databaseAlone.p50Ms} ms, p99 ${mutations.databaseAlone.p99Ms} ms`,
  );
  const out =
    process.env.BENCH_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), '.data', 'bench');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'worker.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`\nGravado em ${join(out, 'worker.json')}`);
} finally {
  await worker.stop();
  await hook.stop();
  await supabase.server.stop();
  rmSync(dir, { recursive: true, force: true });
}
