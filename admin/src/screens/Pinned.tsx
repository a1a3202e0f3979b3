import { kindOfResource, type ListingResource } from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { dataProvider as adminApi, NAME_SEARCH, PUBLIC_ORDER } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { applyChange } from '../listings/applyChange.ts';
import type { ListingRow } from '../listings/listingRow.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { kindLabel } from '../rules/kinds.ts';
import {
  CandidateList,
  CandidatesHeading,
  type Direction,
  RankedList,
  RankingHeader,
  useTakenCandidates,
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

/** The unpinned list shows this many at a time; the search finds the rest. */
export const UNPINNED_SHOWN = 50;

export default function Pinned() {
  const notify = useTitledNotify();
  const [kind, setKind] = useState<ListingResource>('comercios');
  const [search, setSearch] = useState('');
  const failed = () => notify('Erro ao carregar', 'Não foi possível carregar os itens.', 'error');
  const pinnedQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'pin_order', order: 'ASC' },
      filter: { is_pinned: true },
    },
    { onError: failed },
  );
  // Searched by the database, so that every item can be found however many there are.
  const unpinnedQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: UNPINNED_SHOWN },
      sort: { field: PUBLIC_ORDER, order: 'ASC' },
      filter: { is_pinned: false, [NAME_SEARCH]: search },
    },
    { onError: failed, placeholderData: (previous) => previous },
  );
  // Whether anything is left to pin at all, whatever the search says.
  const anyUnpinned = useGetList<ListingRow>(kind, {
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'ASC' },
    filter: { is_pinned: false },
  });
  const { available, take } = useTakenCandidates(unpinnedQuery.data);
  const reload = async () => {
    const [pinned] = await Promise.all([
      pinnedQuery.refetch(),
      unpinnedQuery.refetch(),
      anyUnpinned.refetch(),
    ]);
    // refetch() resolves with the data provider's answer ({ data, total }), not with the rows.
    return (pinned.data as { data?: ListingRow[] } | undefined)?.data ?? [];
  };

  const pin = async (row: ListingRow) => {
    try {
      await adminApi.setPinned(kind, row.id, true);
      take(row.id);
      const fresh = await reload();
      const position = fresh.find((item) => item.id === row.id)?.pin_order;
      notify('Fixado no topo', `Item fixado na posição #${position ?? ''}`);
    } catch (error) {
      notify('Não foi possível fixar o item.', messageOf(error, ''), 'error');
    }
  };

  const unpin = (row: ListingRow) =>
    applyChange(
      notify,
      () => adminApi.setPinned(kind, row.id, false),
      { success: 'Removido do topo', failure: 'Não foi possível remover o item.' },
      reload,
    );

  const move = (row: ListingRow, direction: Direction) =>
    applyChange(
      notify,
      () => adminApi.movePinned(kind, row.id, direction),
      { success: 'Ordem atualizada', failure: 'Não foi possível atualizar a ordem.' },
      reload,
    );

  const loading = pinnedQuery.isPending || unpinnedQuery.isPending || anyUnpinned.isPending;
  const found = available ?? [];
  const more = (unpinnedQuery.total ?? 0) - found.length;
  return (
    <Box sx={{ mt: 2 }}>
      <RankingHeader title="Ordenar Topo da Lista" kind={kind} onKindChange={setKind} tabs={TABS} />
      {loading ? (
        <Loading />
      ) : (
        <>
          <Typography variant="h6" component="h2">
            Fixados no topo
          </Typography>
          <RankedList
            rows={pinnedQuery.data ?? []}
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
            emptyText={unpinnedEmptyText(search, anyUnpinned.total ?? 0)}
            actionText="Fixar"
            onAction={pin}
            cardSx={{ maxHeight: 400, overflowY: 'auto' }}
            cardTestId="unpinned-list"
          />
          {more > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {`Mostrando ${found.length} de ${found.length + more}. Busque pelo nome para encontrar os outros.`}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
