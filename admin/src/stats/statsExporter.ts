// 'Exportar CSV' of the counts: one line per listing and day with a count in the period, under
// Portuguese headers (the domain's labels), written react-admin's way (jsonexport + downloadCSV)
// and as a spreadsheet in Portuguese reads it, like the listings' export. Loaded on the click only.
import { LISTING_EVENT_LABELS, LISTING_TABLE } from '@guia-fortim/domain';
import jsonExport from 'jsonexport/dist';
import { type DataProvider, downloadCSV } from 'react-admin';
import { tableNoun } from '../history/tableNouns.ts';
import { text } from '../listings/listingExporter.ts';
import { DAILY_STATS, type DailyStatsRow, fullDay } from './statsData.ts';
import { dailyStatsFilter } from './statsQueries.ts';

/** Rows read per request while exporting. */
export const EXPORT_PAGE_SIZE = 1000;

/** What one line of the file holds, in its column order. */
export function statsCsvLine(row: DailyStatsRow): Record<string, unknown> {
  return {
    Tipo: tableNoun(LISTING_TABLE[row.kind]),
    Nome: text(row.name),
    Data: fullDay(row.day),
    [LISTING_EVENT_LABELS.view]: row.views,
    [LISTING_EVENT_LABELS.whatsapp]: row.whatsapp,
    [LISTING_EVENT_LABELS.map]: row.map,
  };
}

/** Every row of the last `days` days (of one listing, or of all), by listing then day. */
export async function fetchDailyStats(
  dataProvider: DataProvider,
  days: number,
  listingId?: string,
): Promise<DailyStatsRow[]> {
  const rows: DailyStatsRow[] = [];
  for (let page = 1; ; page++) {
    const { data, total } = await dataProvider.getList<DailyStatsRow>(DAILY_STATS, {
      filter: dailyStatsFilter(days, listingId),
      pagination: { page, perPage: EXPORT_PAGE_SIZE },
      // ra-data-postgrest writes `order=${field}.asc`: the columns before the last ride in the field.
      sort: { field: 'name.asc,listing_id.asc,day', order: 'ASC' },
    });
    rows.push(...data);
    if (data.length < EXPORT_PAGE_SIZE || (total !== undefined && rows.length >= total)) {
      return rows;
    }
  }
}

/** The rows as CSV text (';' between columns). */
export function statsCsv(rows: readonly DailyStatsRow[]): Promise<string> {
  return new Promise((resolve, reject) =>
    jsonExport(rows.map(statsCsvLine), { rowDelimiter: ';' }, (error, csv) =>
      error ? reject(error) : resolve(csv),
    ),
  );
}

/**
 * Reads the period's rows and downloads them as `${filename}.csv`; how many lines it wrote (none:
 * no file).
 */
export async function exportDailyStats(
  dataProvider: DataProvider,
  { days, listingId, filename }: { days: number; listingId?: string; filename: string },
): Promise<number> {
  const rows = await fetchDailyStats(dataProvider, days, listingId);
  if (rows.length === 0) return 0;
  downloadCSV(await statsCsv(rows), filename);
  return rows.length;
}
