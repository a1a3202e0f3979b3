// The site Worker's bundle (scripts/worker-build.ts runs this in a process of its own): the site
// built once more with @astrojs/cloudflare (output 'server', entry src/worker.ts), with the
// integrations only a whole static build needs left out, into <outDir> (<outDir>/server is the
// Worker). Its pages render on demand in workerd byte for byte as the static build renders them
// (test/public/site-worker.test.ts); what that takes is gathered here.
//
// Usage: node scripts/astro-worker-build.ts <root> <outDir> <cacheDir> <siteCode>; the build's
// environment is this process's (buildEnv). Ends with {"result":"ok","ms"} or
// {"result":"failed","error"}.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cloudflare from '@astrojs/cloudflare';
import { type AstroIntegration, build } from 'astro';
import { transformSync } from 'esbuild';
import type { Plugin } from 'vite';
import { endWithParent } from './build-process.ts';
import { printFailure } from './failure.ts';

const [root = '', outDir = '', cacheDir = '', code = ''] = process.argv.slice(2);
if (!root || !outDir || !cacheDir || !/^[0-9a-f]{64}$/.test(code)) {
  console.error('Uso: node scripts/astro-worker-build.ts <raiz> <saída> <cache> <código do site>');
  process.exit(2);
}
endWithParent();
// No content read at build time (content.config.ts): on demand, every page is given its data.
process.env.PORTAL_CONTENT = 'none';

/** They write what only a whole static build has: the sitemap, the search index, the worker. */
const STATIC_ONLY = new Set([
  '@astrojs/sitemap',
  'guia-fortim:search-index',
  'guia-fortim:service-worker',
]);

/** Routes that stay prerendered in the Worker build: the icons draw with sharp (Node only). */
const prerenderedHere: AstroIntegration = {
  name: 'guia-fortim:worker-prerendered',
  hooks: {
    'astro:route:setup': ({ route }) => {
      if (/\/(favicon|apple-touch-icon|icon-[\w-]+)\.png\.ts$/.test(route.component)) {
        route.prerender = true;
      }
    },
  },
};

/**
 * @astrojs/cloudflare 14.3.3 sets its server banner (`globalThis.process ??= {}; …`) on the
 * top-level `vite.build`, which every Vite environment inherits: the client chunks would get it
 * too, and their hashes (every page's <script>/<link> URLs) would differ from the static
 * build's. And @cloudflare/vite-plugin gives the Worker's environment (ssr) cssTarget 'es2024',
 * where Astro emits the pages' CSS: other prefixes and hashes than the static build's, whose
 * prerender environment has Astro's 'esnext'.
 */
const likeTheStaticBuild: Plugin = {
  name: 'guia-fortim:like-the-static-build',
  enforce: 'post',
  configEnvironment(name) {
    if (name === 'client') return { build: { rolldownOptions: { output: { banner: '' } } } };
    if (name === 'ssr') return { build: { cssTarget: 'esnext' } };
  },
};

/**
 * lib/stats-script.ts minifies the listing-stats beacon with esbuild while a page renders: in
 * the Worker there is no esbuild (a native binary). In the Worker's environment only, the module
 * is swapped for one holding the same script made now, at build time, for the one endpoint a
 * build has (PUBLIC_API_URL is a build-time constant): the same statements as stats-script.ts,
 * so the same bytes.
 */
const STATS_SCRIPT = fileURLToPath(new URL('../src/lib/stats-script.ts', import.meta.url));
const STATS_BEACON = fileURLToPath(new URL('../src/lib/stats-beacon.ts', import.meta.url));
const statsAtBuildTime: Plugin = {
  name: 'guia-fortim:stats-script-at-build-time',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  load(id) {
    if (id !== STATS_SCRIPT) return;
    const api = (process.env.PUBLIC_API_URL ?? '').trim().replace(/\/+$/, '');
    const endpoint = api ? `${api}/api/events` : '';
    const call = `listenForStats(${JSON.stringify(endpoint).replaceAll('<', '\\u003c')});`;
    const script = endpoint
      ? transformSync(`${readFileSync(STATS_BEACON, 'utf8')}\n${call}`, {
          loader: 'ts',
          format: 'iife',
          minify: true,
          target: 'es2020',
        }).code.trim()
      : '';
    return `export function statsEndpoint(apiUrl) {
  const api = (apiUrl ?? '').trim().replace(/\\/+$/, '');
  return api ? \`\${api}/api/events\` : '';
}
const SCRIPTS = new Map([[${JSON.stringify(endpoint)}, ${JSON.stringify(script)}]]);
export function statsScript(endpoint) {
  const script = SCRIPTS.get(endpoint);
  if (script === undefined) throw new Error('stats script for an endpoint not known at build time: ' + endpoint);
  return script;
}
`;
  },
};

/**
 * lib/favorites/script.ts minifies the hearts' controller the same way, also while a page
 * renders: in the Worker's environment its favoritesScript() answers the text made now (its
 * attributes come from the domain, as in the static build).
 */
const FAVORITES_SCRIPT = fileURLToPath(new URL('../src/lib/favorites/script.ts', import.meta.url));
const FAVORITES_DEVICE = fileURLToPath(new URL('../src/lib/favorites/device.ts', import.meta.url));
const favoritesAtBuildTime: Plugin = {
  name: 'guia-fortim:favorites-script-at-build-time',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'ssr',
  load(id) {
    if (id !== FAVORITES_SCRIPT) return;
    const script = transformSync(
      `${readFileSync(FAVORITES_DEVICE, 'utf8')}\nlistenForFavorites(document.currentScript.dataset);`,
      { loader: 'ts', format: 'iife', minify: true, target: 'es2020' },
    ).code.trim();
    return `import { FAVORITE_LABELS, FAVORITES_MAX, FAVORITES_MESSAGES } from '@guia-fortim/domain';
export function favoritesScript() {
  return ${JSON.stringify(script)};
}
export const favoritesScriptData = {
  'data-max': String(FAVORITES_MAX),
  'data-words': JSON.stringify({ ...FAVORITE_LABELS, full: FAVORITES_MESSAGES.full }),
};
`;
  },
};

try {
  const started = performance.now();
  // Loaded after PORTAL_CONTENT is set, with this build's environment.
  const { default: config } = await import('../astro.config.ts');
  await build({
    ...config,
    root,
    configFile: false,
    output: 'server',
    // No sessions (no KV binding); images are the build's own files, served as they are.
    session: false,
    adapter: cloudflare({
      // Its input configuration: the bundle's wrangler.json is written from it (no `vars`: the
      // adapter would copy them into the build's process.env).
      configPath: 'wrangler.jsonc',
      imageService: 'passthrough',
      prerenderEnvironment: 'node',
    }),
    outDir,
    cacheDir,
    integrations: [
      ...(config.integrations ?? [])
        .flat()
        .filter((i): i is AstroIntegration => !!i && !STATIC_ONLY.has(i.name)),
      prerenderedHere,
    ],
    experimental: { ...config.experimental, incrementalBuild: false },
    vite: {
      ...config.vite,
      define: { ...config.vite?.define, __SITE_CODE__: JSON.stringify(code) },
      plugins: [
        ...(config.vite?.plugins ?? []),
        likeTheStaticBuild,
        statsAtBuildTime,
        favoritesAtBuildTime,
      ],
    },
  });
  const ms = Math.round(performance.now() - started);
  console.log(JSON.stringify({ result: 'ok', ms, maxRssKb: process.resourceUsage().maxRSS }));
} catch (error) {
  printFailure(error, root);
}
process.exit(0);
