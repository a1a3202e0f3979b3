// The dashboard's 'Mais procurados': the listings with the most WhatsApp contacts ('Fale agora')
// in the last 7 or 30 days, then the most views, each leading to its edit screen, with a bar chart
// of the same numbers and the period's daily counts as CSV. Its own chunk (React.lazy in the
// dashboard); the chart is another one, loaded only when there is something to draw.
import {
  LISTING_EVENT_LABELS,
  LISTING_TABLE,
  STATS_PERIODS,
  STATS_RANKING_SIZE,
} from '@guia-fortim/domain';
import {
  Box,
  Card,
  LinearProgress,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, type ReactNode } from 'react';
import { LinkBase as Link, useStore } from 'react-admin';
import { editPath, tableNoun } from '../history/tableNouns.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { ChartBoundary } from './ChartBoundary.tsx';
import { ExportStatsButton } from './ExportStatsButton.tsx';
import {
  countsSentence,
  type ListingRankingRow,
  periodText,
  rankingChartHeight,
  type StatsPeriod,
} from './statsData.ts';
import { useListingRanking } from './statsQueries.ts';

const RankingChart = lazy(() => import('./RankingChart.tsx'));

/** Where the chosen period is kept (react-admin's store: it survives a reload). */
export const PERIOD_STORE_KEY = 'dashboard.maisProcurados.dias';

function RankingEntry({ row }: { row: ListingRankingRow }) {
  return (
    <Box component="li" data-testid="ranking-entry" sx={{ py: 0.75, overflowWrap: 'anywhere' }}>
      {row.slug === null ? (
        <Typography component="span" fontWeight="bold">
          {row.name}
        </Typography>
      ) : (
        <Link
          to={editPath(LISTING_TABLE[row.kind], row.listing_id) ?? ''}
          style={{ color: 'inherit', fontWeight: 'bold' }}
        >
          {row.name}
        </Link>
      )}{' '}
      <Typography component="span" variant="body2" color="text.secondary">
        ({tableNoun(LISTING_TABLE[row.kind])})
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="ranking-counts">
        {countsSentence(row)}
      </Typography>
    </Box>
  );
}

export default function MostWanted() {
  const [stored, setDays] = useStore<number>(PERIOD_STORE_KEY, STATS_PERIODS[0]);
  const days = (
    (STATS_PERIODS as readonly number[]).includes(stored) ? stored : STATS_PERIODS[0]
  ) as StatsPeriod;
  const { data, isPending, isPlaceholderData, error } = useListingRanking(days);
  const period = periodText(days);
  let content: ReactNode;
  if (isPending) {
    content = <Loading text="Carregando os mais procurados..." />;
  } else if (error || !data) {
    content = (
      <Typography color="error" sx={{ p: 2 }} role="alert">
        Não foi possível carregar os mais procurados. Tente novamente mais tarde.
      </Typography>
    );
  } else if (data.length === 0) {
    content = (
      <Typography sx={{ p: 2 }}>
        Nenhuma visualização ou contato registrado {period}. Quando os visitantes abrirem os itens
        no site ou tocarem em 'Fale agora', eles aparecem aqui.
      </Typography>
    );
  } else {
    content = (
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          p: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box
          component="ol"
          aria-label={`Mais procurados ${period}`}
          aria-busy={isPlaceholderData}
          sx={{ m: 0, pl: 3, opacity: isPlaceholderData ? 0.6 : 1 }}
        >
          {data.map((row) => (
            <RankingEntry key={`${row.kind}:${row.listing_id}`} row={row} />
          ))}
        </Box>
        <ChartBoundary height={rankingChartHeight(data.length)}>
          <RankingChart rows={data} days={days} />
        </ChartBoundary>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="most-wanted" sx={{ mt: 4 }}>
      <Stack
        direction="row"
        justifyContent="space-between"
        alignItems="center"
        flexWrap="wrap"
        useFlexGap
        spacing={1}
        sx={{ mb: 1 }}
      >
        <Typography variant="h6" component="h2" id="most-wanted">
          Mais procurados
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <ToggleButtonGroup
            exclusive
            size="small"
            value={days}
            aria-label="Período"
            onChange={(_, next: number | null) => {
              if (next !== null) setDays(next);
            }}
          >
            {STATS_PERIODS.map((option) => (
              <ToggleButton key={option} value={option}>
                {option} dias
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ExportStatsButton
            days={days}
            filename={`contagens-${days}-dias`}
            disabled={!data || data.length === 0}
          />
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Os {STATS_RANKING_SIZE} primeiros {period}, por ordem de: {LISTING_EVENT_LABELS.whatsapp}{' '}
        (toques em 'Fale agora'), depois {LISTING_EVENT_LABELS.view}.
      </Typography>
      {isPlaceholderData ? <LinearProgress aria-label="Atualizando os mais procurados" /> : null}
      <Card>{content}</Card>
    </Box>
  );
}
