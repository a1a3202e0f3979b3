// npm run bench -w admin: what the panel costs before its first screen is usable.
// 1. From the build manifest: the JS (gzip) the entry needs plus the dashboard route, and what
//    each other screen adds when opened (every screen is its own lazy chunk).
// 2. In Chromium with a throttled mobile-like profile (150 ms RTT, 1.6 Mbit/s down, CPU 4×):
//    time from navigation until the dashboard shows its real counts, and the JS transferred by
//    then; median of 5 cold runs against db/local (in memory, demo seed) with the demo admin.
// Prints figures and writes them to .data/bench/admin.json for the root report; asserts nothing.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { freePort } from '@guia-fortim/db/testing';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { type BrowserContext, chromium } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';

const here = import.meta.dirname;
const dist = join(here, 'dist');
const RUNS = 5;

type Chunk = {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
};

function gzipSize(file: string): number {
  return gzipSync(readFileSync(join(dist, file))).length;
}

function staticClosure(manifest: Record<string, Chunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function manifestFigures() {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) as string;
  // The entry loads the configuration, then the panel (src/App.tsx) with everything it imports.
  const entry = staticClosure(manifest, 'src/App.tsx', staticClosure(manifest, entryKey));
  const size = (keys: Iterable<string>) =>
    [...keys].reduce((sum, key) => sum + gzipSize(manifest[key]?.file as string), 0);
  const routes = Object.entries(manifest).filter(
    ([key]) => key.startsWith('src/') && !entry.has(key),
  );
  const dashboardKey = routes.find(([key]) => key.endsWith('Dashboard.tsx'))?.[0] as string;
  const firstScreen = staticClosure(manifest, dashboardKey, new Set(entry));
  const screens: Record<string, number> = {};
  console.log('Painel: JS (gzip) antes da primeira tela utilizável');
  console.log(`  entrada (react-admin, MUI, supabase-js, regras): ${kb(size(entry))}`);
  console.log(`  + rota do dashboard: ${kb(size(firstScreen) - size(entry))}`);
  console.log(`  total até o dashboard: ${kb(size(firstScreen))}`);
  console.log('  cada outra tela, ao ser aberta, acrescenta:');
  for (const [key] of routes) {
    if (key === dashboardKey) continue;
    const extra = [...staticClosure(manifest, key)].filter((k) => !entry.has(k));
    screens[key.replace('src/', '')] = size(extra);
    console.log(`    ${key.replace('src/', '')}: ${kb(size(extra))}`);
  }
  return {
    entryBytes: size(entry),
    firstScreenBytes: size(firstScreen),
    firstScreenFiles: [...firstScreen].map((key) => manifest[key]?.file as string),
    screenBytes: screens,
  };
}

function serveDist(port: number) {
  const types: Record<string, string> = {
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.html': 'text/html; charset=utf-8',
    '.json': 'application/json',
  };
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    let file = normalize(path.replace(/^\/admin\/?/, '')).replace(/^(\.\.[/\\])+/, '');
    try {
      if (!file || !statSync(join(dist, file)).isFile()) file = 'index.html';
    } catch {
      file = 'index.html';
    }
    const body = gzipSync(readFileSync(join(dist, file)));
    response.writeHead(200, {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Content-Encoding': 'gzip',
    });
    response.end(body);
  });
  return new Promise<typeof server>((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve(server)),
  );
}

type BundleReport = {
  nodeParts: Record<string, { gzipLength: number }>;
  nodeMetas: Record<string, { id: string; moduleParts: Record<string, string> }>;
};

/** The package a bundled module comes from ('admin/src' and the domain for our own). */
function packageOf(moduleId: string): string {
  const installed = moduleId.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (installed) return installed[1] as string;
  if (moduleId.includes('/db/domain/')) return '@guia-fortim/domain';
  return moduleId.includes('/admin/src/') ? 'admin/src' : 'outros';
}

/**
 * What the JS before the dashboard is made of, by package, from rollup-plugin-visualizer's data:
 * each module's gzip size alone (their sum is larger than the chunks', which compress together).
 */
function firstScreenPackages(report: BundleReport, files: Set<string>): Record<string, number> {
  const sizes = new Map<string, number>();
  for (const meta of Object.values(report.nodeMetas)) {
    for (const [file, part] of Object.entries(meta.moduleParts)) {
      if (!files.has(file)) continue;
      const name = packageOf(meta.id);
      sizes.set(name, (sizes.get(name) ?? 0) + (report.nodeParts[part]?.gzipLength ?? 0));
    }
  }
  return Object.fromEntries([...sizes].sort((a, b) => b[1] - a[1]));
}

const LARGE_LIST = 10_000;
const OLDEST = 'Pousada Mais Antiga do Bench';

/**
 * With LARGE_LIST lodgings (and the oldest named OLDEST): the time until the panel's lodging list
 * shows its first page, and until 'Buscar por nome' finds the oldest one; medians of RUNS runs.
 */
async function largeList(
  supabase: LocalSupabase,
  siteUrl: string,
  newContext: () => Promise<BrowserContext>,
): Promise<{ openedMs: number; firstPageMs: number; searchMs: number }> {
  await supabase.database.exec(`
    insert into public.hospedagens (name, description, address, price, phone, image_url, categorias, created_at)
    select 'Pousada Bench ' || n, 'Quartos com vista para o rio.', 'Rua da Praia, ' || n, 200,
           '5588999990000', '/images/pousada-hero.jpg', array['Pousada'],
           now() - make_interval(mins => n)
    from generate_series(1, ${LARGE_LIST - 1}) as n;
    insert into public.hospedagens (name, description, address, price, phone, image_url, categorias, created_at)
    values ('${OLDEST}', 'A primeira de todas.', 'Rua da Praia, 1', 200, '5588999990000',
            '/images/pousada-hero.jpg', array['Pousada'], '1999-01-01');
  `);
  const opened: number[] = [];
  const firstPage: number[] = [];
  const search: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await newContext();
    const page = await context.newPage();
    const rows = page.getByTestId('listing-row');
    // A fresh tab straight on the list: the panel starts, then reads the first page.
    let started = Date.now();
    await page.goto(`${siteUrl}/admin/hospedagens`);
    await rows.first().waitFor({ timeout: 60_000 });
    opened.push(Date.now() - started);
    // As an admin moves: from the dashboard, through the menu.
    await page.goto(`${siteUrl}/admin/dashboard`);
    await page.getByTestId('count-hospedagens').getByText(/^\d+$/).waitFor({ timeout: 60_000 });
    started = Date.now();
    await page
      .getByRole('navigation', { name: 'Menu do painel' })
      .getByRole('link', { name: 'Hospedagens' })
      .click();
    await rows.first().waitFor({ timeout: 60_000 });
    firstPage.push(Date.now() - started);
    started = Date.now();
    await page.getByLabel('Buscar por nome').fill(OLDEST);
    await rows.filter({ hasText: OLDEST }).waitFor({ timeout: 60_000 });
    search.push(Date.now() - started);
    await context.close();
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  return { openedMs: median(opened), firstPageMs: median(firstPage), searchMs: median(search) };
}

async function main() {
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;
  const supabase = await startLocalSupabase({
    port: await freePort(),
    seed: true,
    siteUrl,
  });
  const out =
    process.env.BENCH_DIR ?? join(process.env.INIT_CWD ?? process.cwd(), '.data', 'bench');
  mkdirSync(out, { recursive: true });
  // The build also writes the treemap (panel-bundle.html) and its data (vite.config.ts).
  const built = spawnSync('npx', ['--no-install', 'vite', 'build'], {
    cwd: here,
    stdio: 'ignore',
    env: { ...process.env, PANEL_BUNDLE_REPORT: out },
  });
  if (built.status !== 0) {
    await supabase.stop();
    throw new Error('A build do painel falhou.');
  }
  // What the panel reads at runtime (src/config.ts); the worker is not needed for the dashboard.
  const config = { supabaseUrl: supabase.url, publishableKey: supabase.keys.publishableKey };
  writeFileSync(join(dist, 'config.json'), JSON.stringify({ ...config, apiUrl: '' }));
  const bundle = manifestFigures();
  const report = JSON.parse(readFileSync(join(out, 'panel-bundle.json'), 'utf8')) as BundleReport;
  const packages = firstScreenPackages(report, new Set(bundle.firstScreenFiles));
  console.log(
    '  do que é feito (gzip de cada módulo, somado por pacote; mapa em panel-bundle.html):',
  );
  for (const [name, bytes] of Object.entries(packages).slice(0, 12)) {
    console.log(`    ${name}: ${kb(bytes)}`);
  }
  const server = await serveDist(sitePort);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const client = createClient(supabase.url, supabase.keys.publishableKey, {
      auth: { persistSession: false },
    });
    const { data, error } = await client.auth.signInWithPassword({
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_ACCOUNTS.admin.password,
    });
    if (error || !data.session) throw error ?? new Error('sem sessão');
    const storageKey = `sb-${new URL(supabase.url).hostname.split('.')[0]}-auth-token`;
    const times: number[] = [];
    const scripts: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext();
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [storageKey, JSON.stringify(data.session)],
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const started = Date.now();
      await page.goto(`${siteUrl}/admin/dashboard`);
      await page.getByTestId('count-hospedagens').getByText(/^\d+$/).waitFor({ timeout: 120_000 });
      times.push(Date.now() - started);
      scripts.push(
        await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.name.endsWith('.js'))
            .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).transferSize, 0),
        ),
      );
      await context.close();
    }
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const large = await largeList(supabase, siteUrl, async () => {
      const context = await browser.newContext();
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key as string, value as string),
        [storageKey, JSON.stringify(data.session)],
      );
      return context;
    });
    console.log(
      'Chromium, perfil lento (RTT 150 ms, 1,6 Mbit/s, CPU 4×), mediana de 5 execuções a frio:',
    );
    console.log(
      `  tempo até o dashboard com as contagens reais: ${(median(times) / 1000).toFixed(2)} s`,
    );
    console.log(`  JS transferido até lá (gzip): ${kb(median(scripts))}`);
    console.log(
      `Lista de hospedagens com ${LARGE_LIST} itens (sem limitação de rede), mediana de ${RUNS}:`,
    );
    console.log(`  primeira página, aberta pelo menu: ${(large.firstPageMs / 1000).toFixed(2)} s`);
    console.log(
      `  primeira página numa aba nova (o painel inicia): ${(large.openedMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `  a mais antiga encontrada por 'Buscar por nome': ${(large.searchMs / 1000).toFixed(2)} s`,
    );
    const { firstScreenFiles: _files, ...sizes } = bundle;
    const figures = {
      ...sizes,
      firstScreenPackages: packages,
      runs: RUNS,
      firstUsableMs: median(times),
      transferredJsBytes: median(scripts),
      largeList: { listings: LARGE_LIST, ...large },
    };
    writeFileSync(join(out, 'admin.json'), `${JSON.stringify(figures, null, 2)}\n`);
  } finally {
    await browser.close();
    server.close();
    await supabase.stop();
  }
}

await main();
