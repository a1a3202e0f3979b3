// Site builds for the publisher: `astro build` with a cache directory of its own. Astro keeps the
// content it loaded from Supabase in <cacheDir>/data-store.json and bundles the pages from that
// file, so concurrent builds of one checkout (two stacks, the bench) sharing the default cache
// would publish each other's data. The same directory holds the incremental build's copies of the
// pages (astro.config.ts), which a stack keeps from one publish to the next.
//
// Usage: node scripts/astro-build.ts <root> <cacheDir>, then one output directory per line on
// stdin, built in turn. The process keeps Astro, Vite and the integrations loaded between builds:
// a stack's publish skips the ~2.5 s a fresh process spends starting (measured at 1,000 listings:
// 4.3–5.7 s warm against 7.5 s). Each build ends with one line, {"result":"ok","ms","maxRssKb"} (time and peak
// memory, for the bench) or {"result":"failed","error"} (why, in one line).
import { createInterface } from 'node:readline';
import { build } from 'astro';
import { printFailure } from './failure.ts';

const [root, cacheDir] = process.argv.slice(2);
if (!root || !cacheDir) {
  console.error('Uso: node scripts/astro-build.ts <raiz do site> <cache> (saídas na entrada)');
  process.exit(2);
}

async function buildOnce(siteRoot: string, out: string): Promise<void> {
  try {
    const started = performance.now();
    await build({ root: siteRoot, outDir: out, cacheDir });
    const ms = Math.round(performance.now() - started);
    console.log(JSON.stringify({ result: 'ok', ms, maxRssKb: process.resourceUsage().maxRSS }));
  } catch (error) {
    // Why, in one line (build.ts reads it for the publish indicator; the log stays local).
    printFailure(error, siteRoot);
  }
}

/**
 * Astro keeps part of each build alive: measured at 10,000 listings, the process grows by about
 * 100 MB per build from 1 GB. Past this, it ends after a build, and the next one starts afresh.
 */
const RECYCLE_RSS_BYTES = 2 * 1024 ** 3;

// stdin closed: the stack ended, even without stopping this (`kill -9` of `npm start`). Nobody
// will publish the build in hand: it ends now, not when the build is done.
process.stdin.once('end', () => process.exit(0));

for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  await buildOnce(root, line.trim());
  if (process.memoryUsage().rss > RECYCLE_RSS_BYTES) process.exit(0);
}
