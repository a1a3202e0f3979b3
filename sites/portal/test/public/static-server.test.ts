import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseRedirects,
  type StaticServer,
  startStaticServer,
} from '../../scripts/static-server.ts';
import { LEGACY_REDIRECTS } from '../../src/lib/redirects.ts';

let dir: string;
let site: StaticServer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'portal-static-'));
  await mkdir(join(dir, 'hospedagem'));
  await mkdir(join(dir, '_astro'));
  await writeFile(join(dir, 'index.html'), '<h1>Início</h1>');
  await writeFile(join(dir, 'hospedagem.html'), '<h1>Hospedagem</h1>'.repeat(50));
  await writeFile(join(dir, 'hospedagem', 'casa.html'), '<h1>Casa</h1>');
  await writeFile(join(dir, '404.html'), '<h1>404</h1>');
  await writeFile(join(dir, '_astro', 'app.js'), 'console.log(1)');
  await writeFile(join(dir, '_redirects'), '/velho /hospedagem 301\n/com%C3%A9rcio /novo 301\n');
  site = await startStaticServer(dir);
});
afterAll(async () => {
  await site?.close();
  await rm(dir, { recursive: true, force: true });
});

const get = (path: string, encoding = 'identity') =>
  fetch(`${site.url}${path}`, { redirect: 'manual', headers: { 'Accept-Encoding': encoding } });

/** The raw bytes on the wire (fetch would decompress them). */
function raw(path: string, encoding: string): Promise<{ encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${site.url}${path}`, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          encoding: response.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
    })
      .on('error', reject)
      .end();
  });
}

describe('the static server', () => {
  it('serves clean addresses, pages in folders and the root', async () => {
    expect(await (await get('/')).text()).toBe('<h1>Início</h1>');
    expect((await get('/hospedagem')).status).toBe(200);
    expect(await (await get('/hospedagem/casa')).text()).toBe('<h1>Casa</h1>');
    const html = await get('/hospedagem.html');
    expect(html.status).toBe(308);
    expect(html.headers.get('location')).toBe('/hospedagem');
  });

  it('answers unknown addresses and escapes from the folder with the 404 page', async () => {
    const missing = await get('/nada');
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>404</h1>');
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });

  it('follows _redirects, also for encoded addresses', async () => {
    const moved = await get('/velho');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/hospedagem');
    expect((await get('/com%C3%A9rcio')).headers.get('location')).toBe('/novo');
  });

  it('compresses text with brotli or gzip and caches hashed assets for good', async () => {
    const original = await readFile(join(dir, 'hospedagem.html'));
    const br = await raw('/hospedagem', 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(br.body.length).toBeLessThan(original.length / 5);
    expect(brotliDecompressSync(br.body)).toEqual(original);
    const gz = await raw('/hospedagem', 'gzip');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body)).toEqual(original);
    const asset = await get('/_astro/app.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
  });

  it('serves a rebuilt file, not a stale compressed copy', async () => {
    await raw('/hospedagem/casa', 'br');
    await writeFile(join(dir, 'hospedagem', 'casa.html'), '<h1>Casa nova</h1>');
    const fresh = await raw('/hospedagem/casa', 'br');
    expect(brotliDecompressSync(fresh.body).toString()).toBe('<h1>Casa nova</h1>');
  });
});

describe('the old commerce addresses', () => {
  it('are the same in public/_redirects (Cloudflare Pages) and in the Astro redirects', async () => {
    const file = await readFile(new URL('../../public/_redirects', import.meta.url), 'utf8');
    const rules = parseRedirects(file);
    const fromFile = new Map(rules.map((rule) => [rule.from, rule.to]));
    for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) expect(fromFile.get(from)).toBe(to);
    expect(new Set(rules.map((rule) => rule.from))).toEqual(new Set(Object.keys(LEGACY_REDIRECTS)));
    expect(rules.every((rule) => rule.status === 301)).toBe(true);
  });
});
