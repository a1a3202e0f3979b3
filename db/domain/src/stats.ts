// Contacts and views per listing: what a visitor's action counts as, the abuse bounds,
// and the day a count belongs to (zod-free: the panel's dashboard imports it; the beacon's schema
// is in schemas.ts). The worker, the database (listing_stats migration), the site and
// the panel all read these; the SQL stores the kinds as its listing_kind enum and states the same
// events in a CHECK.
import type { ListingKind } from './types.ts';

/** What a visitor did with a listing: saw it (page or dialog), tapped 'Fale agora', opened its marker. */
export const LISTING_EVENTS = ['view', 'whatsapp', 'map'] as const;
export type ListingEvent = (typeof LISTING_EVENTS)[number];

/** The panel's words for each count (dashboard, charts, CSV headers). */
export const LISTING_EVENT_LABELS = {
  view: 'Visualizações',
  whatsapp: 'Contatos pelo WhatsApp',
  map: 'Aberturas no mapa',
} as const satisfies Record<ListingEvent, string>;

/** One visitor action, as the site's beacon sends it (listingEventSchema checks it). */
export type ListingEventBeacon = { kind: ListingKind; id: string; event: ListingEvent };

export const STATS_MESSAGES = {
  invalidEvent: 'Evento inválido.',
  rateLimited: 'Muitos eventos em pouco tempo. Tente novamente em instantes.',
} as const;

export const STATS_LIMITS = {
  /** Largest beacon body accepted, in bytes (one event is about 90). */
  maxBodyBytes: 512,
  /** The same client address, listing and event again within this window counts once. */
  repeatWindowMs: 10_000,
  /** Events one client address may send per minute; beyond it the worker answers 429. */
  perClientPerMinute: 60,
  /** Counts one client address can add to one listing's event in one day: a flood's bound. */
  perClientListingDay: 10,
  /** How often the worker writes its aggregated counts to the database. */
  flushMs: 2_000,
} as const;

/** The periods 'Mais procurados' offers, in days; the listing chart covers the longest. */
export const STATS_PERIODS = [7, 30] as const;
export const STATS_CHART_DAYS = 30;
export const STATS_RANKING_SIZE = 10;

/** Counts are per calendar day in Fortaleza (UTC−3, no daylight saving). */
export const STATS_TIME_ZONE = 'America/Fortaleza';

/** The day (YYYY-MM-DD) an event at `at` counts on. */
export function statsDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: STATS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The first day of the last `days` days ending today (inclusive), for a period's filter. */
export function statsSince(days: number, at: Date = new Date()): string {
  return statsDay(new Date(at.getTime() - (days - 1) * 86_400_000));
}
