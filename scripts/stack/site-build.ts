// One site build as `npm run build:site` makes it, for the SiteBuilder and `npm run deploy`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildEnv, buildSite, type SiteEnv } from '@guia-fortim/portal/build';
import { copyDemoPhotos } from './demo-photo-cache.ts';
import { inlineScriptHashes, renderHeaders, type SiteOrigins } from './headers.ts';
import { addPanel, type PanelFiles } from './panel.ts';
import type { BuildSite } from './site-builder.ts';
import { placeSiteWorker } from './site-worker-bundles.ts';

/**
 * Site builds for the SiteBuilder (or one for `npm run deploy`), as `npm run build:site` makes
 * them: astro build into the fresh directory, its _headers, then the site Worker that serves it
 * (site-worker-bundles.ts), which reads its data from the same Supabase. `data` is where the build
 * reads its content when that differs from the browser's Supabase. Each build runs in a process
 * of its own, as Workers Builds runs it; with `cacheDir`, the builds share Astro's cache
 * (incremental: see sites/portal/README.md).
 */
export function siteBuilder(
  env: SiteEnv,
  options: {
    onLine?: (line: string) => void;
    data?: { url: string; key: string };
    /** Copy the drawn demo photos (/demo/…, referenced by the seed) into each build. */
    demoPhotos?: boolean;
    /** Put the panel into each build (the served origin is the build, as the deployed site Worker's assets). */
    panel?: PanelFiles;
    /** Astro's cache directory, kept between these builds (they run one at a time). */
    cacheDir?: string;
  } = {},
): { build: BuildSite } {
  const siteEnv = {
    ...buildEnv(env),
    ...(options.data
      ? { SUPABASE_URL: options.data.url, SUPABASE_PUBLISHABLE_KEY: options.data.key }
      : {}),
  };
  const { onLine, cacheDir } = options;
  const build: BuildSite = async (outDir) => {
    const result = await buildSite(outDir, siteEnv, { onLine, cacheDir });
    if (!result.ok) return result;
    const origins: SiteOrigins = {
      supabaseUrl: env.supabaseUrl,
      apiUrl: env.apiUrl,
      imagesUrl: env.imagesUrl,
      turnstileUrl: env.turnstile?.origin,
    };
    const https = env.siteUrl.startsWith('https:');
    const scriptHashes = inlineScriptHashes(outDir);
    writeFileSync(join(outDir, '_headers'), renderHeaders(origins, { https, scriptHashes }));
    if (options.demoPhotos) await copyDemoPhotos(outDir);
    if (options.panel) addPanel(outDir, options.panel);
    const worker = await placeSiteWorker(
      outDir,
      siteEnv,
      // The Supabase the deployed site reads (a dry run's build reads demo content elsewhere).
      { SUPABASE_URL: env.supabaseUrl, SUPABASE_PUBLISHABLE_KEY: env.publishableKey },
      { onLine },
    );
    return worker.ok ? { ok: true, log: `${result.log}\n${worker.log}` } : worker;
  };
  return { build };
}
