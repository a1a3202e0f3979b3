// Workers Builds for the worker's tests: the local build service (the stack's stand-in, speaking
// Cloudflare's deploy hook and builds API) over a runner whose builds take `buildMs` and end as
// `outcome`. As on Cloudflare, a hook call while a build runs queues one build after it, and
// further calls join that queued build. It records every hook call, build start and status read.
// A test may hold either end of the timing: the hook's answers (the Publisher's call stays under
// way), or the builds (each runs until the test ends it), so what it checks never depends on how
// fast this machine is.
import {
  type BuildEvent,
  type BuildRunner,
  type BuildsConfig,
  NO_BUILDS,
  startBuildService,
} from '@guia-fortim/stack/build-service';

export { type BuildsConfig, NO_BUILDS };

export type DeployHook = {
  builds: BuildsConfig;
  /** Times (ms) of the hook calls received. */
  posts: number[];
  /** Times (ms) each build started and stopped. */
  started: number[];
  stopped: number[];
  /** Status reads through the builds API. */
  polls: number;
  /** How long a build takes; change it between calls. */
  buildMs: number;
  /** How a finished build ends, and the last line its log then has. */
  outcome: 'success' | 'fail';
  failureLine: string;
  /** Revokes the builds API's token: the worker can no longer read a build's status. */
  revokeToken(): void;
  /** From now on each hook call is taken (its build asked for) at once, answered at `answerCalls`. */
  holdCalls(): void;
  /** Answers the held hook calls, and the next ones at once. */
  answerCalls(): void;
  /** From now on each build that starts runs until `finishBuild` (or `releaseBuilds`). */
  holdBuilds(): void;
  /** Ends the held build running now, as `outcome`; the queued one, if any, starts (held too). */
  finishBuild(): void;
  /** Ends the held build running now; later builds take `buildMs` again. */
  releaseBuilds(): void;
  stop(): Promise<void>;
};

export async function startDeployHook(options: { buildMs?: number } = {}): Promise<DeployHook> {
  const listeners: ((event: BuildEvent) => void)[] = [];
  let running = false;
  let queued = false;
  /** The held hook calls' answers, while calls are held. */
  let heldCalls: (() => void)[] | null = null;
  let holdingBuilds = false;
  /** Ends the build running now, while builds are held. */
  let heldBuild: (() => void) | null = null;
  const run = () => {
    running = true;
    queued = false;
    hook.started.push(Date.now());
    for (const listener of listeners) listener({ kind: 'started' });
    const stop = () => {
      hook.stopped.push(Date.now());
      const log = hook.outcome === 'fail' ? `astro build\n${hook.failureLine}\n` : 'astro build\n';
      for (const listener of listeners) listener({ kind: 'stopped', outcome: hook.outcome, log });
      running = false;
      if (queued) run();
    };
    if (holdingBuilds) heldBuild = stop;
    else setTimeout(stop, hook.buildMs);
  };
  const finishBuild = () => {
    const stop = heldBuild;
    heldBuild = null;
    stop?.();
  };
  const runner: BuildRunner = {
    request() {
      hook.posts.push(Date.now());
      if (running) queued = true;
      else run();
    },
    answered() {
      const held = heldCalls;
      return held ? new Promise<void>((answer) => held.push(answer)) : undefined;
    },
    subscribe: (listener) => void listeners.push(listener),
    status: () => ({ running, queued }),
  };
  const service = await startBuildService({ runner });
  service.server.on('request', (request) => {
    if (request.method === 'GET' && request.url?.includes('/builds/builds/')) hook.polls += 1;
  });
  const hook: DeployHook = {
    builds: {
      hookUrl: service.hookUrl,
      apiUrl: service.apiUrl,
      accountId: service.accountId,
      token: service.token,
    },
    posts: [],
    started: [],
    stopped: [],
    polls: 0,
    buildMs: options.buildMs ?? 0,
    outcome: 'success',
    failureLine: '✗ O build do site falhou: astro build falhou',
    revokeToken: () => service.revokeToken(),
    holdCalls: () => {
      heldCalls ??= [];
    },
    answerCalls: () => {
      const held = heldCalls ?? [];
      heldCalls = null;
      for (const answer of held) answer();
    },
    holdBuilds: () => {
      holdingBuilds = true;
    },
    finishBuild,
    releaseBuilds: () => {
      holdingBuilds = false;
      finishBuild();
    },
    stop: () => service.stop(),
  };
  return hook;
}
