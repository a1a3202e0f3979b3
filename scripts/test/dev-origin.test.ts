// The `npm run dev` origin: routes /admin/* to the panel's dev server and the rest to the site's,
// websockets included (hot reload), serves the demo photos; and its builds, through the local
// Workers Builds, restart the site's dev server, coalescing requests that arrive meanwhile.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Duplex } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildService, startBuildService } from '../stack/build-service.ts';
import { createDevOrigin, devSiteRunner } from '../stack/dev-origin.ts';

let root: string;
let base: string;
const servers: Server[] = [];
const upgraded = new Set<Duplex>();
let siteUp = true;
let reloads = 0;
let finishReload: ((error?: Error) => void) | null = null;
let builds: BuildService;

/** A dev server stand-in: answers with its name and the path, echoes on a websocket upgrade. */
async function target(name: string): Promise<number> {
  const server = createServer((req, res) => res.end(`${name} ${req.method} ${req.url}`));
  server.on('upgrade', (_req, socket) => {
    upgraded.add(socket);
    socket.write(
      `HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nx-target: ${name}\r\n\r\n`,
    );
    socket.on('data', (chunk) => socket.write(`${name}:${chunk}`));
  });
  return listen(server);
}

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as { port: number }).port;
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'dev-origin-'));
  mkdirSync(join(root, 'demo', 'carousel'), { recursive: true });
  writeFileSync(join(root, 'demo', 'carousel', 'praia.jpg'), 'jpeg');
  writeFileSync(join(root, 'segredo.txt'), 'não');
  const admin = await target('painel');
  const site = await target('site');
  const origin = createDevOrigin({
    admin: () => admin,
    panelConfig: PANEL_CONFIG,
    site: () => (siteUp ? site : null),
    demoDir: join(root, 'demo'),
  });
  base = `http://127.0.0.1:${await listen(origin)}`;
  builds = await startBuildService({
    runner: devSiteRunner(() => {
      reloads++;
      siteUp = false;
      return new Promise<void>((resolve, reject) => {
        finishReload = (error) => {
          siteUp = true;
          if (error) reject(error);
          else resolve();
        };
      });
    }),
  });
});

afterAll(async () => {
  await builds?.stop();
  for (const socket of upgraded) socket.destroy();
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(root, { recursive: true, force: true });
});

const text = async (path: string, init?: RequestInit) => {
  const response = await fetch(base + path, init);
  return { status: response.status, body: await response.text() };
};

/** A request with the path exactly as given (fetch would resolve the dot segments). */
function rawStatus(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}/`, { path }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A websocket handshake through the origin; resolves with the reply to one frame of text. */
function upgrade(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: Upgrade\r\n\r\n`,
      );
    });
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n') && !received.includes('ping')) socket.write('ping');
      if (/:ping$/.test(received)) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
  });
}

const PANEL_CONFIG = {
  supabaseUrl: 'http://127.0.0.1:54321',
  publishableKey: 'sb_publishable_local',
  apiUrl: 'http://127.0.0.1:8787',
};

describe('routing', () => {
  it("answers the panel's /admin/config.json itself, with the running stack's origins", async () => {
    const answer = await text('/admin/config.json');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual(PANEL_CONFIG);
  });

  it('sends /admin and /admin/* to the panel and everything else to the site', async () => {
    expect(await text('/admin/dashboard?x=1')).toEqual({
      status: 200,
      body: 'painel GET /admin/dashboard?x=1',
    });
    expect((await text('/admin')).body).toBe('painel GET /admin');
    expect((await text('/administrador')).body).toBe('site GET /administrador');
    expect((await text('/auth/login', { method: 'POST', body: 'a=1' })).body).toBe(
      'site POST /auth/login',
    );
  });

  it('passes websocket upgrades (hot reload) to the right dev server', async () => {
    const admin = await upgrade('/admin/?token=abc');
    expect(admin).toContain('101 Switching Protocols');
    expect(admin).toContain('x-target: painel');
    expect(admin).toMatch(/painel:ping$/);
    expect(await upgrade('/?token=abc')).toMatch(/site:ping$/);
  });

  it('serves the demo photos and nothing outside their directory', async () => {
    expect(await text('/demo/carousel/praia.jpg')).toEqual({ status: 200, body: 'jpeg' });
    expect((await text('/demo/carousel/nada.jpg')).status).toBe(404);
    expect(await rawStatus('/demo/%2e%2e/segredo.txt')).toBe(404);
    expect(await rawStatus('/demo/../segredo.txt')).toBe(404);
    expect((await text('/demo/%E0%A4%A')).status).toBe(404);
  });
});

describe('its builds, through the local Workers Builds', () => {
  const trigger = async () => {
    const response = await fetch(builds.hookUrl, { method: 'POST' });
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { build_uuid: string; already_exists: boolean } })
      .result;
  };
  const build = async (uuid: string) => {
    const response = await fetch(
      `${builds.apiUrl}/accounts/${builds.accountId}/builds/builds/${uuid}`,
      {
        headers: { Authorization: `Bearer ${builds.token}` },
      },
    );
    return ((await response.json()) as { result: { status: string; build_outcome: string | null } })
      .result;
  };

  it('restarts the site once more for requests during a restart, then reports it stopped', async () => {
    const first = await trigger();
    expect(await build(first.build_uuid)).toMatchObject({ status: 'running' });
    expect(await text('/')).toEqual({
      status: 503,
      body: 'O site está recarregando os dados. Tente de novo em instantes.',
    });
    expect((await text('/admin/')).status).toBe(200);
    // Requests during the restart: one queued build, which the second call joins.
    const second = await trigger();
    const third = await trigger();
    expect(second.already_exists).toBe(false);
    expect(third).toMatchObject({ build_uuid: second.build_uuid, already_exists: true });
    finishReload?.();
    await expect.poll(() => reloads).toBe(2);
    expect(await build(first.build_uuid)).toMatchObject({
      status: 'stopped',
      build_outcome: 'success',
    });
    finishReload?.();
    await expect
      .poll(() => build(second.build_uuid))
      .toMatchObject({ status: 'stopped', build_outcome: 'success' });
    expect(reloads).toBe(2);
    expect((await text('/')).body).toBe('site GET /');
  });

  it('reports a restart that fails, with its reason in the log', async () => {
    const failed = await trigger();
    finishReload?.(new Error('astro dev saiu antes de responder'));
    await expect
      .poll(() => build(failed.build_uuid))
      .toMatchObject({ status: 'stopped', build_outcome: 'fail' });
    const logs = await fetch(
      `${builds.apiUrl}/accounts/${builds.accountId}/builds/builds/${failed.build_uuid}/logs`,
      { headers: { Authorization: `Bearer ${builds.token}` } },
    );
    const lines = ((await logs.json()) as { result: { lines: [number, string][] } }).result.lines;
    expect(lines.at(-1)?.[1]).toBe('✗ O build do site falhou: astro dev saiu antes de responder');
  });
});
