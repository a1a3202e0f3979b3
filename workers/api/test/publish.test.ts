// Site rebuilds through Workers Builds (the stack's stand-in, speaking Cloudflare's deploy hook
// and builds API): a burst of edits causes one build, edits during a build one follow-up build,
// and the publish state follows each build to live or to failed with its reason. This file runs
// its own worker (and its own build service) so no other test's edits are counted; that worker has
// no legacy HS256 secret configured.
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
    builds: hook.builds,
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

/** Waits until no build is followed and nothing is pending; returns the builds started so far. */
async function settled(): Promise<number> {
  await waitFor(state, (s) => s.state !== 'building' && s.state !== 'requested' && !s.pending);
  return hook.started.length;
}

describe('rebuilds after content changes, through Workers Builds', { timeout: 90_000 }, () => {
  it('starts idle', async () => {
    expect(await state()).toMatchObject({ state: 'idle', hookCalls: 0, pending: false });
  });

  it('turns a burst of 20 edits into one build, followed from building to live', async () => {
    hook.buildMs = 2_000;
    try {
      const burstStart = Date.now();
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => edit(i)));
      const burstMs = Date.now() - burstStart;
      for (const reply of replies) expect(reply.status).toBe(200);
      // The build is followed through the builds API while it runs.
      await waitFor(state, (s) => s.state === 'building');
      const live = await waitFor(state, (s) => s.state === 'live' && !s.pending);
      expect(hook.polls).toBeGreaterThan(0);
      // Well within the coalescing delay, every edit goes into the one hook call.
      if (burstMs < COALESCE_MS / 2) expect(hook.posts).toHaveLength(1);
      // However the burst fell, the edits that came during the build cost one build more at most.
      expect(hook.started.length).toBeLessThanOrEqual(2);
      expect(live).toMatchObject({ error: null });
      expect(Date.parse(live.startedAt)).toBeGreaterThanOrEqual(
        Date.parse(live.requestedAt) - burstMs,
      );
      expect(Date.parse(live.finishedAt)).toBeGreaterThanOrEqual((hook.stopped.at(-1) ?? 0) - 50);
    } finally {
      hook.buildMs = 500;
    }
  });

  it('ten separate edits during one build cost one follow-up build, and each is answered at once', async () => {
    const base = await settled();
    hook.buildMs = 8_000;
    try {
      expect((await edit(1)).status).toBe(200);
      await waitFor(state, (s) => s.state === 'building');
      expect(hook.started).toHaveLength(base + 1);
      const started = Date.now();
      for (let i = 0; i < 10; i++) {
        expect((await edit(100 + i)).status).toBe(200);
        // One after another, as an admin saves them: several bursts, several hook calls.
        await sleep(COALESCE_MS / 2);
      }
      // The edits did not wait for the build.
      expect(Date.now() - started).toBeLessThan(hook.buildMs);
      expect(await state()).toMatchObject({ state: 'building' });
    } finally {
      hook.buildMs = 200;
    }
    const live = await waitFor(state, (s) => s.state === 'live' && !s.pending, 60_000);
    // The hook was called again during the build; Workers Builds queued one build after it.
    expect(hook.posts.length).toBeGreaterThan(base + 1);
    expect(hook.started).toHaveLength(base + 2);
    // The follow-up started when the first build stopped, and the state waited for it.
    expect(hook.started[base + 1]).toBeGreaterThanOrEqual(hook.stopped[base] ?? 0);
    expect(Date.parse(live.finishedAt)).toBeGreaterThanOrEqual((hook.stopped[base + 1] ?? 0) - 50);
  });

  it('reports a failed build with the reason its log gives, building → failed', async () => {
    const base = await settled();
    hook.outcome = 'fail';
    hook.buildMs = 1_500;
    try {
      expect((await edit(200)).status).toBe(200);
      await waitFor(state, (s) => s.state === 'building');
      const failed = await waitFor(state, (s) => s.state === 'failed');
      expect(failed).toMatchObject({ error: 'astro build falhou', pending: false });
      expect(hook.started).toHaveLength(base + 1);
    } finally {
      hook.outcome = 'success';
      hook.buildMs = 200;
    }
    // The next edit goes live again.
    expect((await edit(201)).status).toBe(200);
    await waitFor(state, (s) => s.state === 'live' && !s.pending);
  });

  it('says so when Cloudflare refuses the token that reads the builds, instead of building for ever', async () => {
    await settled();
    hook.revokeToken();
    expect((await edit(250)).status).toBe(200);
    const failed = await waitFor(state, (s) => s.state === 'failed');
    expect(failed.error).toBe(
      'O Cloudflare recusou o token de leitura dos builds (BUILDS_API_TOKEN): não é possível acompanhar a publicação.',
    );
  });

  it('never fails the edit when the deploy hook is unreachable', async () => {
    const base = await settled();
    await hook.stop();
    const reply = await edit(300);
    expect(reply.status).toBe(200);
    const failed = await waitFor(state, (s) => s.state === 'failed');
    expect(failed.error).toBe('O gancho de publicação não respondeu.');
    expect(hook.started).toHaveLength(base);
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

describe('the hourly retention purge after content changes', () => {
  it('runs with the admin token, without failing, and starts no photo sweep', async () => {
    // This worker's first edit (above) started it in the background.
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
    // The photo sweep is the Cron Trigger's (sweep.test.ts), not an edit's.
    expect(lines.map((l) => l.message)).not.toContain('image sweep');
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
