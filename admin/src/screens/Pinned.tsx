import { Box, Button, Card, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { dataProvider as adminApi } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import type { ListingRow } from '../listings/useListings.ts';
import type { ListingResource } from '../rules/constants.ts';
import { matchesSearch } from '../rules/ordering.ts';
import { messageOf, useToast } from '../toast.tsx';
import { ItemThumb } from './ItemThumb.tsx';
import { KindTabs } from './KindTabs.tsx';

const TABS = [
  { value: 'comercios', label: 'Comércios' },
  { value: 'hospedagens', label: 'Hospedagens' },
  { value: 'passeios', label: 'Passeios' },
] as const;

/** What the unpinned list says when it has nothing to show. */
export function unpinnedEmptyText(search: string, totalUnpinned: number): string {
  if (totalUnpinned === 0) return 'Todos os itens já estão fixados.';
  return search.trim() !== '' ? 'Nenhum item encontrado.' : 'Todos os itens já estão fixados.';
}

export default function Pinned() {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const [kind, setKind] = useState<ListingResource>('comercios');
  const [rows, setRows] = useState<ListingRow[] | null>(null);
  const [search, setSearch] = useState('');

  const load = useCallback(async () => {
    try {
      const { data } = await dataProvider.getList(kind, {
        pagination: { page: 1, perPage: 1000 },
        sort: { field: 'pin_order', order: 'ASC' },
        filter: {},
      });
      setRows(data as ListingRow[]);
      return data as ListingRow[];
    } catch {
      setRows([]);
      toast('Erro ao carregar', 'Não foi possível carregar os itens.', 'error');
      return [];
    }
  }, [dataProvider, kind, toast]);
  useEffect(() => {
    setRows(null);
    void load();
  }, [load]);

  const pin = async (row: ListingRow) => {
    try {
      await adminApi.setPinned(kind, row.id, true);
      const fresh = await load();
      const position = fresh.find((item) => item.id === row.id)?.pin_order;
      toast('Fixado no topo', `Item fixado na posição #${position ?? ''}`);
    } catch (error) {
      toast('Não foi possível fixar o item.', messageOf(error, ''), 'error');
    }
  };

  const unpin = async (row: ListingRow) => {
    try {
      await adminApi.setPinned(kind, row.id, false);
      toast('Removido do topo');
    } catch (error) {
      toast('Não foi possível remover o item.', messageOf(error, ''), 'error');
    }
    await load();
  };

  const move = async (row: ListingRow, direction: 'up' | 'down') => {
    try {
      await adminApi.movePinned(kind, row.id, direction);
      toast('Ordem atualizada');
    } catch (error) {
      toast('Não foi possível atualizar a ordem.', messageOf(error, ''), 'error');
    }
    await load();
  };

  const pinned = (rows ?? []).filter((row) => row.is_pinned);
  const unpinned = (rows ?? []).filter((row) => !row.is_pinned);
  const found = unpinned.filter((row) => matchesSearch(row.name, search));
  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Ordenar Topo da Lista" />
      <Typography variant="h5" component="h1" gutterBottom>
        Ordenar Topo da Lista
      </Typography>
      <KindTabs value={kind} onChange={setKind} tabs={TABS} label="Tipo de item" />
      {rows === null ? (
        <Loading />
      ) : (
        <>
          <Typography variant="h6" component="h2">
            Fixados no topo
          </Typography>
          {pinned.length === 0 ? (
            <Typography sx={{ my: 2 }}>Nenhum item fixado no topo.</Typography>
          ) : (
            <Card sx={{ my: 2 }}>
              <List>
                {pinned.map((row, index) => (
                  <ListItem key={row.id} data-testid="pinned-row">
                    <Stack
                      direction="row"
                      spacing={1}
                      alignItems="center"
                      flexWrap="wrap"
                      useFlexGap
                      sx={{ width: '100%' }}
                    >
                      <Typography aria-label="Posição no topo">#{row.pin_order}</Typography>
                      <ItemThumb url={row.image_url} name={row.name} />
                      <Typography sx={{ flex: '1 1 160px', minWidth: 0 }} fontWeight="bold">
                        {row.name}
                      </Typography>
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
                        disabled={index === pinned.length - 1}
                        onClick={() => void move(row, 'down')}
                      >
                        ↓
                      </Button>
                      <Button size="small" color="error" onClick={() => void unpin(row)}>
                        Remover do topo
                      </Button>
                    </Stack>
                  </ListItem>
                ))}
              </List>
            </Card>
          )}
          <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
            Fixar itens
          </Typography>
          <TextField
            size="small"
            type="search"
            label="Buscar por nome"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            sx={{ my: 1, minWidth: 280 }}
          />
          {found.length === 0 ? (
            <Typography>{unpinnedEmptyText(search, unpinned.length)}</Typography>
          ) : (
            <Card sx={{ maxHeight: 400, overflowY: 'auto' }} data-testid="unpinned-list">
              <List>
                {found.map((row) => (
                  <ListItem key={row.id} data-testid="unpinned-row">
                    <Stack
                      direction="row"
                      spacing={1}
                      alignItems="center"
                      flexWrap="wrap"
                      useFlexGap
                      sx={{ width: '100%' }}
                    >
                      <ItemThumb url={row.image_url} name={row.name} />
                      <Typography sx={{ flex: '1 1 160px', minWidth: 0 }}>{row.name}</Typography>
                      <Button size="small" variant="outlined" onClick={() => void pin(row)}>
                        Fixar
                      </Button>
                    </Stack>
                  </ListItem>
                ))}
              </List>
            </Card>
          )}
        </>
      )}
    </Box>
  );
}
