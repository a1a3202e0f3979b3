// The catch-up publish, the Cron Trigger's second step: fired as wrangler dev offers it
// (/cdn-cgi/local/scheduled), with the site played by a small server whose /site-build.json says
// which data version the live build shows, and builds observed through the local Workers Builds'
// deploy hook. The database's version is raised as the changes the worker never sees raise it: a
// write straight to the database (here with the service role), so no route asks for a build.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWEEP_GRACE_MS } from '../src/images/sweep-bounds.ts';
import { admin, api, expectCall, stack } from './support/client.ts';
import { type DeployHook, startDeployHook } from './support/hook.ts';
import { photo } from './support/photos.ts';
import { startWorker } from './support/stack.ts';

const CRON = '*/15 * * * *';

type Line = { level: string; message: string; [field: string]: unknown };

/** The site: answers the live build's version, or nothing at all once stopped. */
type Site = { url: string; version: number; reads: number; stop(): Promise<void> };

async function startSite(): Promise<Site> {
  const server: Server = createServer((request, response) => {
    if (request.url !== '/site-build.json') {
      response.writeHead(404).end();
      return;
    }
    site.reads += 1;
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify({ version: site.version }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const site: Site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    version: 0,
    reads: 0,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return site;
}

async function databaseVersion(): Promise<number> {
  const response = await fetch(`${stack.supabaseUrl}/rest/v1/rpc/site_version`, {
    method: 'POST',
    headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return Number(await response.json());
}

/** A change no route of the worker sees: one setting, written straight to the database. */
async function directChange(value: string): Promise<void> {
  const response = await fetch(
    `${stack.supabaseUrl}/rest/v1/site_settings?setting_key=eq.nav_label_mapa`,
    {
      method: 'PATCH',
      headers: { apikey: stack.secretKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ setting_value: value }),
    },
  );
  expect(response.status).toBeLessThan(300);
}

async function waitFor<T>(probe: () => T | Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let dir: string;
let hook: DeployHook;
let site: Site;
let worker: StartedServer;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gf-api-catch-up-'));
  hook = await startDeployHook({ buildMs: 0 });
  site = await startSite();
  worker = await startWorker({
    supabaseUrl: stack.supabaseUrl,
    publishableKey: stack.publishableKey,
    builds: hook.builds,
    persistTo: join(dir, 'wrangler'),
    imageSweepKey: stack.imageSweepKey,
    siteUrl: site.url,
  });
  token = (await admin()).token;
});

afterAll(async () => {
  await worker?.stop();
  await site?.stop();
  await hook?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The worker's JSON log lines so far (wrangler prints them between colour codes). */
function lines(from: StartedServer): Line[] {
  return from
    .output()
    .split('\n')
    .flatMap((l): Line[] => {
      const start = l.indexOf('{"level"');
      if (start < 0) return [];
      try {
        return [JSON.parse(l.slice(start, l.lastIndexOf('}') + 1)) as Line];
      } catch {
        return [];
      }
    });
}

const isCatchUp = (l: Line) => l.message.startsWith('site catch-up');
const isSweep = (l: Line) => l.message.startsWith('image sweep');

/** One run of the Cron Trigger: its catch-up line and its sweep line. */
async function runCron(
  on = worker,
  time = Date.now(),
): Promise<{ outcome: string; catchUp: Line; sweep: Line }> {
  const before = lines(on);
  const response = await fetch(
    `${on.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}&time=${time}&format=json`,
  );
  const { outcome } = (await response.json()) as { outcome: string };
  const after = await waitFor(
    () => lines(on),
    (now) => {
      const fresh = now.slice(before.length);
      return fresh.some(isCatchUp) && fresh.some(isSweep);
    },
  );
  const fresh = after.slice(before.length);
  expect(fresh.filter(isCatchUp)).toHaveLength(1);
  expect(fresh.filter(isSweep)).toHaveLength(1);
  return {
    outcome,
    catchUp: fresh.find(isCatchUp) as Line,
    sweep: fresh.find(isSweep) as Line,
  };
}

const publishState = async (on = worker) => {
  const reply = await api('GET', '/api/publish', { token }, on.url);
  expect(reply.status).toBe(200);
  return reply.body as { state: string; pending: boolean; hookCalls: number };
};

describe('the catch-up publish, a step of every Cron Trigger run', { timeout: 60_000 }, () => {
  it('asks for no build while the live build shows the database’s version', async () => {
    site.version = await databaseVersion();
    const run = await runCron();
    expect(run.outcome).toBe('ok');
    expect(run.catchUp).toMatchObject({
      level: 'info',
      message: 'site catch-up',
      decision: 'current',
      database: site.version,
      live: site.version,
    });
    expect(run.sweep.message).toBe('image sweep');
    // A live build ahead of the database (it cannot happen, but it is no reason to build).
    site.version += 1;
    const ahead = await runCron();
    expect(ahead.catchUp).toMatchObject({ decision: 'current', live: site.version });
    // A request would have been recorded before the line was written.
    expect(await publishState()).toMatchObject({ state: 'idle', pending: false, hookCalls: 0 });
    expect(hook.posts).toHaveLength(0);
  });

  it('asks for exactly one build when the database is one version ahead', async () => {
    const live = await databaseVersion();
    site.version = live;
    await directChange(`Mapa ${Date.now()}`);
    expect(await databaseVersion()).toBe(live + 1);
    const run = await runCron();
    expect(run.catchUp).toMatchObject({ decision: 'requested', database: live + 1, live });
    expect(run.sweep.message).toBe('image sweep');
    // The Publisher's one hook call, followed until the build is live.
    const settled = await waitFor(publishState, (s) => s.state === 'live' && !s.pending);
    expect(settled.hookCalls).toBe(1);
    expect(hook.posts).toHaveLength(1);
    expect(hook.started).toHaveLength(1);
  });

  it('asks for no other build while one is already on its way', async () => {
    const live = await databaseVersion();
    site.version = live;
    await directChange(`Mapa ${Date.now()}`);
    // A long build: the first run asks for it, the second finds it running.
    hook.buildMs = 10_000;
    try {
      const first = await runCron();
      expect(first.catchUp).toMatchObject({ decision: 'requested', database: live + 1, live });
      await waitFor(publishState, (s) => s.state === 'building' && !s.pending);
      const second = await runCron();
      expect(second.catchUp).toMatchObject({ decision: 'pending', database: live + 1, live });
      expect(await publishState()).toMatchObject({ state: 'building', hookCalls: 2 });
      const settled = await waitFor(publishState, (s) => s.state === 'live' && !s.pending);
      expect(settled.hookCalls).toBe(2);
      expect(hook.posts).toHaveLength(2);
    } finally {
      hook.buildMs = 0;
    }
  });

  it('asks for no build when the site cannot be read, and the sweep still runs', async () => {
    await directChange(`Mapa ${Date.now()}`);
    const calls = (await publishState()).hookCalls;
    await site.stop();
    const run = await runCron();
    expect(run.outcome).toBe('ok');
    expect(run.catchUp).toMatchObject({ level: 'error', message: 'site catch-up failed' });
    expect(String(run.catchUp.error)).toContain('/site-build.json');
    expect(run.sweep.message).toBe('image sweep');
    expect(await publishState()).toMatchObject({ pending: false, hookCalls: calls });
    expect(hook.posts).toHaveLength(calls);
  });
});

describe('the catch-up when the photo sweep fails', { timeout: 120_000 }, () => {
  let other: StartedServer;
  let otherSite: Site;

  beforeAll(async () => {
    otherSite = await startSite();
    // A sweep key the database refuses: every run's sweep fails.
    other = await startWorker({
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: hook.builds,
      persistTo: join(dir, 'wrangler-forged'),
      imageSweepKey: `${stack.imageSweepKey.slice(1)}x`,
      siteUrl: otherSite.url,
    });
    // A photo no row shows: past its grace period the sweep asks the database about it.
    const form = new FormData();
    const jpeg = await photo({ width: 320, height: 240 });
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    await expectCall(
      201,
      'POST',
      '/api/images?folder=hospedagens',
      { token, body: form },
      other.url,
    );
  });

  afterAll(async () => {
    await other?.stop();
    await otherSite?.stop();
  });

  it('still asks for the build the site is behind on', async () => {
    const live = await databaseVersion();
    otherSite.version = live;
    await directChange(`Mapa ${Date.now()}`);
    const posts = hook.posts.length;
    const run = await runCron(other, Date.now() + SWEEP_GRACE_MS * 2);
    expect(run.outcome).toBe('exception');
    expect(run.sweep).toMatchObject({ level: 'error', message: 'image sweep failed' });
    expect(run.catchUp).toMatchObject({ decision: 'requested', database: live + 1, live });
    const settled = await waitFor(
      () => publishState(other),
      (s) => s.state === 'live' && !s.pending,
    );
    expect(settled.hookCalls).toBe(1);
    expect(hook.posts).toHaveLength(posts + 1);
  });
});
