import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHeaders } from '../stack/headers.ts';
import {
  createOrigin,
  deployHookPath,
  newDeployHookSecret,
  parseRedirects,
} from '../stack/origin.ts';

const HOOK_SECRET = newDeployHookSecret();

import { SiteBuilder } from '../stack/site-builder.ts';

let root: string;
let server: Server;
let base: string;
let publisher: SiteBuilder;
const panelConfig = {
  supabaseUrl: 'http://127.0.0.1:54321',
  publishableKey: 'sb_publishable_local',
  apiUrl: 'http://127.0.0.1:8787',
};

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'origin-'));
  const admin = join(root, 'admin');
  write(join(admin, 'index.html'), '<div id="root">painel</div>');
  write(join(admin, 'assets', 'app-abc.js'), 'console.log("painel")');
  publisher = new SiteBuilder(join(root, 'site'), async (out) => {
    write(join(out, 'index.html'), `<h1>${'Início '.repeat(200)}</h1>`);
    write(join(out, 'hospedagem', 'index.html'), '<h1>Hospedagens em Fortim</h1>');
    write(join(out, 'passeios.html'), '<h1>Passeios e Experiências</h1>');
    write(join(out, '404.html'), '<h1>404</h1><p>Oops! Page not found</p>');
    write(join(out, '_astro', 'page.1a2b.js'), 'export{}');
    write(
      join(out, '_headers'),
      renderHeaders(
        {
          supabaseUrl: 'http://127.0.0.1:54321',
          apiUrl: 'http://127.0.0.1:8787',
          imagesUrl: 'http://127.0.0.1:8787/images',
        },
        { https: false },
      ),
    );
    write(join(out, '_redirects'), '/comercios /comercio 301\n/com%C3%A9rcio /comercio 301\n');
    return { ok: true, log: '' };
  });
  publisher.request();
  await publisher.idle();
  // A config.json inside the build must never win over the running stack's values.
  write(join(admin, 'config.json'), '{"supabaseUrl":"https://velho.example"}');
  server = createOrigin({
    publisher,
    admin: { dir: admin, config: panelConfig },
    deployHookSecret: HOOK_SECRET,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(root, { recursive: true, force: true });
});

describe('local origin', () => {
  it('serves pages as directories or clean .html files, compressed when asked', async () => {
    for (const path of ['/hospedagem', '/hospedagem/', '/passeios']) {
      const response = await fetch(base + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(/Hospedagens em Fortim|Passeios e Experiências/);
    }
    const slash = await fetch(`${base}/passeios/?categoria=Aventura`, { redirect: 'manual' });
    expect(slash.status).toBe(308);
    expect(slash.headers.get('location')).toBe('/passeios?categoria=Aventura');
    const raw = await new Promise<{ headers: Headers; body: Buffer }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(`${base}/`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () =>
            resolve({
              headers: new Headers(res.headers as Record<string, string>),
              body: Buffer.concat(chunks),
            }),
          );
        }).on('error', reject),
      );
    });
    expect(raw.headers.get('content-encoding')).toBe('gzip');
    expect(raw.body.length).toBeLessThan(400);
    expect(gunzipSync(raw.body).toString()).toContain('Início');
  });

  it('applies _headers: immutable hashed assets, revalidated HTML, the security policy', async () => {
    const asset = await fetch(`${base}/_astro/page.1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const panelAsset = await fetch(`${base}/admin/assets/app-abc.js`);
    expect(panelAsset.status).toBe(200);
    expect(panelAsset.headers.get('cache-control')).toContain('immutable');
    const html = await fetch(`${base}/`);
    expect(html.status).toBe(200);
    expect(html.headers.get('cache-control')).toBe('no-cache');
    const csp = html.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('connect-src');
    expect(csp).toContain('http://127.0.0.1:54321');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(html.headers.get('x-frame-options')).toBe('DENY');
  });

  it('follows _redirects, including the accented legacy path', async () => {
    for (const path of ['/comercios', '/comércio', '/comercios/']) {
      const response = await fetch(base + encodeURI(path), { redirect: 'manual' });
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/comercio');
    }
  });

  it('answers unknown paths with the 404 page and never leaves the site directory', async () => {
    const missing = await fetch(`${base}/nao-existe`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Oops! Page not found');
    const traversal = await fetch(`${base}/..%2F..%2F..%2Fetc%2Fpasswd`);
    expect(traversal.status).toBe(404);
    expect(await traversal.text()).not.toContain('root:');
  });

  it('never redirects off the site, whatever the path encodes', async () => {
    for (const path of ['/%2Fevil.example/..%2Fpasseios/', '/%5Cevil.example/..%2Fpasseios/']) {
      const response = await fetch(base + path, { redirect: 'manual' });
      const location = response.headers.get('location');
      if (location !== null) expect(new URL(location, base).origin, path).toBe(base);
    }
    const slash = await fetch(`${base}/passeios/?x=1`, { redirect: 'manual' });
    expect([slash.status, slash.headers.get('location')]).toEqual([308, '/passeios?x=1']);
  });

  it("does not serve the build's _headers and _redirects, as Cloudflare Pages does not", async () => {
    for (const path of ['/_headers', '/_redirects']) {
      const response = await fetch(base + path);
      expect([path, response.status]).toEqual([path, 404]);
      expect(await response.text()).not.toContain('/comercios /comercio');
    }
  });

  it('serves the admin panel under /admin/ with its single-page fallback', async () => {
    const deep = await fetch(`${base}/admin/hospedagens/editar/123`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('painel');
    const asset = await fetch(`${base}/admin/assets/app-abc.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toContain('console.log');
  });

  it("answers /admin/config.json with the running stack's origins, never cached", async () => {
    const config = await fetch(`${base}/admin/config.json`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(config.headers.get('cache-control')).toBe('no-cache');
    expect(config.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await config.json()).toEqual(panelConfig);
    const head = await fetch(`${base}/admin/config.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('takes deploy-hook requests at its secret address only, and reports the state', async () => {
    const hook = `${base}${deployHookPath(HOOK_SECRET)}`;
    const post = await fetch(hook, { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(post.status).toBe(202);
    // Called by the worker, never by a page: no CORS.
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    await publisher.idle();
    const state = await (await fetch(hook)).json();
    expect(state).toMatchObject({ state: 'live', builds: 2, error: null });
    expect(state).not.toHaveProperty('log');
    for (const guess of ['/__deploy-hook', `/__deploy-hook/${HOOK_SECRET}x`, '/__deploy-hook/']) {
      // Like any other path: a static file nobody may write, and no page.
      expect((await fetch(base + guess, { method: 'POST' })).status, guess).toBe(405);
      expect((await fetch(base + guess)).status, guess).toBe(404);
    }
    expect((await fetch(`${hook}?x=1`, { method: 'POST' })).status).toBe(405);
    expect((await fetch(hook, { method: 'OPTIONS' })).status).toBe(405);
    await publisher.idle();
    expect(publisher.status().builds).toBe(2);
  });

  it('refuses writes to static paths', async () => {
    const response = await fetch(`${base}/`, { method: 'DELETE' });
    expect(response.status).toBe(405);
  });
});

describe('parseRedirects', () => {
  it('reads Cloudflare Pages lines, skipping comments and defaulting to 301', () => {
    expect(parseRedirects('# legado\n/a /b\n/c /d 302\n')).toEqual([
      { from: '/a', to: '/b', status: 301 },
      { from: '/c', to: '/d', status: 302 },
    ]);
  });
});
