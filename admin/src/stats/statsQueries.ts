// How the panel reads the counts: 'Mais procurados' through the data provider's listingRanking
// (an rpc, with react-query as react-admin's own hooks do), a listing's days through ra-supabase
// (`listing_daily_stats`, filtered with ra-data-postgrest's `field@operator` keys).
import { STATS_CHART_DAYS, STATS_RANKING_SIZE, statsSince } from '@guia-fortim/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetList } from 'react-admin';
import type { AdminDataProvider } from '../dataProvider.ts';
import { DAILY_STATS, type DailyStatsRow, type StatsPeriod } from './statsData.ts';

/**
 * The top STATS_RANKING_SIZE listings by WhatsApp contacts over the last `days` days; while
 * another period loads, the last one stays (isPlaceholderData).
 */
export function useListingRanking(days: StatsPeriod) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery({
    queryKey: ['listing_ranking', days, STATS_RANKING_SIZE],
    queryFn: () => dataProvider.listingRanking(days, STATS_RANKING_SIZE),
    placeholderData: keepPreviousData,
  });
}

/** The filter of the days since the first of the last `days` days, for one listing or all. */
export function dailyStatsFilter(days: number, listingId?: string): Record<string, string> {
  return {
    'day@gte': statsSince(days),
    ...(listingId === undefined ? {} : { listing_id: listingId }),
  };
}

/** A listing's rows of the last STATS_CHART_DAYS days (at most one per day), oldest first. */
export function useListingDailyStats(listingId: string) {
  return useGetList<DailyStatsRow>(DAILY_STATS, {
    filter: dailyStatsFilter(STATS_CHART_DAYS, listingId),
    pagination: { page: 1, perPage: STATS_CHART_DAYS },
    sort: { field: 'day', order: 'ASC' },
  });
}
