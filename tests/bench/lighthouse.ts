// Lighthouse 13 (mobile preset, median of `runs`) on pages of a running site: the four category
// scores, LCP, TBT, CLS and the compressed bytes of JS, CSS, HTML and images — and what the same
// images would have cost as the JPEGs of the same sizes (AVIF/WebP against JPEG, one run).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { parseImageVariant } from '@guia-fortim/domain';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { chromiumLaunchOptions } from '../support/chromium.ts';

export type PageFigures = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: { js: number; css: number; html: number; images: number; imagesAsJpeg: number };
  /** Every run's performance score and TBT: single runs of one build differ by a few points. */
  runs: { performance: number; tbtMs: number }[];
};

type NetworkItem = {
  url?: string;
  resourceType?: string;
  transferSize?: number;
  resourceSize?: number;
};

/** The page's image bytes with every AVIF/WebP photo replaced by its JPEG of the same size. */
async function imageBytesAsJpeg(requests: NetworkItem[]): Promise<number> {
  let total = 0;
  for (const request of requests.filter((r) => r.resourceType === 'Image')) {
    const url = request.url ?? '';
    const transferred = request.transferSize ?? 0;
    const file = parseImageVariant(url);
    if (!file || file.format === 'jpeg') {
      total += transferred;
      continue;
    }
    const jpeg = await fetch(file.jpeg);
    if (!jpeg.ok) throw new Error(`${url}: sem o JPEG do mesmo tamanho (${jpeg.status})`);
    const headers = transferred - (request.resourceSize ?? transferred);
    total += (await jpeg.arrayBuffer()).byteLength + Math.max(0, headers);
  }
  return total;
}

export async function measurePages(
  siteUrl: string,
  pages: string[],
  runs: number,
  reportsDir?: string,
): Promise<PageFigures[]> {
  if (reportsDir) await mkdir(reportsDir, { recursive: true });
  const port = await freePort();
  const launch = chromiumLaunchOptions();
  const browser = await chromium.launch({
    ...launch,
    args: [...launch.args, `--remote-debugging-port=${port}`],
  });
  try {
    const figures: PageFigures[] = [];
    for (const path of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(`${siteUrl}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          blockedUrlPatterns: ['*maps.googleapis.com*', '*maps.gstatic.com*'],
        });
        if (!result) throw new Error(`Lighthouse não devolveu resultado para ${path}`);
        results.push(result.lhr);
        if (reportsDir) {
          const name = `${path.replaceAll('/', '_') || '_'}-${i + 1}.json`;
          await writeFile(join(reportsDir, name), JSON.stringify(result.lhr));
        }
      }
      const lhr = computeMedianRun(results);
      const score = (id: string, run = lhr) => Math.round((run.categories[id]?.score ?? 0) * 100);
      const metric = (id: string, run = lhr) => run.audits[id]?.numericValue ?? 0;
      const requests =
        (lhr.audits['network-requests']?.details as { items?: NetworkItem[] })?.items ?? [];
      const bytes = (type: string) =>
        requests
          .filter((r) => r.resourceType === type)
          .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
      figures.push({
        path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(metric('largest-contentful-paint')),
        tbtMs: Math.round(metric('total-blocking-time')),
        cls: Number(metric('cumulative-layout-shift').toFixed(3)),
        bytes: {
          js: bytes('Script'),
          css: bytes('Stylesheet'),
          html: bytes('Document'),
          images: bytes('Image'),
          imagesAsJpeg: await imageBytesAsJpeg(requests),
        },
        runs: results.map((run) => ({
          performance: score('performance', run),
          tbtMs: Math.round(metric('total-blocking-time', run)),
        })),
      });
      printPage(figures.at(-1) as PageFigures, figures.length === 1);
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function printPage(page: PageFigures, header: boolean) {
  const columns = ['desemp.', 'acess.', 'boas p.', 'SEO', 'LCP', 'TBT', 'CLS', 'JS', 'CSS', 'HTML'];
  if (header)
    console.log(
      'página'.padEnd(40) +
        [...columns, 'imagens', 'em JPEG'].map((h) => h.padStart(9)).join('') +
        '  cada execução (desemp./TBT)',
    );
  const values = [
    page.performance,
    page.accessibility,
    page.bestPractices,
    page.seo,
    `${page.lcpMs} ms`,
    `${page.tbtMs} ms`,
    page.cls.toFixed(3),
    kb(page.bytes.js),
    kb(page.bytes.css),
    kb(page.bytes.html),
    kb(page.bytes.images),
    kb(page.bytes.imagesAsJpeg),
  ];
  const cells = values.map((v) => String(v).padStart(9)).join('');
  const runs = page.runs.map((run) => `${run.performance}/${run.tbtMs}`).join(' ');
  console.log(`${page.path.padEnd(40)}${cells}  ${runs}`);
}
