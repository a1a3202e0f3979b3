// Views, 'Fale agora' taps and map opens per listing, as the components and islands
// mark and report them; the sending is lib/stats-beacon.ts's, the page's inline script.
import type { ListingEvent, ListingKind } from '@guia-fortim/domain';
import { STATS_EVENT } from './stats-beacon.ts';

/** What `data-stats` / `data-stats-load` hold: one action on one listing. */
export type StatsTag = `${ListingKind}:${string}:${ListingEvent}`;

export const statsTag = (kind: ListingKind, id: string, event: ListingEvent): StatsTag =>
  `${kind}:${id}:${event}`;

/** An island counts a visitor's action (a dialog or a marker opened). Without the page's sender
 * (no API address in the build) nothing listens and nothing is sent. */
export function countListingEvent(kind: ListingKind, id: string, event: ListingEvent): void {
  dispatchEvent(new CustomEvent(STATS_EVENT, { detail: statsTag(kind, id, event) }));
}
