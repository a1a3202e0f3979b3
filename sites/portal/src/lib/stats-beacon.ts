// The one sender of the listing counts: every page runs it as a small inline script
// (components/ListingStats.astro, minified at build), so a page that runs no JavaScript at load
// still loads no script file. What it sends is one visitor action, as db's stats contract says:
// `{kind, id, event}` as a text body (no CORS preflight), by navigator.sendBeacon. No cookie, no
// identifier, nothing stored in the browser; a failure is silent and never breaks the page.
// Nothing counted from a headless browser is not a bug here: the worker drops, with a 204 like a
// count, every User-Agent that names an automated browser (HeadlessChrome, Playwright, Puppeteer,
// Lighthouse…, workers/api/src/visitors.ts); try it from an ordinary browser.
//
// Self-contained (type imports only): its source is the inline script.
import type { ListingEventBeacon } from '@guia-fortim/domain';

/** The window event by which an island counts an action (lib/stats.ts dispatches it). */
export const STATS_EVENT = 'gf:stats';

/**
 * Counts, toward the worker's `url` (…/api/events): a click on an element with
 * `data-stats="kind:id:event"` ('Fale agora' wherever it is drawn, islands included), each
 * STATS_EVENT an island dispatches (a dialog opened, a map marker opened), and, once as the page
 * loads, each element with `data-stats-load` (a listing's own page).
 */
export function listenForStats(url: string): void {
  const send = (tag?: string) => {
    // Offline (a page from the service worker's copy) there is no one to count it.
    if (!tag || !navigator.onLine) return;
    try {
      const [kind, id, event] = tag.split(':');
      const body = JSON.stringify({ kind, id, event } as ListingEventBeacon);
      if (navigator.sendBeacon) navigator.sendBeacon(url, body);
      else fetch(url, { method: 'POST', body, keepalive: true, mode: 'no-cors' }).catch(() => {});
    } catch {
      // Counting never gets in the visitor's way.
    }
  };
  addEventListener('click', (event) =>
    send((event.target as Element).closest?.<HTMLElement>('[data-stats]')?.dataset.stats),
  );
  addEventListener(STATS_EVENT, (event) => send((event as CustomEvent<string>).detail));
  for (const element of document.querySelectorAll<HTMLElement>('[data-stats-load]')) {
    send(element.dataset.statsLoad);
  }
}
