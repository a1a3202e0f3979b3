// The admin panel inside a site build: its production build, kept in a cache by the hash of its
// sources, its runtime configuration (/admin/config.json) and its single-page routes.
import { createHash, randomUUID } from 'node:crypto';
import {
  appendFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import { CONFIG_PATH, type PanelConfig } from '@guia-fortim/admin/config';
import type { SiteEnv } from '@guia-fortim/portal/build';
import { adminRewrites } from '../deploy/admin-routes.ts';
import { pruneBuildCache } from './build-cache.ts';
import { ROOT } from './root.ts';
import { run } from './run.ts';

/** What the panel needs inside the site's assets: its build, its configuration, its routes. */
export type PanelFiles = { dir: string; config: PanelConfig };

/**
 * The panel inside a site build, as the site Worker's static assets serve both: the built panel
 * under admin/, its runtime configuration at /admin/config.json, its single-page routes in
 * `_redirects`.
 */
export function addPanel(outDir: string, panel: PanelFiles) {
  cpSync(panel.dir, join(outDir, 'admin'), { recursive: true });
  writeFileSync(join(outDir, CONFIG_PATH), `${JSON.stringify(panel.config, null, 2)}\n`);
  const redirects = join(outDir, '_redirects');
  const routes = adminRewrites();
  // Again on a restart (the last live build gets this run's panel and addresses): once.
  if (!(existsSync(redirects) && readFileSync(redirects, 'utf8').includes(routes))) {
    appendFileSync(redirects, routes);
  }
}

/** What the panel reads from /admin/config.json (admin/src/config.ts) for these origins. */
export function panelConfig(env: SiteEnv): PanelConfig {
  return { supabaseUrl: env.supabaseUrl, publishableKey: env.publishableKey, apiUrl: env.apiUrl };
}

/** Built panels by a hash of their inputs; the panel carries no configuration (config.json). */
const PANEL_CACHE = join(ROOT, 'node_modules', '.cache', 'guia-fortim-panel');
/** Everything the panel build reads: its sources, the shared rules it imports, the lockfile. */
const PANEL_INPUTS = ['admin/src', 'admin/public', 'db/domain', 'package-lock.json']
  .concat(['admin/index.html', 'admin/package.json', 'admin/tsconfig.json', 'admin/vite.config.ts'])
  .map((path) => join(ROOT, path));
/** Builds kept besides the current one (other checkouts' states, a branch switch). */
const PANEL_KEEP = 3;

function panelSourceHash(): string {
  const hash = createHash('sha256');
  const add = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) add(join(path, name));
      return;
    }
    hash
      .update(`${relative(ROOT, path)}\0`)
      .update(readFileSync(path))
      .update('\0');
  };
  for (const input of PANEL_INPUTS) add(input);
  return hash.digest('hex').slice(0, 20);
}

export type PanelBuild = { ok: boolean; dir: string; log: string; cached: boolean };
const panelBuilds = new Map<string, Promise<PanelBuild>>();

/**
 * The built panel for the current sources: reused from the cache when its inputs have not
 * changed, built once otherwise. Stacks starting together in one process share one build; builds
 * in other processes each write their own temporary directory and the first to finish is renamed
 * into place (an atomic rename; the others are discarded), so no two builds share a directory.
 */
export function panelBuild(onLine?: (line: string) => void): Promise<PanelBuild> {
  const key = panelSourceHash();
  let build = panelBuilds.get(key);
  if (!build) {
    build = buildPanelOnce(key, onLine);
    panelBuilds.set(key, build);
    build.then((result) => result.ok || panelBuilds.delete(key));
  }
  return build;
}

async function buildPanelOnce(key: string, onLine?: (line: string) => void): Promise<PanelBuild> {
  const dir = join(PANEL_CACHE, key);
  if (existsSync(join(dir, 'index.html'))) {
    const now = new Date();
    utimesSync(dir, now, now);
    return { ok: true, dir, log: '', cached: true };
  }
  mkdirSync(PANEL_CACHE, { recursive: true });
  const temp = join(PANEL_CACHE, `${key}.${process.pid}-${randomUUID()}.tmp`);
  const result = await run(
    'npx',
    ['--no-install', 'vite', 'build', '--outDir', temp, '--emptyOutDir'],
    // Whatever the caller's NODE_ENV (Playwright's runner sets one): a production build, or MUI's
    // emotion writes style text the panel's policy blocks.
    { cwd: join(ROOT, 'admin'), onLine, env: { NODE_ENV: 'production' } },
  );
  if (!result.ok) {
    rmSync(temp, { recursive: true, force: true });
    return { ok: false, dir, log: result.log, cached: false };
  }
  try {
    renameSync(temp, dir);
  } catch {
    // Another process put the same build in place first.
    rmSync(temp, { recursive: true, force: true });
    if (!existsSync(join(dir, 'index.html'))) {
      return {
        ok: false,
        dir,
        log: `${result.log}\nO build do painel não pôde ser guardado.`,
        cached: false,
      };
    }
  }
  pruneBuildCache(PANEL_CACHE, key, PANEL_KEEP);
  return { ok: true, dir, log: result.log, cached: false };
}
