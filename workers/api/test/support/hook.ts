// Workers Builds for the worker's tests: the local build service (the stack's stand-in, speaking
// Cloudflare's deploy hook and builds API) over a runner whose builds take `buildMs` and end as
// `outcome`. As on Cloudflare, a hook call while a build runs queues one build after it, and
// further calls join that queued build. It records every hook call, build start and status read.
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
  stop(): Promise<void>;
};

export async function startDeployHook(options: { buildMs?: number } = {}): Promise<DeployHook> {
  const listeners: ((event: BuildEvent) => void)[] = [];
  let running = false;
  let queued = false;
  const run = () => {
    running = true;
    queued = false;
    hook.started.push(Date.now());
    for (const listener of listeners) listener({ kind: 'started' });
    setTimeout(() => {
      hook.stopped.push(Date.now());
      const log = hook.outcome === 'fail' ? `astro build\n${hook.failureLine}\n` : 'astro build\n';
      for (const listener of listeners) listener({ kind: 'stopped', outcome: hook.outcome, log });
      running = false;
      if (queued) run();
    }, hook.buildMs);
  };
  const runner: BuildRunner = {
    request() {
      hook.posts.push(Date.now());
      if (running) queued = true;
      else run();
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
    stop: () => service.stop(),
  };
  return hook;
}
