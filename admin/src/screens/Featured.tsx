import { Box, Button, Card, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { dataProvider as adminApi } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import type { ListingRow } from '../listings/useListings.ts';
import {
  FEATURED_ADD_LIST_LIMIT,
  FEATURED_LIMIT,
  type ListingResource,
} from '../rules/constants.ts';
import { messageOf, useToast } from '../toast.tsx';
import { ItemThumb } from './ItemThumb.tsx';
import { KindTabs } from './KindTabs.tsx';

const TABS = [
  { value: 'hospedagens', label: 'Hospedagens' },
  { value: 'comercios', label: 'Comércios' },
  { value: 'passeios', label: 'Passeios' },
] as const;

export function placeOf(row: ListingRow): string {
  return String(row.address ?? row.ponto_encontro ?? '');
}

export default function Featured() {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [kind, setKind] = useState<ListingResource>('hospedagens');
  const [featured, setFeatured] = useState<ListingRow[] | null>(null);
  const [candidates, setCandidates] = useState<ListingRow[] | null>(null);
  const [search, setSearch] = useState('');

  const loadFeatured = useCallback(async () => {
    const { data } = await dataProvider.getList(kind, {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'featured_order', order: 'ASC' },
      filter: { is_featured: true },
    });
    setFeatured(data as ListingRow[]);
  }, [dataProvider, kind]);

  const loadCandidates = useCallback(async () => {
    const filter: Record<string, unknown> = { is_featured: false };
    if (search.trim() !== '') filter['name@ilike'] = search.trim();
    const { data } = await dataProvider.getList(kind, {
      pagination: { page: 1, perPage: FEATURED_ADD_LIST_LIMIT },
      sort: { field: 'created_at', order: 'DESC' },
      filter,
    });
    setCandidates(data as ListingRow[]);
  }, [dataProvider, kind, search]);

  useEffect(() => {
    setFeatured(null);
    loadFeatured().catch(() => setFeatured([]));
  }, [loadFeatured]);
  useEffect(() => {
    loadCandidates().catch(() => setCandidates([]));
  }, [loadCandidates]);

  const reload = () => Promise.all([loadFeatured(), loadCandidates()]).catch(() => undefined);

  const add = async (row: ListingRow) => {
    if ((featured?.length ?? 0) >= FEATURED_LIMIT) {
      toast(
        'Limite atingido',
        `Você já tem ${FEATURED_LIMIT} itens em destaque. Remova um antes de adicionar outro.`,
        'error',
      );
      return;
    }
    try {
      await adminApi.setFeatured(kind, row.id, true);
      toast('Item adicionado aos destaques!');
    } catch (error) {
      toast('Não foi possível adicionar aos destaques.', messageOf(error, ''), 'error');
    }
    await reload();
  };

  const remove = async (row: ListingRow) => {
    try {
      await adminApi.setFeatured(kind, row.id, false);
      toast('Item removido dos destaques.');
    } catch (error) {
      toast('Não foi possível remover dos destaques.', messageOf(error, ''), 'error');
    }
    await reload();
  };

  const move = async (row: ListingRow, direction: 'up' | 'down') => {
    try {
      await adminApi.moveFeatured(kind, row.id, direction);
    } catch (error) {
      toast('Não foi possível atualizar a ordem.', messageOf(error, ''), 'error');
    }
    await reload();
  };

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Gerenciar Destaques" />
      <Typography variant="h5" component="h1" gutterBottom>
        Gerenciar Destaques
      </Typography>
      <KindTabs value={kind} onChange={setKind} tabs={TABS} label="Tipo de item" />
      <Typography variant="h6" component="h2" data-testid="featured-count">
        Em destaque ({featured?.length ?? 0}/{FEATURED_LIMIT})
      </Typography>
      {featured === null ? (
        <Loading />
      ) : featured.length === 0 ? (
        <Typography sx={{ my: 2 }}>Nenhum item em destaque ainda.</Typography>
      ) : (
        <Card sx={{ my: 2 }}>
          <List>
            {featured.map((row, index) => (
              <ListItem key={row.id} data-testid="featured-row">
                <Stack
                  direction="row"
                  spacing={1}
                  alignItems="center"
                  flexWrap="wrap"
                  useFlexGap
                  sx={{ width: '100%' }}
                >
                  <ItemThumb url={row.image_url} name={row.name} />
                  <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                    <Typography fontWeight="bold">{row.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {placeOf(row)}
                    </Typography>
                  </Box>
                  <Typography aria-label="Posição">#{index + 1}</Typography>
                  <Button
                    size="small"
                    aria-label={`Mover ${row.name} para cima`}
                    disabled={index === 0}
                    onClick={() => void move(row, 'up')}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    aria-label={`Mover ${row.name} para baixo`}
                    disabled={index === featured.length - 1}
                    onClick={() => void move(row, 'down')}
                  >
                    ↓
                  </Button>
                  <Button size="small" color="error" onClick={() => void remove(row)}>
                    Remover
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        Adicionar aos Destaques
      </Typography>
      <TextField
        size="small"
        type="search"
        label="Buscar por nome"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ my: 1, minWidth: 280 }}
      />
      {candidates === null ? (
        <Loading />
      ) : candidates.length === 0 ? (
        <Typography>Nenhum item disponível.</Typography>
      ) : (
        <Card>
          <List>
            {candidates.map((row) => (
              <ListItem key={row.id} data-testid="candidate-row">
                <Stack
                  direction="row"
                  spacing={1}
                  alignItems="center"
                  flexWrap="wrap"
                  useFlexGap
                  sx={{ width: '100%' }}
                >
                  <ItemThumb url={row.image_url} name={row.name} />
                  <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                    <Typography>{row.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {placeOf(row)}
                    </Typography>
                  </Box>
                  <Button size="small" variant="outlined" onClick={() => void add(row)}>
                    Adicionar
                  </Button>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      )}
    </Box>
  );
}
