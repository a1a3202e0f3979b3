// The site search as a visitor on a phone meets it: the time from opening /busca?q=… to the first
// results drawn, and the bytes that first search transfers (its script, Pagefind's script and
// WebAssembly, the index pieces), with a cold cache and without the service worker; and the size
// of the whole index a build writes (what the service worker keeps for offline search).
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../support/chromium.ts';

export type SearchFigures = {
  query: string;
  runs: number;
  firstResultsMs: number;
  /** Compressed bytes the first search transfers beyond the page: scripts + WebAssembly. */
  scriptBytes: number;
  wasmBytes: number;
  indexBytes: number;
};

export type IndexSize = { files: number; bytes: number };

/** Every file of a build's search index (`pagefind/`). */
export async function indexSize(buildDir: string): Promise<IndexSize> {
  const entries = await readdir(join(buildDir, 'pagefind'), {
    recursive: true,
    withFileTypes: true,
  });
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureSearch(
  siteUrl: string,
  query: string,
  runs: number,
): Promise<SearchFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const times: number[] = [];
  let bytes = { scriptBytes: 0, wasmBytes: 0, indexBytes: 0 };
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      const page = await context.newPage();
      const sizes: Promise<{ kind: keyof typeof bytes; size: number }>[] = [];
      page.on('requestfinished', (request) => {
        const path = new URL(request.url()).pathname;
        const kind = path.endsWith('.js')
          ? 'scriptBytes'
          : path.endsWith('.pagefind')
            ? 'wasmBytes'
            : path.startsWith('/pagefind/')
              ? 'indexBytes'
              : null;
        if (kind)
          sizes.push(
            request
              .sizes()
              .then((s) => ({ kind, size: s.responseBodySize + s.responseHeadersSize })),
          );
      });
      await page.goto(`${siteUrl}/busca?q=${encodeURIComponent(query)}`);
      await page.locator('[data-search-results][data-state="pronto"]').waitFor();
      times.push(await page.evaluate(() => performance.now()));
      bytes = { scriptBytes: 0, wasmBytes: 0, indexBytes: 0 };
      for (const { kind, size } of await Promise.all(sizes)) bytes[kind] += size;
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { query, runs, firstResultsMs: Math.round(median(times)), ...bytes };
}
