// `npm run bench`, the whole local portal: figures, not a test. Writes
// .data/bench/stack.json.
//  1. Start to ready of the `npm start` path (scripts/stack startStack: db/local persisted in a
//     directory, the worker under wrangler, admin and site builds, the origin) on an empty data
//     directory, then a second start on the same data. The demo photos are drawn into a shared
//     cache the first time; the figures say whether that cache was already there.
//  2. Publish-to-live (bench/publish.ts): an admin save through the worker API until the public
//     listing page served by the origin shows it, with the demo data, then 1,000 and 10,000
//     generated listings more: a listing renamed (median of 3; the site's renderer publishes the
//     pages that show it) and a site setting changed (one run; every page is rendered, as after a code
//     change). Before each size, the generated listings are published once.
//  3. Listing statistics: 500 visitors' beacons per second for 20 s to the worker, then the
//     database's counts compared with what was sent (bench/events.ts): first to the worker on
//     workerd directly (startApi's `workerRuntime: 'workerd'`, the target's figure), then to the
//     stack above, where wrangler dev's proxy sits in front of it.
// Usage: node bench/stack.ts [--runs N] [--publish-only (no statistics figures)]
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { startApi } from '@guia-fortim/stack/api';
import { NO_BUILDS } from '@guia-fortim/stack/build-service';
import { PHOTO_CACHE } from '@guia-fortim/stack/demo-photo-cache';
import { SITE_WORKER_CACHE } from '@guia-fortim/stack/site-worker-bundles';
import { type Stack, startStack } from '@guia-fortim/stack/stack';
import { type EventsFigures, measureEvents } from './events.ts';
import { median, writeFigures } from './figures.ts';
import { generateListings } from './listings.ts';
import { runLoad, visitMix } from './load.ts';
import { measurePublish, type PublishFigures, publishNow } from './publish.ts';

const at = process.argv.indexOf('--runs');
const RUNS = at >= 0 ? Number(process.argv[at + 1]) : 3;
/** Listings generated on top of the demo data before each size's publish figures. */
const GENERATED = [0, 1000, 9000];
/** Visitors browsing while a save is rendered and its whole build swaps in. */
const VISITORS = 100;

/**
 * VISITORS visitors over the pages a save changes and their assets while one listing is saved,
 * its pages rendered by the site Worker and its whole build swapped in: every request must be
 * answered. `swapCovered`: the build went live while they were still browsing.
 */
async function publishUnderLoad(stack: Stack, durationMs: number) {
  const { rows } = await stack.supabase.database.query<{ slug: string }>(
    'select slug from public.hospedagens order by created_at, id limit 1',
  );
  const urls = await visitMix(stack.siteUrl, [
    '/',
    '/hospedagem',
    `/hospedagem/${rows[0]?.slug}`,
    '/mapa',
  ]);
  const buildsBefore = stack.publisher.status().builds;
  const loadEnds = performance.now() + durationMs;
  const load = runLoad(urls, { concurrency: VISITORS, durationMs });
  await measurePublish(stack, 1, 'listing');
  await stack.publisher.idle();
  const swappedAt = performance.now();
  const figures = await load;
  return {
    ...figures,
    swapCovered: stack.publisher.status().builds > buildsBefore && swappedAt < loadEnds,
  };
}

/**
 * Fixed, as `npm start`'s are, and apart from them: the site Worker's bundle is kept by the
 * addresses it carries, so after the first bench on this checkout an empty data directory finds
 * it, as `npm start` does; the second start is a restart on the same ports.
 */
const BENCH_PORTS = { site: 4441, supabase: 4442, api: 4443, turnstile: 4444 };

async function timedStart(
  dataDir: string,
  ports: typeof BENCH_PORTS,
): Promise<{ stack: Stack; ms: number }> {
  const started = performance.now();
  const stack = await startStack({
    dataDir,
    memory: false,
    ports,
    // The statistics figures play many visitors by CF-Connecting-IP, as Cloudflare's edge sets it.
    edgeClients: true,
  });
  return { stack, ms: Math.round(performance.now() - started) };
}

/** db/local in memory with the demo data and the worker on workerd, for the events alone. */
async function measureEventsOnWorkerd(run: { ratePerSecond: number; durationS: number }) {
  const apiDir = await mkdtemp(join(tmpdir(), 'guia-fortim-bench-events-'));
  const api = await startApi({
    dataDir: apiDir,
    memory: true,
    ports: { site: await freePort(), supabase: await freePort(), api: await freePort() },
    workerRuntime: 'workerd',
    edgeClients: true,
    builds: NO_BUILDS,
  });
  try {
    return await measureEvents({ supabase: api.supabase, ...api.env }, run);
  } finally {
    await api.stop();
    await rm(apiDir, { recursive: true, force: true });
  }
}

const dataDir = await mkdtemp(join(tmpdir(), 'guia-fortim-bench-stack-'));
let stack: Stack | undefined;
const interrupted = async () => {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
  process.exit(130);
};
process.once('SIGINT', interrupted);
process.once('SIGTERM', interrupted);
try {
  const photosCached = existsSync(join(PHOTO_CACHE, 'demo'));
  const bundles = () => (existsSync(SITE_WORKER_CACHE) ? readdirSync(SITE_WORKER_CACHE).length : 0);
  const bundlesBefore = bundles();
  console.log('\n== npm start: diretório de dados vazio ==');
  const fresh = await timedStart(dataDir, BENCH_PORTS);
  stack = fresh.stack;
  const bundleBuilt = bundles() > bundlesBefore;
  console.log(
    `pronto em ${(fresh.ms / 1000).toFixed(1)} s (fotos de demonstração já em cache: ${photosCached ? 'sim' : 'não'}; bundle do Worker do site: ${bundleBuilt ? 'construído agora' : 'em cache'})`,
  );
  await fresh.stack.stop();
  stack = undefined;

  console.log('\n== npm start: segunda partida com os dados ==');
  const second = await timedStart(dataDir, BENCH_PORTS);
  stack = second.stack;
  console.log(`pronto em ${(second.ms / 1000).toFixed(1)} s`);

  console.log(
    `\n== Publicação: salvar no painel → página pública atualizada (mediana de ${RUNS}) ==`,
  );
  const summary = (p: PublishFigures) => ({ ...p, medianMs: median(p.runsMs) });
  const publish = [];
  let generated = 0;
  for (const more of GENERATED) {
    let newListingsMs: number | null = null;
    if (more > 0) {
      await generateListings(stack.supabase, more, Math.ceil(generated / 3));
      generated += more;
      newListingsMs = await publishNow(stack);
      console.log(`${more} listagens novas publicadas em ${(newListingsMs / 1000).toFixed(1)} s`);
    }
    const underLoad = await publishUnderLoad(stack, more === 0 ? 30_000 : 30_000 + more * 10);
    console.log(
      `${VISITORS} visitantes durante uma publicação e a troca do build: ${underLoad.requests} pedidos, ${underLoad.errors} erros ${JSON.stringify(underLoad.errorKinds)}, p99 ${underLoad.p99Ms} ms${underLoad.swapCovered ? '' : ' (o build não trocou durante a carga)'}`,
    );
    publish.push({
      newListingsMs,
      underLoad,
      listing: summary(await measurePublish(stack, RUNS, 'listing')),
      duringBuild: summary(await measurePublish(stack, RUNS, 'listing-during-build')),
      create: summary(await measurePublish(stack, RUNS, 'create')),
      delete: summary(await measurePublish(stack, RUNS, 'delete')),
      settings: summary(await measurePublish(stack, 1, 'settings')),
    });
  }

  let events: EventsFigures | undefined;
  let eventsWranglerDev: EventsFigures | undefined;
  if (!process.argv.includes('--publish-only')) {
    const eventsRun = { ratePerSecond: 500, durationS: 20 };
    const report = (e: EventsFigures) =>
      console.log(
        `${e.sent} enviados a ${e.ratePerSecond}/s, ${e.errors} erros, ${e.counted} contados, exatos: ${e.exact ? 'sim' : 'não'}`,
      );
    console.log('\n== Estatísticas: 500 eventos por segundo durante 20 s, worker no workerd ==');
    events = await measureEventsOnWorkerd(eventsRun);
    report(events);
    console.log('\n== Estatísticas: o mesmo pelo wrangler dev (npm start) ==');
    eventsWranglerDev = await measureEvents(stack, eventsRun);
    report(eventsWranglerDev);
  }
  writeFigures('stack.json', {
    photosCached,
    bundleBuilt,
    freshStartMs: fresh.ms,
    secondStartMs: second.ms,
    publish,
    events,
    eventsWranglerDev,
  });
} finally {
  await stack?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
