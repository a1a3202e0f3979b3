// Site rebuilds: a burst of edits causes one deploy-hook call, edits during a build one follow-up,
// and the publish state is readable. This file runs its own worker (and its own deploy hook) so
// no other test's edits are counted; that worker has no legacy HS256 secret configured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COALESCE_MS } from '../src/publish-timing.ts';
import { admin, api, stack } from './support/client.ts';
import { type DeployHook, startDeployHook } from './support/hook.ts';
import { startWorker } from './support/stack.ts';
import { hs256Token } from './support/tokens.ts';

let hook: DeployHook;
let worker: StartedServer;
let dir: string;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gf-api-publish-'));
  hook = await startDeployHook({ buildMs: 500 });
  worker = await startWorker({
    supabaseUrl: stack.supabaseUrl,
    publishableKey: stack.publishableKey,
    deployHookUrl: hook.url,
    persistTo: join(dir, 'wrangler'),
  });
  token = (await admin()).token;
});

afterAll(async () => {
  await worker?.stop();
  await hook?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const call = (method: string, path: string, json?: unknown) =>
  api(method, path, { token, json }, worker.url);
const state = async () => {
  const reply = await call('GET', '/api/publish');
  expect(reply.status).toBe(200);
  return reply.body;
};
const edit = (n: number) => call('PUT', '/api/settings', { nav_label_mapa: `Mapa ${n}` });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`tempo esgotado: ${JSON.stringify(value)}`);
    await sleep(100);
  }
}

/** Waits until no build runs and nothing is pending; returns the hook calls so far. */
async function settled(): Promise<number> {
  await waitFor(state, (s) => s.state !== 'building' && s.state !== 'requested' && !s.pending);
  return hook.posts.length;
}

describe('rebuilds after content changes', { timeout: 90_000 }, () => {
  it('starts idle', async () => {
    expect(await state()).toMatchObject({ state: 'idle', hookCalls: 0, pending: false });
  });

  it('turns a burst of 20 edits into one deploy-hook call, and a late edit into one follow-up', async () => {
    hook.buildMs = 3_000;
    try {
      const burstStart = Date.now();
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => edit(i)));
      const burstMs = Date.now() - burstStart;
      for (const reply of replies) expect(reply.status).toBe(200);

      // The worker asks the Publisher after replying (waitUntil), so a burst lasting about the
      // coalescing delay can reach it after its call, even when every reply came before. The
      // Publisher records that itself: a request during the build leaves it `pending` until the
      // build ends. Watching the whole first build tells whether one follow-up is due.
      let late = false;
      await waitFor(state, (s) => {
        if (s.state === 'building' && hook.posts.length === 1) late ||= s.pending;
        return hook.posts.length > 1 || (s.state === 'live' && hook.posts.length === 1);
      });
      const live = await waitFor(state, (s) => s.state === 'live' && !s.pending);
      await sleep(COALESCE_MS + 1_000);
      // Well within the delay, every edit goes into the one call.
      if (burstMs < COALESCE_MS / 2) expect(late).toBe(false);
      expect(hook.posts).toHaveLength(late ? 2 : 1);
      expect(live).toMatchObject({ hookCalls: late ? 2 : 1, error: null });
      // A follow-up waits for the first build to end.
      if (late) expect((hook.posts[1] ?? 0) - (hook.posts[0] ?? 0)).toBeGreaterThanOrEqual(3_000);
      const now = await state();
      expect(Date.parse(now.startedAt)).toBeGreaterThanOrEqual(Date.parse(now.requestedAt));
      expect(Date.parse(now.finishedAt)).toBeGreaterThanOrEqual(Date.parse(now.startedAt));
    } finally {
      hook.buildMs = 500;
    }
  });

  it('answers edits at once while a build runs, and sends exactly one follow-up afterwards', async () => {
    const base = await settled();
    hook.buildMs = 6_000;
    expect((await edit(1)).status).toBe(200);
    await waitFor(state, (s) => s.state === 'building');
    expect(hook.posts).toHaveLength(base + 1);

    const started = Date.now();
    for (let i = 0; i < 10; i++) expect((await edit(100 + i)).status).toBe(200);
    // The edits did not wait for the build.
    expect(Date.now() - started).toBeLessThan(hook.buildMs);
    expect(await state()).toMatchObject({ state: 'building', pending: true });

    await waitFor(
      () => Promise.resolve(hook.posts.length),
      (n) => n === base + 2,
      30_000,
    );
    // The follow-up came only after the first build had finished.
    expect((hook.posts[base + 1] ?? 0) - (hook.posts[base] ?? 0)).toBeGreaterThanOrEqual(6_000);
    hook.buildMs = 200;
    await settled();
    await sleep(COALESCE_MS + 1_000);
    expect(hook.posts).toHaveLength(base + 2);
    expect((await state()).hookCalls).toBe(base + 2);
  });

  it('calls a hook that takes calls during a build at once, without waiting for the build', async () => {
    const base = await settled();
    hook.takesCalls = true;
    hook.buildMs = 6_000;
    try {
      expect((await edit(400)).status).toBe(200);
      await waitFor(state, (s) => s.state === 'building');
      // The Publisher learns it from the hook's status, at its first poll of the build.
      const polls = hook.polls;
      await waitFor(
        () => Promise.resolve(hook.polls),
        (n) => n > polls,
      );
      const saved = Date.now();
      expect((await edit(401)).status).toBe(200);
      await waitFor(
        () => Promise.resolve(hook.posts.length),
        (n) => n === base + 2,
      );
      // Called while the first build still ran (the local stack publishes the save at once),
      // after the same coalescing delay as ever.
      const call = hook.posts[base + 1] ?? 0;
      expect(call - (hook.posts[base] ?? 0)).toBeLessThan(6_000);
      expect(call - saved).toBeGreaterThanOrEqual(COALESCE_MS - 20);
      expect(await state()).toMatchObject({ state: 'building', pending: false });
    } finally {
      hook.buildMs = 200;
      hook.takesCalls = false;
    }
    await settled();
    await sleep(COALESCE_MS + 1_000);
    expect(hook.posts).toHaveLength(base + 2);
  });

  it('reports a failed build with its error', async () => {
    const base = await settled();
    hook.outcome = 'failed';
    expect((await edit(200)).status).toBe(200);
    const failed = await waitFor(state, (s) => s.state === 'failed');
    expect(failed).toMatchObject({ error: 'astro build falhou', hookCalls: base + 1 });
    hook.outcome = 'live';
  });

  it('never fails the edit when the deploy hook is unreachable', async () => {
    const base = await settled();
    await hook.stop();
    const reply = await edit(300);
    expect(reply.status).toBe(200);
    const failed = await waitFor(state, (s) => s.state === 'failed' && s.hookCalls === base + 1);
    expect(failed.error).toBe('O gancho de publicação não respondeu.');
  });

  it('logs every request as one JSON line carrying its request id', async () => {
    const reply = await call('GET', '/api/publish');
    expect(reply.status).toBe(200);
    const id = reply.headers.get('x-request-id');
    await sleep(200);
    const line = worker
      .output()
      .split('\n')
      .find((l) => l.includes(`"requestId":"${id}"`));
    expect(JSON.parse(line ?? '{}')).toMatchObject({
      requestId: id,
      message: 'request',
      method: 'GET',
      path: '/api/publish',
      status: 200,
    });
  });
});

describe('the hourly housekeeping after content changes', () => {
  it('runs the retention purge and the photo sweep with the admin token, without failing', async () => {
    // This worker's first edit (above) started both in the background.
    const lines = await waitFor(
      async () =>
        worker
          .output()
          .split('\n')
          .flatMap((l): { message?: string; trash?: number }[] => {
            // wrangler prints warnings between colour codes: the JSON is from the log line's
            // level to its last brace.
            const start = l.indexOf('{"level"');
            if (start < 0) return [];
            try {
              return [JSON.parse(l.slice(start, l.lastIndexOf('}') + 1))];
            } catch {
              return [];
            }
          }),
      (parsed) => parsed.some((l) => l.message === 'retention purge'),
    );
    // Nothing in this suite is 30 days old.
    expect(lines.find((l) => l.message === 'retention purge')).toMatchObject({ trash: 0 });
    expect(lines.map((l) => l.message)).not.toContain('retention purge failed');
    expect(lines.map((l) => l.message)).not.toContain('image sweep failed');
  });
});

describe('a worker without the legacy HS256 secret', () => {
  it('refuses tokens signed with it', async () => {
    const forged = await hs256Token(decodeJwt(token), stack.jwtSecret);
    const reply = await api('GET', '/api/publish', { token: forged }, worker.url);
    expect(reply.status).toBe(401);
  });
});
