// Real processes the fault-tolerance suite can kill and restart on the same data: db/local
// (`db/local/main.ts`, PGlite persisted in a data directory) and the worker under wrangler dev
// (scripts/stack's startWorker, local R2 persisted in a directory), each on a fixed port so the
// other keeps talking to it across restarts.
import { createServer as createTcpServer } from 'node:net';
import { join } from 'node:path';
import { type BuildsConfig, startDeployHook } from '@guia-fortim/api/testing/hook';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { loadOrCreateKeys } from '@guia-fortim/local-supabase/keys';
import { startWorker } from '@guia-fortim/stack/api-worker';
import { ROOT } from '@guia-fortim/stack/root';

export const SITE_URL = 'http://127.0.0.1:4321';

/**
 * Waits until nothing listens on `port`: a stopped wrangler's workerd may outlive it for a moment,
 * and the restarted process must get the same port.
 */
async function portFree(port: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createTcpServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return;
    if (Date.now() > deadline) throw new Error(`a porta ${port} continua ocupada`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `npm run db:local` on `dataRoot` (PGlite under dataRoot/supabase), autoconfirmed sign-ups. */
export async function startDbLocal(dataRoot: string, port: number): Promise<StartedServer> {
  await portFree(port);
  return startServer({
    command: process.execPath,
    args: [
      join(ROOT, 'db', 'local', 'main.ts'),
      '--port',
      '{port}',
      '--data-dir',
      dataRoot,
      '--autoconfirm',
      '--no-seed',
    ],
    port,
    readyPath: '/auth/v1/.well-known/jwks.json',
    timeoutMs: 60_000,
  });
}

/**
 * The project's keys, made up front the way db/local does (`dataRoot/supabase/keys.json`, which it
 * then loads), so the worker can start beside it instead of after it.
 */
export async function projectKeys(
  dataRoot: string,
): Promise<{ publishableKey: string; secretKey: string }> {
  const keys = await loadOrCreateKeys(join(dataRoot, 'supabase', 'keys.json'));
  return { publishableKey: keys.publishableKey, secretKey: keys.secretKey };
}

export type Worker = Awaited<ReturnType<typeof startWorker>>;

export async function startApi(options: {
  port: number;
  persistDir: string;
  supabaseUrl: string;
  publishableKey: string;
  builds: BuildsConfig;
  /** The photo sweep's key, the one the database holds (its Cron Trigger asks with it). */
  imageSweepKey?: string;
}): Promise<Worker> {
  await portFree(options.port);
  return startWorker({ ...options, siteUrl: SITE_URL });
}

/** SIGKILL to the whole process group (wrangler, workerd, db/local): no chance to clean up. */
export async function kill(server: StartedServer): Promise<void> {
  const child = server.process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  await exited;
  // The group's other members (workerd) die with it; stop() only forgets the handle now.
  await server.stop();
}

/** Whether any process of the group is still there after `waitMs` (killed ones are reaped). */
export async function groupAlive(server: StartedServer, waitMs = 3_000): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      if (server.process.pid !== undefined) process.kill(-server.process.pid, 0);
    } catch {
      return false;
    }
    if (Date.now() > deadline) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Workers Builds whose every build goes live at once (the Publisher needs someone to call). */
export function startQuietHook() {
  return startDeployHook();
}
