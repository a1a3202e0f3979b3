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
//
// A busy worker is not a dead one. On a loaded machine (a browser suite uploading photos, each
// nine Images transformations done in wrangler's own process) /health took seconds; a watchdog
// that restarted after two short misses killed the worker it meant to save, and every request
// in flight ended as `net::ERR_FAILED` in the browser or `other side closed` in Node. So the quick
// restart needs the runtime's own word that it crashed (the line below, which Miniflare prints
// when it restarts a workerd); without it, only a silence long enough that no load explains it.
import type { StartedServer } from '@guia-fortim/db/testing';

/** Between health checks. */
const CHECK_MS = 1_000;
/** After a reported crash, a health check unanswered this long is a miss. */
const CRASHED_ANSWER_MS = 3_000;
/** Otherwise a miss is a check unanswered this long: far beyond a loaded worker's answer. */
const BUSY_ANSWER_MS = 20_000;
/** Misses in a row that mean the runtime is gone: one may be the moment workerd is restarted. */
const MISSES = 2;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

export type WatchOptions = {
  /** Answered below 500 while the server works. */
  healthPath: string;
  /** The server's name in progress lines ('A API (worker)'). */
  name: string;
  /** What the server prints when a runtime under it crashed and was started again. */
  crashMark?: string;
  log?: (line: string) => void;
};

/**
 * `start()`'s server, watched: started again by `start()` (on the same port) when its process
 * runs but its health path goes unanswered MISSES times in a row. `process` is the current one.
 */
export async function restartWhenSilent(
  start: () => Promise<StartedServer>,
  { healthPath, name, crashMark, log = () => {} }: WatchOptions,
): Promise<StartedServer> {
  let current = await start();
  let stopped = false;
  /** The current server is stopped and no successor runs yet (one is starting, or failed to). */
  let down = false;
  let restarting: Promise<unknown> = Promise.resolve();

  /** Crash lines in the current server's output (its log is trimmed, so any change counts). */
  const crashes = () => (crashMark ? current.output().split(crashMark).length - 1 : 0);
  let crashesSeen = 0;

  const answers = async (withinMs: number) => {
    try {
      const response = await fetch(current.url + healthPath, {
        signal: AbortSignal.timeout(withinMs),
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
      crashesSeen = 0;
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
      const crashed = crashes() !== crashesSeen;
      if (await answers(crashed ? CRASHED_ANSWER_MS : BUSY_ANSWER_MS)) {
        // Miniflare started the crashed runtime again by itself; what was in flight failed
        // (wrangler's proxy answers a POST then with a 503 of its own, without CORS headers).
        if (crashed) log(`${name}: o runtime caiu e voltou sozinho; pedidos em curso falharam.`);
        misses = 0;
        crashesSeen = crashes();
        continue;
      }
      misses += 1;
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
