// A deploy hook for tests, shaped like the local one `npm start` serves: POST starts a build
// (202), GET reports `{ state, startedAt, finishedAt }`. It records every call.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type DeployHook = {
  url: string;
  /** Times (ms) of the POSTs received. */
  posts: number[];
  /** GETs received (status polls). */
  polls: number;
  /** How long a build takes; change it between calls. */
  buildMs: number;
  /** The state a finished build ends in. */
  outcome: 'live' | 'failed';
  /** Whether its status says it takes calls during a build (as the local stack's does). */
  takesCalls: boolean;
  stop(): Promise<void>;
};

export async function startDeployHook(options: { buildMs?: number } = {}): Promise<DeployHook> {
  let startedAt: number | null = null;
  const hook: DeployHook = {
    url: '',
    posts: [],
    polls: 0,
    buildMs: options.buildMs ?? 0,
    outcome: 'live',
    takesCalls: false,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    if (req.method === 'POST') {
      startedAt = Date.now();
      hook.posts.push(startedAt);
      res.statusCode = 202;
      res.end(JSON.stringify({ state: 'building', startedAt: new Date(startedAt).toISOString() }));
      return;
    }
    hook.polls += 1;
    const finished = startedAt !== null && Date.now() - startedAt >= hook.buildMs;
    res.end(
      JSON.stringify({
        state: startedAt === null ? 'live' : finished ? hook.outcome : 'building',
        startedAt: startedAt === null ? null : new Date(startedAt).toISOString(),
        finishedAt:
          startedAt !== null && finished ? new Date(startedAt + hook.buildMs).toISOString() : null,
        ...(finished && hook.outcome === 'failed' ? { error: 'astro build falhou' } : {}),
        ...(hook.takesCalls ? { takesCallsWhileBuilding: true } : {}),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/__deploy-hook`;
  return hook;
}
