// A static build of the site: `astro build` with a cache directory of its own, in a process of its
// own (build.ts runs it, once per build, as Workers Builds runs `npm run build:site`). Astro keeps
// the content it loaded from Supabase in <cacheDir>/data-store.json and bundles the pages from
// that file, so concurrent builds of one checkout (two stacks, the bench) sharing the default
// cache would publish each other's data. The same directory holds the incremental build's copies
// of the pages (astro.config.ts), which a stack keeps from one publish to the next.
//
// Usage: node scripts/astro-build.ts <root> <outDir> <cacheDir>. Ends with one line,
// {"result":"ok","ms","maxRssKb"} (time and peak memory, for the bench) or
// {"result":"failed","error"} (why, in one line).
import { build } from 'astro';
import { endWithParent } from './build-process.ts';
import { printFailure } from './failure.ts';

const [root, outDir, cacheDir] = process.argv.slice(2);
if (!root || !outDir || !cacheDir) {
  console.error('Uso: node scripts/astro-build.ts <raiz do site> <saída> <cache>');
  process.exit(2);
}
endWithParent();
try {
  const started = performance.now();
  await build({ root, outDir, cacheDir });
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ result: 'ok', ms, maxRssKb: process.resourceUsage().maxRSS }));
} catch (error) {
  // Why, in one line (build.ts reads it for the publish indicator; the log stays local).
  printFailure(error, root);
}
// Vite and Astro may keep handles open after a build: the answer is given, the process ends.
process.exit(0);
