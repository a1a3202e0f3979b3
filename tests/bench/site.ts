// `npm run bench`, public site: figures, not a test.
//  1. Lighthouse 13 (mobile preset, Debian Chromium, median of 3) on the demo site served
//     compressed from 127.0.0.1: the four category scores, LCP, TBT, CLS and the compressed bytes
//     of JS, CSS, HTML and images per page.
//  2. Build time and peak memory with 100, 1,000 and 10,000 generated listings, and the size of a
//     list page (it must not grow with the number of listings).
// Usage: node bench/site.ts [--lighthouse-only | --build-only] [--runs N] [--sizes 100,1000]
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_IMAGE_STYLES } from '@guia-fortim/db';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/db/local';
import { freePort } from '@guia-fortim/db/testing';
import { type Browser, chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import {
  buildEnv,
  buildSite,
  copyDemoPhotos,
  drawDemoPhotos,
  PORTAL_DIR,
  runNode,
} from '../../sites/portal/scripts/build-site.ts';
import { startStaticServer } from '../../sites/portal/scripts/static-server.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

const RUNS = Number(option('--runs') ?? 3);
const SIZES = (option('--sizes') ?? '100,1000,10000').split(',').map(Number);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function lighthouseSection() {
  console.log(`\n== Site público: Lighthouse 13, móvel, mediana de ${RUNS} ==`);
  const supabase = await startLocalSupabase({ port: 0, seed: true, quiet: true });
  const outDir = await mkdtemp(join(tmpdir(), 'guia-fortim-bench-'));
  let site: Awaited<ReturnType<typeof startStaticServer>> | undefined;
  let browser: Browser | undefined;
  try {
    site = await startStaticServer(outDir, 0);
    await Promise.all([
      buildSite(outDir, {
        siteUrl: site.url,
        supabaseUrl: supabase.url,
        publishableKey: supabase.keys.publishableKey,
      }),
      drawDemoPhotos(),
    ]);
    await copyDemoPhotos(outDir);
    const { rows } = await supabase.database.query<{ slug: string }>(
      'select slug from public.hospedagens order by is_pinned desc, pin_order, created_at desc limit 1',
    );
    const pages = [
      '/',
      '/hospedagem',
      '/comercio',
      '/passeios',
      '/mapa',
      `/hospedagem/${rows[0]?.slug}`,
    ];
    const port = await freePort();
    const launch = chromiumLaunchOptions();
    browser = await chromium.launch({
      ...launch,
      args: [...launch.args, `--remote-debugging-port=${port}`],
    });
    const header =
      'página'.padEnd(40) +
      ['desemp.', 'acess.', 'boas p.', 'SEO', 'LCP', 'TBT', 'CLS', 'JS', 'CSS', 'HTML', 'imagens']
        .map((h) => h.padStart(9))
        .join('');
    console.log(header);
    for (const path of pages) {
      const results = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${site.url}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          blockedUrlPatterns: ['*maps.googleapis.com*', '*maps.gstatic.com*'],
        });
        if (!result) throw new Error(`Lighthouse não devolveu resultado para ${path}`);
        results.push(result.lhr);
      }
      const lhr = computeMedianRun(results);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? 0;
      const requests =
        (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ?? [];
      const bytes = (type: string) =>
        requests
          .filter((r) => r.resourceType === type)
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      console.log(
        path.padEnd(40) +
          [
            String(score('performance')),
            String(score('accessibility')),
            String(score('best-practices')),
            String(score('seo')),
            `${Math.round(metric('largest-contentful-paint'))} ms`,
            `${Math.round(metric('total-blocking-time'))} ms`,
            metric('cumulative-layout-shift').toFixed(3),
            kb(bytes('Script')),
            kb(bytes('Stylesheet')),
            kb(bytes('Document')),
            kb(bytes('Image')),
          ]
            .map((v) => v.padStart(9))
            .join(''),
      );
    }
  } finally {
    await browser?.close();
    await site?.close();
    await supabase.stop();
    await rm(outDir, { recursive: true, force: true });
  }
}

type NetworkItem = { resourceType?: string; transferSize?: number };

/** Inserts `total` listings, as evenly as possible across the three kinds. */
async function generateListings(supabase: LocalSupabase, total: number) {
  const [lodging = 0, business = 0, tours = 0] = [0, 1, 2].map(
    (i) => Math.floor(total / 3) + (i < total % 3 ? 1 : 0),
  );
  const styles = JSON.stringify(DEFAULT_IMAGE_STYLES);
  const common = `'Descrição gerada para medir o build: praia, rio, dunas e boa comida em Fortim.',
    '5588999110001', 4.5, '/demo/bench/foto-1-hero.jpg', '{}', '{Wi-Fi}', '${styles}'::jsonb`;
  await supabase.database.exec(`
    insert into public.hospedagens
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       address, price, categorias)
    select 'Hospedagem ' || n, ${common}, 'Rua ' || n || ', Fortim - CE', 100 + n % 500, '{Pousada}'
    from generate_series(1, ${lodging}) as n;
    insert into public.comercios
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       address, horario, categoria)
    select 'Comércio ' || n, ${common}, 'Praça ' || n || ', Fortim - CE', '8h às 18h', 'Loja'
    from generate_series(1, ${business}) as n;
    insert into public.passeios
      (name, description, phone, rating, image_url, additional_images, amenities, image_styles,
       price, duracao, ponto_encontro, itens_incluidos, categoria)
    select 'Passeio ' || n, ${common}, 50 + n % 300, '3 horas', 'Porto', '{Água}', 'Natureza'
    from generate_series(1, ${tours}) as n;
  `);
}

async function buildSection() {
  console.log('\n== Site público: build com listagens geradas ==');
  console.log(
    `${'listagens'.padStart(10)}${'páginas'.padStart(10)}${'tempo'.padStart(10)}${'memória pico'.padStart(14)}${'/hospedagem (HTML)'.padStart(20)}${'JSON restante'.padStart(16)}`,
  );
  for (const size of SIZES) {
    const supabase = await startLocalSupabase({ port: 0, seed: false, quiet: true });
    const outDir = await mkdtemp(join(tmpdir(), 'guia-fortim-bench-build-'));
    try {
      await generateListings(supabase, size);
      const output = await runNode(
        [join(PORTAL_DIR, 'scripts', 'measure-build.ts'), outDir],
        PORTAL_DIR,
        buildEnv({
          siteUrl: 'http://127.0.0.1:4321',
          supabaseUrl: supabase.url,
          publishableKey: supabase.keys.publishableKey,
        }),
      );
      const figures = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
        ms: number;
        maxRssKb: number;
      };
      const listPage = (await stat(join(outDir, 'hospedagem.html'))).size;
      const rest = (await stat(join(outDir, 'dados', 'hospedagem-restantes.json'))).size;
      const sitemap = await readFile(join(outDir, 'sitemap-0.xml'), 'utf8');
      const pages = (sitemap.match(/<loc>/g) ?? []).length;
      console.log(
        [
          String(size).padStart(10),
          String(pages).padStart(10),
          `${(figures.ms / 1000).toFixed(1)} s`.padStart(10),
          `${Math.round(figures.maxRssKb / 1024)} MB`.padStart(14),
          kb(listPage).padStart(20),
          kb(rest).padStart(16),
        ].join(''),
      );
    } finally {
      await supabase.stop();
      await rm(outDir, { recursive: true, force: true });
    }
  }
}

if (!args.includes('--build-only')) await lighthouseSection();
if (!args.includes('--lighthouse-only')) await buildSection();
