// One site build for the publisher: `astro build` with a cache directory of its own. Astro keeps
// the content it loaded from Supabase in <cacheDir>/data-store.json and bundles the pages from that
// file, so concurrent builds of one checkout (two stacks, the bench) sharing the default cache
// would publish each other's data. The same directory holds the incremental build's copies of the
// pages (astro.config.ts), which a stack keeps from one publish to the next. Usage: node scripts/astro-build.ts <root> <outDir> <cacheDir>
// Its last line on success is {"ms", "maxRssKb"}: the build's time and peak memory (the bench);
// on failure {"error"}: why, in one line.
import { build } from 'astro';

const [root, outDir, cacheDir] = process.argv.slice(2);
if (!root || !outDir || !cacheDir) {
  console.error('Uso: node scripts/astro-build.ts <raiz do site> <saída> <cache>');
  process.exit(2);
}
try {
  const started = performance.now();
  await build({ root, outDir, cacheDir });
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS }));
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  // The last line on failure: why, in one line and without this machine's paths (build.ts reads
  // it for the publish indicator; the log above stays local).
  const message = error instanceof Error ? error.message : String(error);
  const firstLine = message.split('\n').find((line) => line.trim() !== '') ?? 'erro desconhecido';
  const reason = firstLine.replaceAll(root, '').trim().slice(0, 200);
  console.error(JSON.stringify({ error: reason }));
  process.exit(1);
}
