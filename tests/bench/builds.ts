// The public site built with N generated listings: build time, the build process's peak memory,
// the pages it wrote, and the size of a list page and of the rest of its list loaded lazily
// (neither may grow without bound), and the size of its search index.
import { readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { startLocalSupabase } from '@guia-fortim/local-supabase';
import { buildApart, portalTempDir } from './build-dir.ts';
import { generateListings } from './listings.ts';
import { type IndexSize, indexSize } from './search.ts';

export type BuildFigures = {
  listings: number;
  pages: number;
  ms: number;
  peakMb: number;
  listPageBytes: number;
  restBytes: number;
  /** The search index the build wrote (the service worker keeps it for offline search). */
  index: IndexSize;
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function measureBuilds(sizes: number[]): Promise<BuildFigures[]> {
  console.log(
    `${'listagens'.padStart(10)}${'páginas'.padStart(10)}${'tempo'.padStart(10)}${'memória pico'.padStart(14)}${'/hospedagem (HTML)'.padStart(20)}${'JSON restante'.padStart(16)}${'índice de busca'.padStart(24)}`,
  );
  const figures: BuildFigures[] = [];
  for (const size of sizes) {
    const supabase = await startLocalSupabase({ port: 0, seed: false, quiet: true });
    const outDir = await portalTempDir('build-');
    try {
      await generateListings(supabase, size);
      const measured = await buildApart(outDir, {
        siteUrl: 'http://127.0.0.1:4321',
        supabaseUrl: supabase.url,
        publishableKey: supabase.keys.publishableKey,
      });
      const sitemap = await readFile(join(outDir, 'sitemap-0.xml'), 'utf8');
      const build: BuildFigures = {
        listings: size,
        pages: (sitemap.match(/<loc>/g) ?? []).length,
        ms: Math.round(measured.ms),
        peakMb: Math.round(measured.maxRssKb / 1024),
        listPageBytes: (await stat(join(outDir, 'hospedagem.html'))).size,
        restBytes: (await stat(join(outDir, 'dados', 'hospedagem-restantes.json'))).size,
        index: await indexSize(outDir),
      };
      figures.push(build);
      console.log(
        [
          String(size).padStart(10),
          String(build.pages).padStart(10),
          `${(build.ms / 1000).toFixed(1)} s`.padStart(10),
          `${build.peakMb} MB`.padStart(14),
          kb(build.listPageBytes).padStart(20),
          kb(build.restBytes).padStart(16),
          `${build.index.files} arq., ${kb(build.index.bytes)}`.padStart(24),
        ].join(''),
      );
    } finally {
      await supabase.stop();
      await rm(outDir, { recursive: true, force: true });
    }
  }
  return figures;
}
