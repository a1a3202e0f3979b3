// The site origin: the site Worker over the live build, in a process of its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { leashed } from './leash.ts';
import { SERVED_FILE } from './site-worker.ts';

/**
 * The longest a swapped-in build may take to be served. The Worker reloads within a second at
 * rest, several on a loaded machine (its workerd starts again), while the visitors' requests are
 * held; past this, the origin is down or restarting and the build stays live for it to find.
 */
export const RELOAD_LIMIT_MS = 30_000;

/**
 * The site origin: the site Worker (site-worker.ts, wrangler dev's engine over the live build
 * under `root`, the Worker the build holds), in its own process on a leash. Its R2 bucket of
 * rendered pages persists in `persistDir`; it registers in the stack's dev registry
 * (`registryDir`, stackRegistry), where the API worker's service binding finds it.
 * `serving(dir)` resolves once a swapped-in build is what it serves.
 */
export async function startOrigin(
  root: string,
  port: number,
  options: {
    persistDir: string;
    registryDir: string;
    /**
     * Started ahead of its first build: it answers once a build is live (site-worker.ts waits for
     * one), and `signal` stops it when that build fails.
     */
    beforeBuild?: AbortSignal;
  },
): Promise<StartedServer & { serving: (dir: string) => Promise<void> }> {
  const [command, args] = leashed(process.execPath, [
    join(import.meta.dirname, 'site-worker.ts'),
    root,
    String(port),
    options.persistDir,
    options.registryDir,
  ]);
  const server = await startServer({
    command,
    args,
    port,
    env: { WRANGLER_SEND_METRICS: 'false' },
    readyPath: '/',
    // Ahead of the first build: as long as that build may take.
    timeoutMs: options.beforeBuild ? 600_000 : 60_000,
    ...(options.beforeBuild ? { signal: options.beforeBuild } : {}),
  });
  const served = () => {
    try {
      return readFileSync(join(root, SERVED_FILE), 'utf8');
    } catch {
      return null;
    }
  };
  return Object.assign(server, {
    serving: async (dir: string) => {
      const deadline = Date.now() + RELOAD_LIMIT_MS;
      while (served() !== dir && Date.now() < deadline && server.process.exitCode === null) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  });
}
