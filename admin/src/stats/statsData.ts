// Contacts and views per listing, as the panel reads them: the shapes of the database's
// `listing_daily_stats` view and `listing_ranking` function, a listing's days with their counts
// (a day without a row counts 0) and the dates in pt-BR. Counting days are Fortaleza's
// (statsDay/statsSince of the domain), the same calendar the database keeps.
import {
  LISTING_EVENT_LABELS,
  type ListingEvent,
  type ListingKind,
  type STATS_PERIODS,
  statsDay,
  statsSince,
} from '@guia-fortim/domain';

/** The react-admin resource of the daily counts (admins only; a view, read through ra-supabase). */
export const DAILY_STATS = 'listing_daily_stats';

export type StatsPeriod = (typeof STATS_PERIODS)[number];

/** The three counts, under the event's name. */
export type StatsCounts = { views: number; whatsapp: number; map: number };

/** The column of each event in the view and the function. */
export const COUNT_COLUMNS = {
  view: 'views',
  whatsapp: 'whatsapp',
  map: 'map',
} as const satisfies Record<ListingEvent, keyof StatsCounts>;

/** One row of `listing_daily_stats`: a listing's counts on one day. */
export interface DailyStatsRow extends StatsCounts {
  /** `${listing_id}:${day}` */
  id: string;
  kind: ListingKind;
  listing_id: string;
  /** The listing's name; '(excluído)' once it has left the database. */
  name: string;
  /** YYYY-MM-DD */
  day: string;
}

/** One row of `listing_ranking(p_days)`: a listing's counts over the period. */
export interface ListingRankingRow extends StatsCounts {
  kind: ListingKind;
  listing_id: string;
  name: string;
  /** Null once the listing has left the database (its counts stay until it is purged). */
  slug: string | null;
}

const count = new Intl.NumberFormat('pt-BR');
/** A count as Brazilians write it (1.234). */
export const formatCount = (value: number) => count.format(value);

/** 'Contatos pelo WhatsApp: 12 · Visualizações: 340 · Aberturas no mapa: 5' */
export function countsSentence(counts: StatsCounts): string {
  return (['whatsapp', 'view', 'map'] as const)
    .map((event) => `${LISTING_EVENT_LABELS[event]}: ${formatCount(counts[COUNT_COLUMNS[event]])}`)
    .join(' · ');
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '28/11' (chart axes). */
export function shortDay(day: string): string {
  const match = dayPattern.exec(day);
  return match ? `${match[3]}/${match[2]}` : day;
}

/** '28/11/2026' (tables, CSV). */
export function fullDay(day: string): string {
  const match = dayPattern.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** The next calendar day of a YYYY-MM-DD day. */
function nextDay(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** The last `days` days, oldest first, ending today in Fortaleza. */
export function periodDays(days: number, at: Date = new Date()): string[] {
  const last = statsDay(at);
  const result: string[] = [];
  for (let day = statsSince(days, at); day <= last && result.length < days; day = nextDay(day)) {
    result.push(day);
  }
  return result;
}

export type DailyPoint = StatsCounts & { day: string };

/** One point per day of the period, oldest first; a day without a row counts 0. */
export function dailySeries(rows: readonly DailyStatsRow[], days: readonly string[]): DailyPoint[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return days.map((day) => {
    const row = byDay.get(day);
    return { day, views: row?.views ?? 0, whatsapp: row?.whatsapp ?? 0, map: row?.map ?? 0 };
  });
}

/** The period's totals. */
export function totals(points: readonly StatsCounts[]): StatsCounts {
  return points.reduce(
    (sum, point) => ({
      views: sum.views + point.views,
      whatsapp: sum.whatsapp + point.whatsapp,
      map: sum.map + point.map,
    }),
    { views: 0, whatsapp: 0, map: 0 },
  );
}

/** The charts' heights, known before their code loads (the place kept while it does). */
export const DAILY_CHART_HEIGHT = 260;
export const rankingChartHeight = (rows: number) => rows * 30 + 60;

/** 'nos últimos 7 dias' */
export const periodText = (days: number) => `nos últimos ${days} dias`;
