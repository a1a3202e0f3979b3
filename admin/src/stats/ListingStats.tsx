// Under a listing's form: its views and WhatsApp contacts per day over the last STATS_CHART_DAYS
// days (days without counts are 0), as a chart (its own lazy chunk) and as a table, with the
// totals and 'Exportar CSV'.
import { LISTING_EVENT_LABELS, STATS_CHART_DAYS } from '@guia-fortim/domain';
import {
  Box,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { lazy, useId, useMemo } from 'react';
import { useRecordContext } from 'react-admin';
import { Loading } from '../layout/AdminLayout.tsx';
import { ChartBoundary } from './ChartBoundary.tsx';
import { ExportStatsButton } from './ExportStatsButton.tsx';
import {
  countsSentence,
  DAILY_CHART_HEIGHT,
  type DailyPoint,
  dailySeries,
  formatCount,
  fullDay,
  periodDays,
  periodText,
  totals,
} from './statsData.ts';
import { useListingDailyStats } from './statsQueries.ts';

const DailyStatsChart = lazy(() => import('./DailyStatsChart.tsx'));

const COLUMNS = [
  { key: 'views', label: LISTING_EVENT_LABELS.view },
  { key: 'whatsapp', label: LISTING_EVENT_LABELS.whatsapp },
  { key: 'map', label: LISTING_EVENT_LABELS.map },
] as const;

/** The numbers of the chart, one row per day, oldest first. */
function DailyTable({ points }: { points: readonly DailyPoint[] }) {
  return (
    <Box component="details" sx={{ mt: 1 }}>
      <Box component="summary" sx={{ cursor: 'pointer', py: 0.5 }}>
        Ver os números por dia
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={`Contagens por dia ${periodText(STATS_CHART_DAYS)}`}>
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Data
              </TableCell>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} component="th" scope="col" align="right">
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {points.map((point) => (
              <TableRow key={point.day} data-testid="stats-day">
                <TableCell component="th" scope="row">
                  <time dateTime={point.day}>{fullDay(point.day)}</time>
                </TableCell>
                {COLUMNS.map((column) => (
                  <TableCell key={column.key} align="right">
                    {formatCount(point[column.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

function ListingStatsSection({
  id,
  name,
  slug,
  sx,
}: {
  id: string;
  name: string;
  slug: string;
  sx?: Record<string, unknown>;
}) {
  const headingId = useId();
  const { data, isPending, error } = useListingDailyStats(id);
  // The period's days are fixed when the screen opens (the rows were read for them).
  const days = useMemo(() => periodDays(STATS_CHART_DAYS), []);
  const points = useMemo(() => dailySeries(data ?? [], days), [data, days]);
  const period = periodText(STATS_CHART_DAYS);
  return (
    <Box component="section" aria-labelledby={headingId} sx={sx}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
        <Typography variant="h6" component="h2" id={headingId}>
          Procura {period}
        </Typography>
        <ExportStatsButton
          days={STATS_CHART_DAYS}
          listingId={id}
          filename={`contagens-${slug || id}-${STATS_CHART_DAYS}-dias`}
          disabled={!data || data.length === 0}
        />
      </Stack>
      {isPending ? (
        <Loading text="Carregando contagens..." />
      ) : error || !data ? (
        <Typography color="error" sx={{ mt: 1 }} role="alert">
          Não foi possível carregar as contagens deste item.
        </Typography>
      ) : data.length === 0 ? (
        <Typography sx={{ mt: 1 }}>Nenhuma visualização ou contato registrado {period}.</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="stats-totals">
            {countsSentence(totals(points))}
          </Typography>
          <ChartBoundary height={DAILY_CHART_HEIGHT}>
            <DailyStatsChart points={points} name={name} />
          </ChartBoundary>
          <DailyTable points={points} />
        </>
      )}
    </Box>
  );
}

/** The section for the listing of the edit screen (react-admin's record). */
export function ListingStats({ sx }: { sx?: Record<string, unknown> }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <ListingStatsSection
      id={String(record.id)}
      name={String(record.name ?? '')}
      slug={String(record.slug ?? '')}
      sx={sx}
    />
  );
}
