// One `astro build` into the given directory, printing its time and this process's peak memory
// as JSON (the bench runs it once per data size). Usage: node scripts/measure-build.ts <outDir>
import { build } from 'astro';
import { PORTAL_DIR } from './build-site.ts';

const outDir = process.argv[2];
if (!outDir) {
  console.error('Uso: node scripts/measure-build.ts <outDir>');
  process.exit(2);
}
const started = performance.now();
await build({ root: PORTAL_DIR, outDir, logLevel: 'error' });
const ms = performance.now() - started;
console.log(JSON.stringify({ ms, maxRssKb: process.resourceUsage().maxRSS }));
