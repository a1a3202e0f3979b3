// 'Mais procurados' as horizontal bars: the WhatsApp contacts of each listing of the ranking, in
// its order. Its own chunk with @mui/x-charts (React.lazy): neither the panel's first JavaScript
// nor the dashboard's first render carries the chart library. The ranked list beside it holds the
// same numbers as text.
import { LISTING_EVENT_LABELS } from '@guia-fortim/domain';
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import {
  formatCount,
  type ListingRankingRow,
  periodText,
  rankingChartHeight,
} from './statsData.ts';

/** Longest name on the axis; the tooltip shows the whole name. */
const TICK_CHARACTERS = 18;

const shortName = (name: string) =>
  name.length > TICK_CHARACTERS ? `${name.slice(0, TICK_CHARACTERS - 1)}…` : name;

export default function RankingChart({
  rows,
  days,
}: {
  rows: readonly ListingRankingRow[];
  days: number;
}) {
  const names = new Map(rows.map((row) => [row.listing_id, row.name]));
  // One image for assistive technology, named with every bar's value.
  const label = `${LISTING_EVENT_LABELS.whatsapp} ${periodText(days)}, por item: ${rows
    .map((row) => `${row.name}, ${formatCount(row.whatsapp)}`)
    .join('; ')}.`;
  return (
    <Box role="img" aria-label={label}>
      <BarChart
        layout="horizontal"
        height={rankingChartHeight(rows.length)}
        dataset={rows.map((row) => ({ id: row.listing_id, whatsapp: row.whatsapp }))}
        yAxis={[
          {
            scaleType: 'band',
            dataKey: 'id',
            width: 130,
            valueFormatter: (id: string, context) => {
              const name = names.get(id) ?? '';
              return context.location === 'tick' ? shortName(name) : name;
            },
          },
        ]}
        xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => formatCount(value) }]}
        series={[
          {
            dataKey: 'whatsapp',
            label: LISTING_EVENT_LABELS.whatsapp,
            valueFormatter: (value) => formatCount(value ?? 0),
          },
        ]}
        hideLegend
        margin={{ right: 16 }}
        localeText={ptBRLocaleText}
      />
    </Box>
  );
}
