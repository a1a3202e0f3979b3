// What the site Worker serves, built in one place for every way it is built: `npm run build:site`
// (the build command of Workers Builds, and of `npm run deploy`'s first deploy) and the dry run.
// The site from the Supabase project it is given (or, only when asked, the demo content of an
// in-memory db/local), the panel under /admin/ with its admin/config.json, _headers with the
// inline scripts' hashes and _redirects — then checked before anything is uploaded.
import { join } from 'node:path';
import { startLocalSupabase } from '@guia-fortim/local-supabase';
import { type SiteEnv, TURNSTILE_ORIGIN } from '@guia-fortim/portal/build';
import { WORKER_DIR } from '@guia-fortim/portal/worker-build';
import { addPanel, panelBuild, panelConfig } from '../stack/panel.ts';
import { ROOT } from '../stack/root.ts';
import { siteBuilder } from '../stack/site-build.ts';
import type { SiteConfig } from './config.ts';
import { validateSiteOutput } from './validate.ts';

/**
 * Where the output goes: the site Worker's assets, with the Worker built for them in `_worker/`
 * (its configuration, generated from sites/portal/wrangler.jsonc, is what `wrangler deploy -c`
 * deploys: siteWorkerConfig).
 */
export const SITE_OUTPUT = join(ROOT, '.data', 'deploy', 'site');

/** The deployable configuration of the site Worker built into `outDir`. */
export const siteWorkerConfig = (outDir: string) => join(outDir, WORKER_DIR, 'wrangler.json');

export function siteEnv(config: SiteConfig): SiteEnv {
  return {
    siteUrl: config.siteUrl,
    supabaseUrl: config.supabaseUrl,
    publishableKey: config.publishableKey,
    apiUrl: config.apiUrl,
    imagesUrl: config.imagesUrl,
    turnstile: { siteKey: config.turnstileSiteKey, origin: TURNSTILE_ORIGIN },
  };
}

/** Builds the whole output into `outDir`; resolves to why it failed, in one line, or null. */
export async function buildSiteOutput(
  outDir: string,
  config: SiteConfig,
  options: { demo?: boolean; log?: (line: string) => void } = {},
): Promise<string | null> {
  const log = options.log ?? (() => {});
  const env = siteEnv(config);
  log('Painel administrativo (vite build)');
  const admin = await panelBuild();
  if (!admin.ok) return `o build do painel falhou: ${lastLine(admin.log)}`;
  log(options.demo ? 'Site público (conteúdo de demonstração, em memória)' : 'Site público');
  const local = options.demo
    ? await startLocalSupabase({ port: 0, seed: true, quiet: true })
    : null;
  try {
    const site = await siteBuilder(env, {
      ...(local ? { data: { url: local.url, key: local.keys.publishableKey } } : {}),
    }).build(outDir);
    if (!site.ok) return site.reason ?? lastLine(site.log);
  } finally {
    await local?.stop();
  }
  // The panel reads its production origins at run time (admin/src/config.ts).
  addPanel(outDir, { dir: admin.dir, config: panelConfig(env) });
  log('Validação da saída');
  const findings = validateSiteOutput(outDir, env);
  return findings.length > 0 ? `a saída não está pronta: ${findings.join('; ')}` : null;
}

function lastLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .findLast((line) => line !== '') ?? 'sem mensagem'
  );
}
