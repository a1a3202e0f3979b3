import { kindOfResource, type ListingResource } from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { dataProvider as adminApi } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { applyChange } from '../listings/applyChange.ts';
import type { ListingRow } from '../listings/listingRow.ts';
import { kindLabel } from '../rules/kinds.ts';
import { matchesSearch } from '../rules/lists.ts';
import { messageOf, useToast } from '../toast.tsx';
import {
  CandidateList,
  CandidatesHeading,
  type Direction,
  RankedList,
  RankingHeader,
} from './RankedListings.tsx';

/** This screen opens on commerce. */
const TABS = (['comercios', 'hospedagens', 'passeios'] as const).map((value) => ({
  value,
  label: kindLabel(kindOfResource(value)),
}));

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

  const unpin = (row: ListingRow) =>
    applyChange(
      toast,
      () => adminApi.setPinned(kind, row.id, false),
      { success: 'Removido do topo', failure: 'Não foi possível remover o item.' },
      load,
    );

  const move = (row: ListingRow, direction: Direction) =>
    applyChange(
      toast,
      () => adminApi.movePinned(kind, row.id, direction),
      { success: 'Ordem atualizada', failure: 'Não foi possível atualizar a ordem.' },
      load,
    );

  const pinned = (rows ?? []).filter((row) => row.is_pinned);
  const unpinned = (rows ?? []).filter((row) => !row.is_pinned);
  const found = unpinned.filter((row) => matchesSearch(row.name, search));
  return (
    <Box sx={{ mt: 2 }}>
      <RankingHeader title="Ordenar Topo da Lista" kind={kind} onKindChange={setKind} tabs={TABS} />
      {rows === null ? (
        <Loading />
      ) : (
        <>
          <Typography variant="h6" component="h2">
            Fixados no topo
          </Typography>
          <RankedList
            rows={pinned}
            testId="pinned-row"
            emptyText="Nenhum item fixado no topo."
            positionLabel="Posição no topo"
            positionOf={(row) => row.pin_order}
            positionFirst
            onMove={move}
            removeText="Remover do topo"
            onRemove={unpin}
          />
          <CandidatesHeading title="Fixar itens" search={search} onSearchChange={setSearch} />
          <CandidateList
            rows={found}
            testId="unpinned-row"
            emptyText={unpinnedEmptyText(search, unpinned.length)}
            actionText="Fixar"
            onAction={pin}
            cardSx={{ maxHeight: 400, overflowY: 'auto' }}
            cardTestId="unpinned-list"
          />
        </>
      )}
    </Box>
  );
}
