import { kindOfResource, LISTING_RESOURCES, type ListingResource } from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { dataProvider as adminApi, NAME_SEARCH } from '../dataProvider.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { applyChange } from '../listings/applyChange.ts';
import type { ListingRow } from '../listings/listingRow.ts';
import { FEATURED_ADD_LIST_LIMIT, FEATURED_LIMIT } from '../rules/constants.ts';
import { kindLabel } from '../rules/kinds.ts';
import { useToast } from '../toast.tsx';
import {
  CandidateList,
  CandidatesHeading,
  type Direction,
  RankedList,
  RankingHeader,
} from './RankedListings.tsx';

const TABS = LISTING_RESOURCES.map((value) => ({ value, label: kindLabel(kindOfResource(value)) }));

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
    filter[NAME_SEARCH] = search;
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
    await applyChange(
      toast,
      () => adminApi.setFeatured(kind, row.id, true),
      {
        success: 'Item adicionado aos destaques!',
        failure: 'Não foi possível adicionar aos destaques.',
      },
      reload,
    );
  };

  const remove = (row: ListingRow) =>
    applyChange(
      toast,
      () => adminApi.setFeatured(kind, row.id, false),
      {
        success: 'Item removido dos destaques.',
        failure: 'Não foi possível remover dos destaques.',
      },
      reload,
    );

  const move = (row: ListingRow, direction: Direction) =>
    applyChange(
      toast,
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
      {featured === null ? (
        <Loading />
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
      {candidates === null ? (
        <Loading />
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
