// Site rebuilds through Workers Builds (the stack's stand-in, speaking Cloudflare's deploy hook
// and builds API): a burst of edits causes one hook call, edits during a build one follow-up
// build, and the publish state follows each build to live or to failed with its reason. This file
// runs its own worker (and its own build service) so no other test's edits are counted; that
// worker has no legacy HS256 secret configured.
//
// What each check counts never depends on this machine's speed: where it matters, the hook
// holds its answer (the Publisher's call stays under way) or its builds (each runs until the test
// ends it), and the Publisher's state read after a change's answer takes that change's request in
// (the route sends it before answering).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, logLines, stack } from './support/client.ts';
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

  it('turns a burst of 20 edits into one hook call, followed from building to live', async () => {
    // A first edit, whose hook call the hook leaves unanswered: the Publisher's alarm stays in
    // that call, and no alarm of a Durable Object starts while another runs. Its build runs until
    // this test ends it.
    hook.holdCalls();
    hook.holdBuilds();
    try {
      expect((await edit(0)).status).toBe(200);
      await waitFor(
        async () => hook.posts.length,
        (posts) => posts === 1,
      );
      const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => edit(1 + i)));
      for (const reply of replies) expect(reply.status).toBe(200);
      // The Publisher took every edit of the burst (each asked before its answer) and called the
      // hook for none of them yet: their burst waits for the call under way.
      expect(await state()).toMatchObject({ state: 'requested', pending: true, hookCalls: 1 });
      hook.answerCalls();
      // The build is followed through the builds API while it runs; the burst's one call comes.
      await waitFor(state, (s) => s.state === 'building');
      await waitFor(
        async () => hook.posts.length,
        (posts) => posts >= 2,
      );
    } finally {
      hook.answerCalls();
      hook.releaseBuilds();
    }
    const live = await waitFor(state, (s) => s.state === 'live' && !s.pending);
    expect(hook.polls).toBeGreaterThan(0);
    // The whole burst went into that one hook call: one build more, queued after the first.
    expect(live).toMatchObject({ error: null, hookCalls: 2 });
    expect(hook.posts).toHaveLength(2);
    expect(hook.started).toHaveLength(2);
    expect(Date.parse(live.requestedAt)).toBeLessThanOrEqual(Date.parse(live.finishedAt));
    expect(Date.parse(live.startedAt)).toBeLessThanOrEqual(Date.parse(live.finishedAt));
  });

  it('ten separate edits during one build cost one follow-up build, and each is answered at once', async () => {
    const base = await settled();
    const posts = hook.posts.length;
    hook.holdBuilds();
    try {
      expect((await edit(100)).status).toBe(200);
      await waitFor(state, (s) => s.state === 'building');
      expect(hook.started).toHaveLength(base + 1);
      for (let i = 1; i <= 10; i++) {
        // Answered while the build runs, which ends only when this test ends it: none waits for it.
        expect((await edit(100 + i)).status).toBe(200);
        // One after another, as an admin saves them: a burst each, a hook call each.
        await waitFor(
          async () => hook.posts.length,
          (n) => n === posts + 1 + i,
        );
      }
      expect(await state()).toMatchObject({ state: 'building' });
      // Workers Builds queued one build after the running one for all ten calls: it starts when
      // that one ends.
      expect(hook.started).toHaveLength(base + 1);
      hook.finishBuild();
      expect(hook.started).toHaveLength(base + 2);
      // The follow-up runs: the Publisher follows it (the newest build) and reads it twice, the
      // second read asked for only after the first one's answer was saved: still building.
      const polls = hook.polls;
      await waitFor(
        async () => hook.polls,
        (n) => n >= polls + 2,
      );
      expect(await state()).toMatchObject({ state: 'building' });
    } finally {
      hook.releaseBuilds();
    }
    const live = await waitFor(state, (s) => s.state === 'live' && !s.pending, 60_000);
    expect(live).toMatchObject({ error: null });
    expect(hook.posts).toHaveLength(posts + 11);
    expect(hook.started).toHaveLength(base + 2);
  });

  it('reports a failed build with the reason its log gives, building → failed', async () => {
    const base = await settled();
    hook.outcome = 'fail';
    hook.holdBuilds();
    try {
      expect((await edit(200)).status).toBe(200);
      await waitFor(state, (s) => s.state === 'building');
      hook.releaseBuilds();
      const failed = await waitFor(state, (s) => s.state === 'failed');
      expect(failed).toMatchObject({ error: 'astro build falhou', pending: false });
      expect(hook.started).toHaveLength(base + 1);
    } finally {
      hook.outcome = 'success';
      hook.releaseBuilds();
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
    const lines = await waitFor(
      async () => logLines(worker.output()).filter((l) => l.requestId === id),
      (found) => found.length > 0,
    );
    expect(lines[0]).toMatchObject({
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
      async () => logLines(worker.output()),
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
