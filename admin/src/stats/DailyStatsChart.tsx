// A listing's views and WhatsApp contacts per day, the last STATS_CHART_DAYS days (a day without
// counts is 0). Its own chunk with @mui/x-charts (React.lazy), loaded by the edit screen only; the
// table under it holds the same numbers.
import { LISTING_EVENT_LABELS, STATS_CHART_DAYS } from '@guia-fortim/domain';
import { Box } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { ptBRLocaleText } from '@mui/x-charts/locales';
import {
  DAILY_CHART_HEIGHT,
  type DailyPoint,
  formatCount,
  fullDay,
  periodText,
  shortDay,
  totals,
} from './statsData.ts';

export default function DailyStatsChart({
  points,
  name,
}: {
  points: readonly DailyPoint[];
  name: string;
}) {
  const count = (value: number | null) => formatCount(value ?? 0);
  const { views, whatsapp } = totals(points);
  // One image for assistive technology; the numbers of each day are in the table under it.
  const label = `${name}: ${LISTING_EVENT_LABELS.view} e ${LISTING_EVENT_LABELS.whatsapp} por dia, ${periodText(STATS_CHART_DAYS)} (${formatCount(views)} e ${formatCount(whatsapp)} no total). Os números de cada dia estão na tabela abaixo.`;
  return (
    <Box role="img" aria-label={label}>
      <LineChart
        height={DAILY_CHART_HEIGHT}
        dataset={points.map((point) => ({ ...point }))}
        xAxis={[
          {
            scaleType: 'point',
            dataKey: 'day',
            valueFormatter: (day: string, context) =>
              context.location === 'tick' ? shortDay(day) : fullDay(day),
          },
        ]}
        yAxis={[
          { tickMinStep: 1, width: 40, valueFormatter: (value: number) => formatCount(value) },
        ]}
        series={[
          {
            dataKey: 'views',
            label: LISTING_EVENT_LABELS.view,
            showMark: false,
            curve: 'linear',
            valueFormatter: count,
          },
          {
            dataKey: 'whatsapp',
            label: LISTING_EVENT_LABELS.whatsapp,
            showMark: false,
            curve: 'linear',
            valueFormatter: count,
          },
        ]}
        localeText={ptBRLocaleText}
      />
    </Box>
  );
}
