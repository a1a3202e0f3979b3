// The watchdog tells a busy worker from a dead one: a slow /health on a loaded machine is left
// alone (restarting it would drop every request in flight), while a server that reported a
// crashed runtime and then answers nothing is started again within seconds.
import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { restartWhenSilent } from '../stack/watchdog.ts';

const CRASH_MARK = 'The Workers runtime crashed unexpectedly';

/**
 * A server for the watchdog to watch: `/ready` answers at once; `/health` answers after
 * `healthMs` and prints 'health answered', or, with `crash`, the server prints the crash line
 * and from then on leaves /health unanswered, as wrangler dev's proxy does.
 */
const SERVER = `
const { createServer } = require('node:http');
const healthMs = Number(process.env.HEALTH_MS);
const crash = process.env.CRASH === '1';
if (crash) setTimeout(() => console.log('[wrangler:warn] ${CRASH_MARK} and is being restarted (crash #1).'), 500);
let crashed = false;
setTimeout(() => { crashed = crash; }, 500);
createServer((req, res) => {
  if (req.url !== '/health') return res.end('ok');
  if (crashed) return;
  setTimeout(() => { res.end('ok'); console.log('health answered'); }, healthMs);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

let watched: StartedServer | undefined;
afterEach(async () => {
  await watched?.stop();
  watched = undefined;
});

/** Watches servers started with these variables (per start); counts the starts. */
async function watch(envOf: (start: number) => Record<string, string>) {
  const starts = { count: 0 };
  let port: number | undefined;
  watched = await restartWhenSilent(
    async () => {
      starts.count += 1;
      const server = await startServer({
        command: process.execPath,
        args: ['-e', SERVER],
        port,
        env: envOf(starts.count),
        readyPath: '/ready',
      });
      port = server.port;
      return server;
    },
    { healthPath: '/health', name: 'O servidor', crashMark: CRASH_MARK },
  );
  return { starts, server: watched };
}

async function until(condition: () => boolean, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the watchdog', () => {
  it('leaves a worker alone whose health check takes 4 s on a loaded machine', async () => {
    const { starts, server } = await watch(() => ({ HEALTH_MS: '4000', CRASH: '0' }));
    // Two slow checks answered by the first server: a watchdog that counted them as misses
    // would have replaced it after the second.
    await until(() => server.output().split('health answered').length - 1 >= 2, 30_000);
    expect(starts.count).toBe(1);
  }, 40_000);

  it('starts again within seconds a server that reported a crash and then answers nothing', async () => {
    const { starts, server } = await watch((start) => ({
      HEALTH_MS: '0',
      CRASH: start === 1 ? '1' : '0',
    }));
    await until(() => starts.count === 2, 20_000);
    await until(() => server.output().includes('health answered'), 10_000);
    expect(starts.count).toBe(2);
  }, 40_000);
});
