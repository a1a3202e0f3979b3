// The local Workers Builds speaks Cloudflare's contract, as its documentation gives it:
//
// Deploy hooks (developers.cloudflare.com/workers/ci-cd/builds/deploy-hooks):
//   "Send an HTTP POST request to your Deploy Hook URL to start a build:
//    curl -X POST "https://api.cloudflare.com/client/v4/workers/builds/deploy_hooks/<DEPLOY_HOOK_ID>"
//    No Authorization header is needed. … Example response: { "success": true, "errors": [],
//    "messages": [], "result": { "build_uuid": "a1b2c3d4-…", … } } The build_uuid in the response
//    can be used to monitor build status and retrieve logs."
//   Changelog 2026-04-01: "If a Deploy Hook fires multiple times before the first build starts
//    running, redundant builds are automatically skipped."
//   API reference (Trigger deploy hook): "result: object { already_exists, build_uuid, created_on,
//    status } — already_exists: True if a pending build already exists for this branch; status:
//    "queued" or "initializing" or "running" or "stopped"".
// Builds API (developers.cloudflare.com/api/resources/workers_builds/subresources/builds):
//   "Get build by UUID — GET /accounts/{account_id}/builds/builds/{build_uuid} … Accepted
//    Permissions: Workers CI Write, Workers CI Read … result: { build_outcome: "success" or "fail"
//    or "skipped" or "cancelled" or "terminated", build_uuid, created_on, running_on, status,
//    stopped_on, … }";
//   "Get build logs — GET /accounts/{account_id}/builds/builds/{build_uuid}/logs … result:
//    { cursor, lines: array of array of number or string (Unix epoch timestamp, Log message),
//    truncated }".
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BuildEvent,
  type BuildRunner,
  type BuildService,
  startBuildService,
} from '../stack/build-service.ts';

/** A runner driven by the test: it starts a build when asked and ends it when told. */
function manualRunner() {
  const listeners: ((event: BuildEvent) => void)[] = [];
  const runner: BuildRunner & {
    requests: number;
    start(): void;
    stop(outcome: 'success' | 'fail', log?: string): void;
  } = {
    requests: 0,
    request() {
      runner.requests += 1;
    },
    subscribe: (listener) => void listeners.push(listener),
    status: () => ({ requests: runner.requests }),
    start: () => {
      for (const listener of listeners) listener({ kind: 'started' });
    },
    stop: (outcome, log = '') => {
      for (const listener of listeners) listener({ kind: 'stopped', outcome, log });
    },
  };
  return runner;
}

let service: BuildService | undefined;
afterEach(async () => {
  await service?.stop();
  service = undefined;
});

async function trigger(url: string) {
  const response = await fetch(url, { method: 'POST' });
  return { status: response.status, body: await response.json() };
}

async function read(path: string, token: string | undefined) {
  const response = await fetch(path, {
    headers: token === undefined ? {} : { Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('the local Workers Builds', () => {
  it('answers a deploy hook call with the build, joined by calls made before it runs', async () => {
    const runner = manualRunner();
    service = await startBuildService({ runner });
    const first = await trigger(service.hookUrl);
    expect(first).toEqual({
      status: 200,
      body: {
        success: true,
        errors: [],
        messages: [],
        result: {
          build_uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
          status: 'queued',
          created_on: expect.any(String),
          already_exists: false,
        },
      },
    });
    const again = await trigger(service.hookUrl);
    expect(again.body.result).toMatchObject({
      build_uuid: first.body.result.build_uuid,
      already_exists: true,
    });
    expect(runner.requests).toBe(2);
    // Once it runs, a call is a new build, queued after it.
    runner.start();
    const during = await trigger(service.hookUrl);
    expect(during.body.result).toMatchObject({ status: 'queued', already_exists: false });
    expect(during.body.result.build_uuid).not.toBe(first.body.result.build_uuid);
  });

  it('tells a build’s status and outcome, and its log, to the token only', async () => {
    const runner = manualRunner();
    service = await startBuildService({ runner });
    const { build_uuid: uuid } = (await trigger(service.hookUrl)).body.result;
    const url = `${service.apiUrl}/accounts/${service.accountId}/builds/builds/${uuid}`;
    for (const token of [undefined, 'outro-token', `${service.token}x`]) {
      const refused = await read(url, token);
      expect(refused.status, String(token)).toBe(401);
      expect(refused.body).toMatchObject({ success: false, result: null });
    }
    expect((await read(url, service.token)).body.result).toMatchObject({
      build_uuid: uuid,
      status: 'queued',
      build_outcome: null,
      running_on: null,
    });
    runner.start();
    expect((await read(url, service.token)).body.result).toMatchObject({
      status: 'running',
      running_on: expect.any(String),
    });
    runner.stop('fail', 'astro build\n✗ O build do site falhou: Leitura de hospedagens falhou');
    expect((await read(url, service.token)).body).toMatchObject({
      success: true,
      result: { status: 'stopped', build_outcome: 'fail', stopped_on: expect.any(String) },
    });
    const logs = await read(`${url}/logs`, service.token);
    expect(logs.body).toMatchObject({ success: true, result: { truncated: false } });
    expect(logs.body.result.lines.map((line: [number, string]) => line[1])).toEqual([
      'astro build',
      '✗ O build do site falhou: Leitura de hospedagens falhou',
    ]);
    expect(typeof logs.body.result.lines[0][0]).toBe('number');
    expect((await read(`${url}/logs`, undefined)).status).toBe(401);
  });

  it('ends a build that could not go live only with the next one, which covers the calls made meanwhile', async () => {
    const runner = manualRunner();
    service = await startBuildService({ runner });
    const api = `${service.apiUrl}/accounts/${service.accountId}/builds/builds`;
    const first = (await trigger(service.hookUrl)).body.result.build_uuid;
    runner.start();
    const second = (await trigger(service.hookUrl)).body.result.build_uuid;
    // The runner starts another build without stopping the first (it could not go live yet).
    runner.start();
    for (const uuid of [first, second]) {
      expect((await read(`${api}/${uuid}`, service.token)).body.result.status).toBe('running');
    }
    runner.stop('success');
    for (const uuid of [first, second]) {
      expect((await read(`${api}/${uuid}`, service.token)).body.result).toMatchObject({
        status: 'stopped',
        build_outcome: 'success',
      });
    }
  });

  it('answers 404 for another hook or an unknown build, and waits for a runner', async () => {
    service = await startBuildService();
    const hookPath = new URL(service.hookUrl).pathname;
    const origin = new URL(service.hookUrl).origin;
    expect((await fetch(`${origin}${hookPath}0`, { method: 'POST' })).status).toBe(404);
    const unknown = await read(
      `${service.apiUrl}/accounts/${service.accountId}/builds/builds/00000000-0000-4000-8000-000000000000`,
      service.token,
    );
    expect(unknown).toEqual({
      status: 404,
      body: {
        success: false,
        errors: [{ code: 12000, message: 'Not found' }],
        messages: [],
        result: null,
      },
    });
    // A call before the runner exists reaches it once it is attached.
    await trigger(service.hookUrl);
    const runner = manualRunner();
    service.attach(runner);
    expect(runner.requests).toBe(1);
  });
});
