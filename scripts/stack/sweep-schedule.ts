// The API worker's Cron Trigger locally: wrangler dev never fires one by itself ("Scheduled
// Workers are not automatically triggered during local development", it warns), so the stack
// fires it on the same schedule through wrangler's local endpoint, /cdn-cgi/local/scheduled, which
// runs the worker's scheduled() — the photo sweep and the catch-up publish — and answers 500 when
// it threw (only the sweep fails a run: the catch-up logs its failures).

/** The API worker's Cron Trigger (workers/api/wrangler.jsonc), every 15 minutes. */
export const SWEEP_CRON = '*/15 * * * *';
const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** Fires the sweep every SWEEP_EVERY_MS until the returned timer is cleared. */
export function fireSweepOnSchedule(workerUrl: string, log: (line: string) => void) {
  const timer = setInterval(() => {
    fetch(`${workerUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(SWEEP_CRON)}`)
      .then(async (response) => {
        await response.body?.cancel();
        if (!response.ok) log('A varredura de fotos falhou (veja o log do worker).');
      })
      .catch(() => log('A varredura de fotos não encontrou o worker.'));
  }, SWEEP_EVERY_MS);
  timer.unref();
  return timer;
}
