// The local origin is the site Worker (sites/portal/wrangler.jsonc, static assets) under wrangler
// dev's engine over the live build: these check what the stack relies on, with a build assembled
// as `npm run build:site` assembles it, and the atomic swap of builds.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { freePort } from '@guia-fortim/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedirects } from '../deploy/validate.ts';
import type { BuildService } from '../stack/build-service.ts';
import { PANEL_CSP, renderHeaders } from '../stack/headers.ts';
import { startLocalBuilds } from '../stack/local-builds.ts';
import { addPanel } from '../stack/panel.ts';
import { SiteBuilder } from '../stack/site-builder.ts';
import { RELOAD_LIMIT_MS, startOrigin } from '../stack/site-origin.ts';
import { writeAssetsWorker } from './support/assets-worker.ts';

/** The local Turnstile's origin as a build names it (nothing needs to answer there). */
const TURNSTILE_URL = 'http://127.0.0.1:8788';

let root: string;
let origin: Awaited<ReturnType<typeof startOrigin>> | undefined;
let hook: BuildService;
let base: string;
let publisher: SiteBuilder;
let version = 0;
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
  publisher = new SiteBuilder(
    join(root, 'site'),
    async (out) => {
      version += 1;
      // Astro's `build.format: 'file'` output, as the portal builds it.
      write(join(out, 'index.html'), `<h1>versão ${version} ${'Início '.repeat(200)}</h1>`);
      write(join(out, 'hospedagem.html'), '<h1>Hospedagens em Fortim</h1>');
      write(join(out, 'hospedagem', 'casa.html'), '<h1>Casa</h1>');
      write(join(out, 'passeios.html'), '<h1>Passeios e Experiências</h1>');
      write(join(out, 'auth', 'login.html'), '<h1>Entrar</h1>');
      write(join(out, '404.html'), '<h1>404</h1><p>Oops! Page not found</p>');
      write(join(out, '_astro', 'page.1a2b.js'), 'export{}');
      const origins = {
        supabaseUrl: 'http://127.0.0.1:54321',
        apiUrl: 'http://127.0.0.1:8787',
        imagesUrl: 'http://127.0.0.1:8787/images',
        turnstileUrl: TURNSTILE_URL,
      };
      write(
        join(out, '_headers'),
        renderHeaders(origins, { https: false, scriptHashes: [`'sha256-v${version}'`] }),
      );
      write(join(out, '_redirects'), '/comercios /comercio 301\n/com%C3%A9rcio /comercio 301\n');
      addPanel(out, { dir: admin, config: panelConfig });
      writeAssetsWorker(out);
      return { ok: true, log: '' };
    },
    { served: async (dir) => origin?.serving(dir) },
  );
  publisher.request();
  await publisher.idle();
  hook = await startLocalBuilds();
  hook.attach(publisher);
  origin = await startOrigin(join(root, 'site'), await freePort(), {
    persistDir: join(root, 'site-state'),
    registryDir: join(root, 'registry'),
  });
  base = origin.url;
}, 90_000);

afterAll(async () => {
  await origin?.stop();
  await hook?.stop();
  rmSync(root, { recursive: true, force: true });
});

function raw(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: Headers; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        resolve({
          headers: new Headers(res.headers as Record<string, string>),
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

describe('local origin (the site Worker with static assets)', () => {
  // Workers static assets, html_handling "auto-trailing-slash" ("HTML handling",
  // developers.cloudflare.com/workers/static-assets/routing/advanced/html-handling): "individual
  // files (e.g. foo.html) will be served without a trailing slash", the other forms redirected
  // there with a 307.
  it('serves clean URLs, one form per page, compressed when asked', async () => {
    for (const path of ['/hospedagem', '/passeios', '/hospedagem/casa']) {
      const response = await fetch(base + path, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 200]);
    }
    const slash = await fetch(`${base}/passeios/?categoria=Aventura`, { redirect: 'manual' });
    expect(slash.status).toBe(307);
    expect(slash.headers.get('location')).toBe('/passeios?categoria=Aventura');
    const html = await fetch(`${base}/passeios.html`, { redirect: 'manual' });
    expect([html.status, html.headers.get('location')]).toEqual([307, '/passeios']);
    const gzip = await raw('/', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('Início');
  });

  it('applies _headers, joining the two policies of /admin/* with a comma', async () => {
    const asset = await fetch(`${base}/_astro/page.1a2b.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const panelAsset = await fetch(`${base}/admin/assets/app-abc.js`);
    expect(panelAsset.headers.get('cache-control')).toContain('immutable');
    const page = await fetch(`${base}/`);
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('connect-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const panel = await fetch(`${base}/admin/`);
    expect(panel.headers.get('content-security-policy')).toBe(`${csp}, ${PANEL_CSP}`);
  });

  it("gives the sign-in page its own policy, with Turnstile, in place of the site's", async () => {
    const site = (await fetch(`${base}/`)).headers.get('content-security-policy') ?? '';
    expect(site).not.toContain(TURNSTILE_URL);
    const login = await fetch(`${base}/auth/login`);
    expect(login.status).toBe(200);
    const policy = login.headers.get('content-security-policy') ?? '';
    expect(policy.split(', ')).toHaveLength(1);
    expect(policy).toContain(`frame-src ${TURNSTILE_URL}`);
    expect(policy).toMatch(new RegExp(`script-src [^;]*${TURNSTILE_URL}`));
  });

  it('follows _redirects, including the accented legacy path', async () => {
    for (const path of ['/comercios', '/comércio']) {
      const response = await fetch(base + encodeURI(path), { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 301]);
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
  });

  it("does not serve the build's _headers and _redirects: the 404 page, as Cloudflare", async () => {
    for (const path of ['/_headers', '/_redirects']) {
      const response = await fetch(base + path);
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(text).toContain('Oops! Page not found');
      expect(text).not.toContain('/comercios /comercio');
    }
  });

  it('answers a path that names no file with the 404 page, never an error with a file path', async () => {
    // Beside each: a path just inside what exists (200), and one just past it, under a file or
    // one character longer than a name can be (255 bytes), which the Pages asset server the stack
    // ran before could not even look up (a 502 with the build's absolute path).
    const name255 = 'a'.repeat(255);
    const cases: [string, number][] = [
      ['/hospedagem/casa', 200],
      ['/hospedagem/casa.html/x', 404],
      ['/index.html/x', 404],
      ['/_headers/', 404],
      ['/_redirects/x', 404],
      ['/404.html/', 404],
      [`/${name255}`, 404],
      [`/${name255}a`, 404],
      [`/${name255}a/x`, 404],
    ];
    for (const [path, status] of cases) {
      const response = await fetch(base + path);
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status });
      expect(text, path).not.toContain(root);
      expect(text, path).not.toMatch(/ENOTDIR|ENAMETOOLONG|\[wrangler\]/);
      if (status === 404) expect(text, path).toContain('Oops! Page not found');
    }
  });

  it("serves the panel's sections as its single page, and its files", async () => {
    for (const path of ['/admin/', '/admin/hospedagens', '/admin/hospedagens/editar/123']) {
      const response = await fetch(base + path, { redirect: 'manual' });
      expect([path, response.status]).toEqual([path, 200]);
      expect(await response.text()).toContain('painel');
    }
    const asset = await fetch(`${base}/admin/assets/app-abc.js`);
    expect(await asset.text()).toContain('console.log');
  });

  it("serves /admin/config.json from the build, with the stack's origins, revalidated", async () => {
    const config = await fetch(`${base}/admin/config.json`);
    expect(config.status).toBe(200);
    expect(config.headers.get('content-type')).toContain('application/json');
    expect(config.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await config.json()).toEqual(panelConfig);
  });

  it('builds when its deploy hook is called at its secret address only; the swap is atomic', async () => {
    const before = await fetch(`${base}/`);
    const oldPolicy = before.headers.get('content-security-policy') ?? '';
    expect(oldPolicy).toContain("'sha256-v1'");
    let failures = 0;
    let polling = true;
    const poll = (async () => {
      while (polling) {
        const response = await fetch(`${base}/`).catch(() => null);
        if (!response?.ok) failures += 1;
        await response?.arrayBuffer();
      }
    })();
    const post = await fetch(hook.hookUrl, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(post.status).toBe(200);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
    await publisher.idle();
    const after = await fetch(`${base}/`);
    polling = false;
    await poll;
    expect(failures).toBe(0);
    expect(await after.text()).toContain('versão 2');
    // The new build's own _headers (its script hashes), not the previous build's.
    expect(after.headers.get('content-security-policy')).toContain("'sha256-v2'");
    const hookPath = new URL(hook.hookUrl).pathname;
    for (const guess of [
      hookPath.replace(/[^/]+$/, ''),
      `${hookPath}x`,
      hookPath.replace(/.$/, (last) => (last === '0' ? '1' : '0')),
    ]) {
      const origin = new URL(hook.hookUrl).origin;
      expect((await fetch(origin + guess, { method: 'POST' })).status, guess).toBe(404);
    }
    expect((await fetch(hook.hookUrl, { method: 'OPTIONS' })).status).toBe(405);
    expect(publisher.status().builds).toBe(2);
  });

  it(
    'cuts no response of 50 visitors while three builds swap in, slow ones included',
    async () => {
      const builds = publisher.status().builds;
      const failures: string[] = [];
      let answered = 0;
      let visiting = true;
      const visitor = async () => {
        while (visiting) {
          for (const path of ['/lento', '/']) {
            try {
              // A response cut off never ends: the reload took its workerd away. One held while the
              // Worker reloads ends once the reload has, however slow the machine makes it.
              const response = await fetch(`${base}${path}`, {
                signal: AbortSignal.timeout(RELOAD_LIMIT_MS),
              });
              // The whole body: a response cut short fails here.
              const body = await response.text();
              if (response.ok && (path === '/' || body.endsWith('parte 10\n'))) answered += 1;
              else failures.push(`${path}: ${response.status} …${body.slice(-12)}`);
            } catch (error) {
              failures.push(`${path}: ${(error as Error).cause ?? error}`);
            }
          }
        }
      };
      const visitors = Array.from({ length: 50 }, visitor);
      for (let swap = 1; swap <= 3; swap++) {
        publisher.request();
        await publisher.idle();
        expect(await (await fetch(`${base}/`)).text()).toContain(`versão ${builds + swap}`);
      }
      visiting = false;
      await Promise.all(visitors);
      expect(failures).toEqual([]);
      expect(answered).toBeGreaterThan(0);
      // Three reloads, and the visitors' last requests, each within the reload's limit.
    },
    5 * RELOAD_LIMIT_MS,
  );

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
