// A bounded load generator: `concurrency` visitors, each requesting one URL after another from
// a mix (pages and the assets they load) until the duration is over, with compression accepted
// like a browser. Latency is measured to the last byte of each response.
import { median } from './figures.ts';

export type LoadFigures = {
  concurrency: number;
  durationS: number;
  requests: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** What the errors were: `HTTP <status>` or the network error's code. */
  errorKinds: Record<string, number>;
};

export async function runLoad(
  urls: string[],
  options: { concurrency: number; durationMs: number },
): Promise<LoadFigures> {
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const failed = (kind: string) => {
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  let next = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  const visitor = async () => {
    while (performance.now() < deadline) {
      const url = urls[next++ % urls.length] as string;
      const begin = performance.now();
      try {
        const response = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
        await response.arrayBuffer();
        if (!response.ok) failed(`HTTP ${response.status}`);
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        failed(cause?.code ?? cause?.message ?? (error as Error).name);
      }
      latencies.push(performance.now() - begin);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, visitor));
  const seconds = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  return {
    concurrency: options.concurrency,
    durationS: Math.round(seconds * 10) / 10,
    requests: sorted.length,
    requestsPerSecond: Math.round(sorted.length / seconds),
    p50Ms: Math.round(median(sorted)),
    p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    errors: Object.values(errorKinds).reduce((sum, n) => sum + n, 0),
    errorKinds,
  };
}

/** The pages and the same-origin scripts, islands, stylesheets and images their HTML names. */
export async function visitMix(siteUrl: string, pages: string[]): Promise<string[]> {
  const urls: string[] = [];
  for (const page of pages) {
    const html = await (await fetch(`${siteUrl}${page}`)).text();
    urls.push(`${siteUrl}${page}`);
    for (const match of html.matchAll(
      /(?:src|href|component-url|renderer-url)="(\/[^"/][^"]*\.(?:js|css|jpg|webp|png|svg))"/g,
    ))
      urls.push(`${siteUrl}${match[1]}`);
  }
  // Only what answers now: the generated listings' photos (tests/bench/listings.ts) name a file
  // no build has, and a 404 there is the data's, not a failure of the site under load.
  const answered = await Promise.all(
    [...new Set(urls)].map(async (url) => ((await fetch(url)).ok ? url : null)),
  );
  const kept = new Set(answered.filter((url): url is string => url !== null));
  return urls.filter((url) => kept.has(url));
}
