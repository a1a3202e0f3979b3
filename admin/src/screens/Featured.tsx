import { kindOfResource, LISTING_RESOURCES, type ListingResource } from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { dataProvider as adminApi, NAME_SEARCH } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { applyChange } from '../listings/applyChange.ts';
import type { ListingRow } from '../listings/listingRow.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { FEATURED_ADD_LIST_LIMIT, FEATURED_LIMIT } from '../rules/constants.ts';
import { kindLabel } from '../rules/kinds.ts';
import {
  CandidateList,
  CandidatesHeading,
  type Direction,
  RankedList,
  RankingHeader,
  useTakenCandidates,
} from './RankedListings.tsx';

const TABS = LISTING_RESOURCES.map((value) => ({ value, label: kindLabel(kindOfResource(value)) }));

export function placeOf(row: ListingRow): string {
  return String(row.address ?? row.ponto_encontro ?? '');
}

export default function Featured() {
  const notify = useTitledNotify();
  const [kind, setKind] = useState<ListingResource>('hospedagens');
  const [search, setSearch] = useState('');
  // A failed read says so instead of showing an empty list.
  const failed = () => notify('Erro ao carregar', 'Não foi possível carregar os itens.', 'error');
  const featuredQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: 100 },
      sort: { field: 'featured_order', order: 'ASC' },
      filter: { is_featured: true },
    },
    { onError: failed },
  );
  // spec §7: the newest unfeatured, at most 10, searched by name (by the database).
  const candidatesQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: FEATURED_ADD_LIST_LIMIT },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { is_featured: false, [NAME_SEARCH]: search },
    },
    { onError: failed, placeholderData: (previous) => previous },
  );
  const featured = featuredQuery.data;
  const { available: candidates, take } = useTakenCandidates(candidatesQuery.data);
  const unreadable = (
    <Typography color="error" sx={{ my: 2 }}>
      Não foi possível carregar os itens.
    </Typography>
  );
  const reload = () => Promise.all([featuredQuery.refetch(), candidatesQuery.refetch()]);

  const add = async (row: ListingRow) => {
    if ((featured?.length ?? 0) >= FEATURED_LIMIT) {
      notify(
        'Limite atingido',
        `Você já tem ${FEATURED_LIMIT} itens em destaque. Remova um antes de adicionar outro.`,
        'error',
      );
      return;
    }
    await applyChange(
      notify,
      async () => {
        await adminApi.setFeatured(kind, row.id, true);
        take(row.id);
      },
      {
        success: 'Item adicionado aos destaques!',
        failure: 'Não foi possível adicionar aos destaques.',
      },
      reload,
    );
  };

  const remove = (row: ListingRow) =>
    applyChange(
      notify,
      () => adminApi.setFeatured(kind, row.id, false),
      {
        success: 'Item removido dos destaques.',
        failure: 'Não foi possível remover dos destaques.',
      },
      reload,
    );

  const move = (row: ListingRow, direction: Direction) =>
    applyChange(
      notify,
      () => adminApi.moveFeatured(kind, row.id, direction),
      { failure: 'Não foi possível atualizar a ordem.' },
      reload,
    );

  return (
    <Box sx={{ mt: 2 }}>
      <RankingHeader title="Gerenciar Destaques" kind={kind} onKindChange={setKind} tabs={TABS} />
      <Typography variant="h6" component="h2" data-testid="featured-count">
        Em destaque ({featured?.length ?? 0}/{FEATURED_LIMIT})
      </Typography>
      {featuredQuery.isPending ? (
        <Loading />
      ) : featured === undefined ? (
        unreadable
      ) : (
        <RankedList
          rows={featured}
          testId="featured-row"
          emptyText="Nenhum item em destaque ainda."
          positionLabel="Posição"
          positionOf={(_, index) => index + 1}
          detailOf={placeOf}
          onMove={move}
          removeText="Remover"
          onRemove={remove}
        />
      )}
      <CandidatesHeading
        title="Adicionar aos Destaques"
        search={search}
        onSearchChange={setSearch}
      />
      {candidatesQuery.isPending ? (
        <Loading />
      ) : candidates === undefined ? (
        unreadable
      ) : (
        <CandidateList
          rows={candidates}
          testId="candidate-row"
          emptyText="Nenhum item disponível."
          detailOf={placeOf}
          actionText="Adicionar"
          onAction={add}
        />
      )}
    </Box>
  );
}
