// `npm run dev`: the parts of `npm start` with hot reload — db/local (the same data in .data/),
// the worker under `wrangler dev` (reloads on change), `astro dev` for the site and vite's dev
// server for the panel, behind one origin (default http://127.0.0.1:4321, the panel at /admin/).
// A content change in the panel reloads the site's data through the local deploy hook.
// Ctrl-C stops every process it started, and each ends with it however it ends (stack/leash.ts).
// SITE_PORT, SUPABASE_PORT, API_PORT and TURNSTILE_PORT change the ports, `-- --data-dir DIR` the
// data directory (default .data/).
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { buildEnv } from '@guia-fortim/portal/build';
import { assertPortFree } from './stack/addresses.ts';
import { startApi } from './stack/api.ts';
import { copyDemoPhotos, drawDemoPhotos } from './stack/demo-photo-cache.ts';
import { createDevOrigin, devSiteRunner } from './stack/dev-origin.ts';
import { leashed, whenAncestorGone } from './stack/leash.ts';
import { startLocalBuilds } from './stack/local-builds.ts';
import { panelConfig } from './stack/panel.ts';
import { ROOT } from './stack/root.ts';
import { startTurnstile } from './stack/turnstile.ts';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ports = {
  site: port('SITE_PORT', 4321),
  supabase: port('SUPABASE_PORT', 54321),
  api: port('API_PORT', 8787),
  turnstile: port('TURNSTILE_PORT', 8788),
};
const { values: flags } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const dataDir = resolve(flags['data-dir'] ?? join(ROOT, '.data'));
const stops: (() => Promise<unknown>)[] = [];
let stopping = false;

async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  console.log('\nParando o ambiente de desenvolvimento…');
  for (const stop of stops.reverse()) await stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
process.on('SIGHUP', () => shutdown(0));
// If npm (or the terminal's shell) is killed, stop as on Ctrl-C: the parts are on a leash to
// this process, which would otherwise keep them running.
whenAncestorGone(() => shutdown(0));

/** A dev server as a child process on a leash, its output shown with a prefix. */
async function devServer(name: string, cwd: string, args: string[], env: Record<string, string>) {
  const [command, leashArgs] = leashed('npx', ['--no-install', ...args]);
  const server = await startServer({
    command,
    args: leashArgs,
    cwd,
    env,
    timeoutMs: 90_000,
  });
  const show = (text: string) => {
    for (const line of text.split('\n')) if (line.trim()) console.log(`[${name}] ${line}`);
  };
  show(server.output());
  for (const stream of [server.process.stdout, server.process.stderr]) {
    stream?.on('data', (chunk: Buffer) => show(chunk.toString()));
  }
  return server;
}

try {
  await assertPortFree(ports.site, 'site e painel');
  const photos = drawDemoPhotos();
  photos.catch(() => {}); // awaited below, once the servers are up

  await assertPortFree(ports.turnstile, 'Turnstile local');
  const turnstile = await startTurnstile(ports.turnstile);
  stops.push(() => turnstile.stop());
  const builds = await startLocalBuilds();
  stops.push(() => builds.stop());
  const api = await startApi({
    dataDir,
    ports,
    turnstile,
    builds,
    log: (line) => console.log(line),
  });
  stops.push(() => api.stop());
  const { supabase, worker, env } = api;
  const devEnv = buildEnv(env);

  console.log('Iniciando o painel (vite) e o site (astro dev)…');
  const admin = await devServer(
    'painel',
    join(ROOT, 'admin'),
    ['vite', '--host', '127.0.0.1', '--port', '{port}', '--strictPort'],
    devEnv,
  );
  stops.push(() => admin.stop());

  const startSite = () =>
    devServer(
      'site',
      join(ROOT, 'sites', 'portal'),
      ['astro', 'dev', '--host', '127.0.0.1', '--port', '{port}'],
      devEnv,
    );
  let site: StartedServer | null = await startSite();
  stops.push(() => site?.stop() ?? Promise.resolve());

  await photos;
  const demoDir = join(dataDir, 'dev');
  await copyDemoPhotos(demoDir);

  const origin = createDevOrigin({
    admin: () => admin.port,
    panelConfig: panelConfig(env),
    site: () => site?.port ?? null,
    demoDir: join(demoDir, 'demo'),
  });
  builds.attach(
    devSiteRunner(async () => {
      const previous = site;
      site = null;
      await previous?.stop();
      site = await startSite();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    origin.once('error', reject);
    origin.listen(ports.site, '127.0.0.1', () => resolve());
  });
  stops.push(
    () =>
      new Promise<void>((resolve) => {
        origin.close(() => resolve());
        origin.closeAllConnections();
      }),
  );

  const accounts = Object.values(DEMO_ACCOUNTS)
    .map((a) => `  ${a.role.padEnd(9)}  ${a.email} / ${a.password}`)
    .join('\n');
  console.log(`
Guia Fortim em desenvolvimento (recarga automática)

  Site público          ${env.siteUrl}/          (astro dev)
  Painel administrativo ${env.siteUrl}/admin/    (vite)
  Supabase local        ${supabase.url}
  Caixa de e-mails      ${supabase.mailboxUrl}
  API (worker)          ${worker.url}  (wrangler dev)
  Turnstile (local)     ${turnstile.origin}

Contas de demonstração (apenas locais):
${accounts}

Alterações feitas no painel recarregam os dados do site. Ctrl-C para parar.`);
} catch (error) {
  console.error(
    `\nNão foi possível iniciar o ambiente de desenvolvimento: ${(error as Error).message}`,
  );
  await shutdown(1);
}
