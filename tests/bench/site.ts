// `npm run bench`, public site: figures, not a test. Writes .data/bench/site.json.
//  1. Lighthouse 13 (mobile preset, Debian Chromium, median of 3) on the demo site served
//     compressed by the real local origin (scripts/stack/site-worker.ts) on 127.0.0.1: the four
//     category scores, LCP, TBT, CLS and the compressed bytes of JS, CSS, HTML and images per page.
//     Then the search: time to the first results and the bytes a first search loads.
//  2. The same origin under 500 concurrent visitors for 20 s over the pages and their assets:
//     throughput, p50/p99 latency, errors.
//     Then every demo photo's SSIM and bytes per size and format (photo-quality.ts).
//  3. Build time and peak memory with 100, 1,000 and 10,000 generated listings, and the size of a
//     list page (it must not grow with the number of listings).
// Usage: node bench/site.ts [--lighthouse-only | --build-only] [--runs N (0: no Lighthouse)]
//        [--pages /,/hospedagem/ (these of the ten; a trailing / also takes the pages below)] [--reports DIR (every Lighthouse report)]
//        [--sizes 100,1000] [--visitors 500 (0: no load)] [--seconds 20]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { buildEnv } from '@guia-fortim/portal/build';
import { startApi } from '@guia-fortim/stack/api';
import { NO_BUILDS } from '@guia-fortim/stack/build-service';
import { copyDemoPhotos, drawDemoPhotos } from '@guia-fortim/stack/demo-photo-cache';
import { placeSiteWorker } from '@guia-fortim/stack/site-worker-bundles';
import { buildApart, portalTempDir } from './build-dir.ts';
import { type BuildFigures, measureBuilds } from './builds.ts';
import { writeFigures } from './figures.ts';
import { measurePages, type PageFigures } from './lighthouse.ts';
import { type LoadFigures, runLoad, visitMix } from './load.ts';
import { publishSite, serveSite } from './origin-process.ts';
import {
  equalQuality,
  type FormatQuality,
  measurePhotoQuality,
  printPhotoQuality,
  SSIM_TOLERANCE,
} from './photo-quality.ts';
import { type IndexSize, indexSize, measureSearch, type SearchFigures } from './search.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const RUNS = Number(option('--runs') ?? 3);
const SIZES = (option('--sizes') ?? '100,1000,10000').split(',').map(Number);
const VISITORS = Number(option('--visitors') ?? 500);
const SECONDS = Number(option('--seconds') ?? 20);
const ONLY_PAGES = option('--pages')?.split(',');
/** A word in listings of every kind of the demo data (the river). */
const SEARCH_QUERY = 'jaguaribe';
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const REPORTS = option('--reports');

type ServedFigures = {
  pages: PageFigures[];
  search?: SearchFigures & { index: IndexSize };
  load?: LoadFigures & { urls: number };
};

async function servedSite(): Promise<ServedFigures> {
  const root = await portalTempDir('site-');
  const port = await freePort();
  const siteUrl = `http://127.0.0.1:${port}`;
  // The real worker beside the site: the pages' beacons reach POST /api/events as in
  // production, so Lighthouse sees no failed request.
  const apiDir = await mkdtemp(join(tmpdir(), 'guia-fortim-bench-api-'));
  const api = await startApi({
    dataDir: apiDir,
    ports: { site: port, supabase: await freePort(), api: await freePort() },
    memory: true,
    builds: NO_BUILDS,
  });
  const { supabase } = api;
  let origin: Awaited<ReturnType<typeof serveSite>> | undefined;
  try {
    const photos = drawDemoPhotos();
    const live = await publishSite(root, async (outDir) => {
      await buildApart(outDir, {
        siteUrl,
        supabaseUrl: supabase.url,
        publishableKey: supabase.keys.publishableKey,
        apiUrl: api.env.apiUrl,
      });
      await photos;
      await copyDemoPhotos(outDir);
      // The site Worker that serves it, as every build carries it (npm run build:site).
      return placeSiteWorker(
        outDir,
        buildEnv({
          siteUrl,
          supabaseUrl: supabase.url,
          publishableKey: supabase.keys.publishableKey,
          apiUrl: api.env.apiUrl,
          imagesUrl: `${api.env.apiUrl}/images`,
        }),
        {
          SUPABASE_URL: supabase.url,
          SUPABASE_PUBLISHABLE_KEY: supabase.keys.publishableKey,
        },
      );
    });
    origin = await serveSite(root, port);
    const { rows } = await supabase.database.query<{ slug: string }>(
      'select slug from public.hospedagens order by is_pinned desc, pin_order, created_at desc limit 1',
    );
    const pages = [
      '/',
      '/hospedagem',
      '/comercio',
      '/passeios',
      '/mapa',
      `/hospedagem/${rows[0]?.slug}`,
      '/privacidade',
      '/termos',
      '/cookies',
      '/busca',
    ].filter(
      (path) =>
        !ONLY_PAGES ||
        ONLY_PAGES.some(
          (only) => path === only || (only !== '/' && only.endsWith('/') && path.startsWith(only)),
        ),
    );

    let measured: PageFigures[] = [];
    if (RUNS > 0) {
      console.log(`\n== Site público: Lighthouse 13, móvel, mediana de ${RUNS} ==`);
      measured = await measurePages(siteUrl, pages, RUNS, REPORTS);
    }
    console.log('\n== Busca do site: primeira busca, cache frio ==');
    const search = {
      ...(await measureSearch(siteUrl, SEARCH_QUERY, 5)),
      index: await indexSize(live),
    };
    console.log(
      `“${search.query}”: primeiros resultados em ${search.firstResultsMs} ms (mediana de ${search.runs}); JS ${kb(search.scriptBytes)}, WebAssembly ${kb(search.wasmBytes)}, índice ${kb(search.indexBytes)}; índice inteiro ${search.index.files} arquivos, ${kb(search.index.bytes)}`,
    );
    if (VISITORS === 0) return { pages: measured, search };

    console.log(`\n== Site público: ${VISITORS} visitantes simultâneos por ${SECONDS} s ==`);
    const urls = await visitMix(siteUrl, pages);
    const load = await runLoad(urls, { concurrency: VISITORS, durationMs: SECONDS * 1000 });
    console.log(
      `${load.requests} pedidos (${urls.length} endereços): ${load.requestsPerSecond} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, ${load.errors} erros ${JSON.stringify(load.errorKinds)}`,
    );
    return { pages: measured, search, load: { ...load, urls: urls.length } };
  } finally {
    await origin?.stop();
    await api.stop();
    await rm(root, { recursive: true, force: true });
    await rm(apiDir, { recursive: true, force: true });
  }
}

const figures: {
  runs: number;
  served?: ServedFigures;
  photos?: FormatQuality[];
  builds?: BuildFigures[];
} = { runs: RUNS };
if (!args.includes('--build-only')) {
  figures.served = await servedSite();
  console.log('\n== Fotos de demonstração: SSIM e bytes por tamanho e formato ==');
  figures.photos = await measurePhotoQuality();
  printPhotoQuality(figures.photos);
  console.log(
    `AVIF e WebP com SSIM médio ≥ o do JPEG − ${SSIM_TOLERANCE} em todo tamanho: ${equalQuality(figures.photos) ? 'sim' : 'NÃO'}`,
  );
}
if (!args.includes('--lighthouse-only')) {
  console.log('\n== Site público: build com listagens geradas ==');
  figures.builds = await measureBuilds(SIZES);
}
writeFigures('site.json', figures);
