// A server started again when it stops answering while its process still runs. What needs it is
// `wrangler dev`: requests enter a proxy workerd whose ProxyWorker (a Durable Object) holds them
// until wrangler says "play" with the address of the worker's own workerd. When that proxy workerd
// dies (a crash, the OOM killer, `kill -9`), Miniflare starts it again on the same port, but
// wrangler 4.164 gives Miniflare no `unsafeHandleRuntimeRestart` callback and never says "play" to
// the new one: every connection is accepted and answered by nothing, until wrangler itself is
// restarted. (The worker's own workerd comes back by itself: Miniflare restarts it on its port and
// the ProxyWorker reaches it again.) Here the stack notices the silence on the health path and
// starts a new wrangler dev on the same port. A process that exited is left alone: whoever ended
// it (stop(), a test's SIGKILL) meant to.
import type { StartedServer } from '@guia-fortim/db/testing';

/** Between health checks. */
const CHECK_MS = 1_000;
/** A health check unanswered this long is a miss (loaded, the worker answers in well under 1 s). */
const ANSWER_MS = 3_000;
/** Misses in a row that mean the runtime is gone: one may be the moment workerd is restarted. */
const MISSES = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export type WatchOptions = {
  /** Answered below 500 while the server works. */
  healthPath: string;
  /** The server's name in progress lines ('A API (worker)'). */
  name: string;
  log?: (line: string) => void;
};

/**
 * `start()`'s server, watched: started again by `start()` (on the same port) when its process
 * runs but its health path goes unanswered MISSES times in a row. `process` is the current one.
 */
export async function restartWhenSilent(
  start: () => Promise<StartedServer>,
  { healthPath, name, log = () => {} }: WatchOptions,
): Promise<StartedServer> {
  let current = await start();
  let stopped = false;
  /** The current server is stopped and no successor runs yet (one is starting, or failed to). */
  let down = false;
  let restarting: Promise<unknown> = Promise.resolve();

  const answers = async () => {
    try {
      const response = await fetch(current.url + healthPath, {
        signal: AbortSignal.timeout(ANSWER_MS),
      });
      await response.body?.cancel();
      return response.status < 500;
    } catch {
      return false;
    }
  };
  const running = () => current.process.exitCode === null && current.process.signalCode === null;

  const restart = async () => {
    if (!down) {
      log(`${name} parou de responder; reiniciando…`);
      await current.stop().catch(() => {});
      down = true;
    }
    if (stopped) return;
    try {
      current = await start();
      down = false;
      log(`${name} voltou a responder.`);
    } catch (error) {
      log(`${name} não reiniciou (${(error as Error).message}); nova tentativa em instantes.`);
    }
  };

  const watch = async () => {
    let misses = 0;
    while (!stopped) {
      await pause(CHECK_MS);
      if (stopped) return;
      if (down) {
        restarting = restart();
        await restarting;
        continue;
      }
      if (!running()) continue;
      misses = (await answers()) ? 0 : misses + 1;
      if (misses < MISSES || stopped) continue;
      misses = 0;
      restarting = restart();
      await restarting;
    }
  };
  void watch();

  return {
    url: current.url,
    port: current.port,
    get process() {
      return current.process;
    },
    output: () => current.output(),
    stop: async () => {
      stopped = true;
      await restarting;
      if (!down) await current.stop();
    },
  };
}
