// The local stand-in for Cloudflare's Workers Builds, speaking the two parts of its public API the
// worker uses (quoted in scripts/test/build-service.test.ts):
// - a deploy hook: `POST /client/v4/workers/builds/deploy_hooks/{uuid}` starts a build and
//   answers its `build_uuid`; calls made before that build starts running are the same build
//   (`already_exists`), as Cloudflare skips redundant builds;
// - the builds API, with a token: `GET /client/v4/accounts/{account}/builds/builds/{build_uuid}`
//   (status `queued` | `running` | `stopped`, and `build_outcome` once stopped) and `…/logs`.
// What builds is a runner: the local stack's SiteBuilder, or a timed one in the worker's tests.
// Besides, GET on the hook's own address tells the runner's state (tests and tools look at it;
// the worker never does, and Cloudflare's hook has no such answer).
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A build's end, as Cloudflare names it (`build_outcome`). */
export type BuildOutcome = 'success' | 'fail';

export type BuildEvent =
  | { kind: 'started' }
  | { kind: 'stopped'; outcome: BuildOutcome; log: string };

/**
 * What runs the builds. `request()` is called for every hook call; the runner reports each build
 * it starts (it reads the data as it is then, so it includes every request made before) and how
 * each ends. A build that cannot go live yet and is followed by another reports nothing until
 * that one ends.
 */
export type BuildRunner = {
  request(): void;
  /**
   * When to answer the hook call just requested: at once without it, or once its promise settles
   * (a test keeping a caller's hook call under way).
   */
  answered?(): Promise<void> | undefined;
  subscribe(listener: (event: BuildEvent) => void): void;
  /** The runner's own state, for GET on the hook's address. */
  status(): unknown;
};

type Build = {
  build_uuid: string;
  status: 'queued' | 'running' | 'stopped';
  build_outcome: BuildOutcome | null;
  created_on: string;
  running_on: string | null;
  stopped_on: string | null;
  log: string;
};

/** What the worker is given to reach Workers Builds (or this stand-in). */
export type BuildsConfig = {
  /** The deploy hook's URL (secret: whoever has it may start a build). */
  hookUrl: string;
  /** The builds API's base, as Cloudflare's `https://api.cloudflare.com/client/v4`. */
  apiUrl: string;
  accountId: string;
  /** The read-only token the builds API asks for (secret). */
  token: string;
};

/** A build service nobody listens on: for a worker whose content never needs publishing. */
export const NO_BUILDS: BuildsConfig = {
  hookUrl: 'http://127.0.0.1:9/client/v4/workers/builds/deploy_hooks/nenhum',
  apiUrl: 'http://127.0.0.1:9/client/v4',
  accountId: 'nenhuma',
  token: 'nenhum',
};

export type BuildService = BuildsConfig & {
  server: Server;
  /** Gives the service its runner; hook calls made before wait for it. */
  attach(runner: BuildRunner): void;
  /** Revokes the builds API's token, as an account owner can: every read then answers 401. */
  revokeToken(): void;
  stop(): Promise<void>;
};

const API_PREFIX = '/client/v4';

function envelope(result: unknown) {
  return { success: true, errors: [], messages: [], result };
}

function failure(code: number, message: string) {
  return { success: false, errors: [{ code, message }], messages: [], result: null };
}

export async function startBuildService(
  options: { port?: number; runner?: BuildRunner } = {},
): Promise<BuildService> {
  let runner: BuildRunner | null = null;
  let waiting = false;
  const hookId = randomUUID();
  const accountId = 'conta-local';
  const token = randomUUID();
  let revoked = false;
  const builds = new Map<string, Build>();
  let queued: Build | null = null;
  let running: Build[] = [];

  const onBuild = (event: BuildEvent) => {
    const now = new Date().toISOString();
    if (event.kind === 'started') {
      // Every build asked for until now is in this one; one not yet stopped (its build could
      // not go live) ends with this one.
      const next = queued ?? (running.length === 0 ? newBuild(now) : null);
      queued = null;
      if (next) {
        Object.assign(next, { status: 'running', running_on: now });
        running.push(next);
      }
      return;
    }
    for (const build of running) {
      Object.assign(build, {
        status: 'stopped',
        build_outcome: event.outcome,
        stopped_on: now,
        log: event.log,
      });
    }
    running = [];
  };
  const attach = (given: BuildRunner) => {
    runner = given;
    runner.subscribe(onBuild);
    if (waiting) runner.request();
    waiting = false;
  };
  if (options.runner) attach(options.runner);

  function newBuild(now: string): Build {
    const build: Build = {
      build_uuid: randomUUID(),
      status: 'queued',
      build_outcome: null,
      created_on: now,
      running_on: null,
      stopped_on: null,
      log: '',
    };
    builds.set(build.build_uuid, build);
    // Old builds are forgotten, as a long-running service would page them away.
    if (builds.size > 1_000) builds.delete(builds.keys().next().value as string);
    return build;
  }

  const hookPath = `${API_PREFIX}/workers/builds/deploy_hooks/${hookId}`;
  const buildPath = new RegExp(
    `^${API_PREFIX}/accounts/${accountId}/builds/builds/([0-9a-f-]{36})(/logs)?$`,
  );

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://local');
    if (url.pathname === hookPath) {
      if (request.method === 'GET') return json(response, 200, runner?.status() ?? null);
      if (request.method !== 'POST') {
        response.setHeader('allow', 'GET, POST');
        return json(response, 405, failure(10000, 'Method not allowed'));
      }
      const already = queued !== null;
      const build = queued ?? newBuild(new Date().toISOString());
      queued = build;
      if (runner) runner.request();
      else waiting = true;
      const answer = () =>
        json(
          response,
          200,
          envelope({
            build_uuid: build.build_uuid,
            status: build.status,
            created_on: build.created_on,
            already_exists: already,
          }),
        );
      const held = runner?.answered?.();
      if (held) void held.then(answer);
      else answer();
      return;
    }
    const match = buildPath.exec(url.pathname);
    if (match && request.method === 'GET') {
      if (revoked || request.headers.authorization !== `Bearer ${token}`) {
        return json(response, 401, failure(10000, 'Authentication error'));
      }
      const build = builds.get(match[1] as string);
      if (!build) return json(response, 404, failure(12000, 'Not found'));
      if (match[2]) {
        const lines = build.log
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => [Date.parse(build.stopped_on ?? build.created_on), line]);
        return json(response, 200, envelope({ lines, truncated: false, cursor: '' }));
      }
      const { log: _, ...shown } = build;
      return json(response, 200, envelope(shown));
    }
    return json(response, 404, failure(12000, 'Not found'));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    hookUrl: `${origin}${hookPath}`,
    apiUrl: `${origin}${API_PREFIX}`,
    accountId,
    token,
    server,
    attach,
    revokeToken: () => {
      revoked = true;
    },
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}
