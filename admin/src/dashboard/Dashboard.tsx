import { KINDS, LISTING_KINDS, panelRoute } from '@guia-fortim/domain';
import { Box, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LinkBase as Link, Title, useDataProvider } from 'react-admin';
import { kindLabel, newKindLabel } from '../kindLabels.ts';
import { REVIEWS, SLIDES } from '../resources.ts';

// Their own chunks, loaded beside the counts: the first screen waits neither for the history's
// words nor for 'Mais procurados' (whose chart is yet another chunk).
const RecentActivity = lazy(() => import('./RecentActivity.tsx'));
const MostWanted = lazy(() => import('../stats/MostWanted.tsx'));

interface CountCard {
  resource: string;
  label: string;
  path: string;
  /** Which of the resource's rows it counts (all, unless said). */
  filter?: Record<string, string>;
}

const CARDS: CountCard[] = [
  ...LISTING_KINDS.map((kind) => ({
    resource: KINDS[kind].resource,
    label: kindLabel(kind),
    path: panelRoute(kind),
  })),
  { resource: SLIDES, label: 'Slides do carrossel', path: `/admin/${SLIDES}` },
  // What waits for a moderator: the reviews not yet decided (the reported ones among them).
  {
    resource: REVIEWS,
    label: 'Avaliações pendentes',
    path: `/admin/${REVIEWS}`,
    filter: { status: 'pending' },
  },
];

const QUICK_ACTIONS = LISTING_KINDS.map((kind) => ({
  label: newKindLabel(kind),
  path: `${panelRoute(kind)}/novo`,
}));

/** Real counts from the database. */
export default function Dashboard() {
  const dataProvider = useDataProvider();
  const [counts, setCounts] = useState<Record<string, number | null>>({});
  useEffect(() => {
    for (const { resource, filter = {} } of CARDS) {
      dataProvider
        .getList(resource, {
          pagination: { page: 1, perPage: 1 },
          sort: { field: 'id', order: 'ASC' },
          filter,
        })
        .then(({ total }) => setCounts((current) => ({ ...current, [resource]: total ?? 0 })))
        .catch(() => setCounts((current) => ({ ...current, [resource]: null })));
    }
  }, [dataProvider]);
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Painel Administrativo" />
      <Typography variant="h4" component="h1" gutterBottom>
        Painel Administrativo
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
        }}
      >
        {CARDS.map((card) => {
          const count = counts[card.resource];
          return (
            <Card key={card.resource} data-testid={`count-${card.resource}`}>
              <CardContent>
                <Typography color="text.secondary">{card.label}</Typography>
                <Typography variant="h3" component="p" aria-label={`Total de ${card.label}`}>
                  {count === undefined ? '…' : count === null ? '—' : count}
                </Typography>
              </CardContent>
              <CardActions>
                <Button component={Link} to={card.path} size="small">
                  Gerenciar
                </Button>
              </CardActions>
            </Card>
          );
        })}
      </Box>
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        Ações rápidas
      </Typography>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {QUICK_ACTIONS.map((action) => (
          <Button key={action.path} variant="contained" component={Link} to={action.path}>
            {action.label}
          </Button>
        ))}
        <Button variant="outlined" href="/" target="_blank" rel="noopener">
          Ver site
        </Button>
        <Button variant="outlined" href="/mapa" target="_blank" rel="noopener">
          Ver mapa
        </Button>
      </Stack>
      <Suspense fallback={null}>
        <MostWanted />
      </Suspense>
      <Suspense fallback={null}>
        <RecentActivity />
      </Suspense>
    </Box>
  );
}
