// One screen for each ordered list: 'Destaques' (/admin/destaques) and 'Ordenar Topo'
// (/admin/ordenar-topo). A kind's listings in their list — moved up and down, removed — above the
// listings that can join it, searched by name; the list's limit is checked before asking.
import {
  kindOfResource,
  LIST_LIMIT_TITLE,
  type ListingResource,
  listLimitMessage,
  type MoveDirection,
  ORDERED_LIST,
  type OrderedList,
} from '@guia-fortim/domain';
import { Box, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { dataProvider as adminApi, NAME_SEARCH } from '../dataProvider.ts';
import { messageOf } from '../errorMessage.ts';
import { kindLabel } from '../kindLabels.ts';
import { Loading } from '../layout/AdminLayout.tsx';
import { applyChange } from '../listings/applyChange.ts';
import type { ListingRow } from '../listings/listingRow.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { candidatesEmptyText, LIST_SCREENS } from './lists.ts';
import {
  CandidateList,
  CandidatesHeading,
  RankedList,
  RankingHeader,
  useTakenCandidates,
} from './RankedListings.tsx';

function placeOf(row: ListingRow): string {
  return String(row.address ?? row.ponto_encontro ?? '');
}

/** Each list's screen starts afresh (its own first tab, no search) when the route changes. */
export default function OrderedListScreen({ list }: { list: OrderedList }) {
  return <ListScreen key={list} list={list} />;
}

function ListScreen({ list }: { list: OrderedList }) {
  const { flag, position, limit, texts } = ORDERED_LIST[list];
  const screen = LIST_SCREENS[list];
  const notify = useTitledNotify();
  const [kind, setKind] = useState<ListingResource>(screen.tabs[0]);
  const [search, setSearch] = useState('');
  // A failed read says so instead of showing an empty list.
  const failed = () => notify('Erro ao carregar', 'Não foi possível carregar os itens.', 'error');
  const listQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: position, order: 'ASC' },
      filter: { [flag]: true },
    },
    { onError: failed },
  );
  const candidatesQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: screen.candidates.perPage },
      sort: screen.candidates.sort,
      filter: { [flag]: false, [NAME_SEARCH]: search },
    },
    { onError: failed, placeholderData: (previous) => previous },
  );
  // Whether any listing is left out of the list at all, whatever the search says: only where the
  // candidates' empty text tells the two apart.
  const leftQuery = useGetList<ListingRow>(
    kind,
    {
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'id', order: 'ASC' },
      filter: { [flag]: false },
    },
    { enabled: texts.candidatesNotFound !== undefined },
  );
  const rows = listQuery.data;
  const { available: candidates, take } = useTakenCandidates(candidatesQuery.data);
  const unreadable = (
    <Typography color="error" sx={{ my: 2 }}>
      Não foi possível carregar os itens.
    </Typography>
  );
  const reload = async () => {
    const [fresh] = await Promise.all([
      listQuery.refetch(),
      candidatesQuery.refetch(),
      ...(texts.candidatesNotFound !== undefined ? [leftQuery.refetch()] : []),
    ]);
    // refetch() resolves with the data provider's answer ({ data, total }), not with the rows.
    return (fresh.data as { data?: ListingRow[] } | undefined)?.data ?? [];
  };

  const add = async (row: ListingRow) => {
    if (limit !== null && (rows?.length ?? 0) >= limit) {
      notify(LIST_LIMIT_TITLE, listLimitMessage(limit), 'error');
      return;
    }
    try {
      await adminApi.setInList(list, kind, row.id, true);
      take(row.id);
    } catch (error) {
      notify(texts.addFailure, messageOf(error, ''), 'error');
      await reload();
      return;
    }
    const fresh = await reload();
    const place = fresh.findIndex((item) => item.id === row.id) + 1;
    notify(texts.added, texts.addedAt?.(place > 0 ? place : undefined));
  };

  const remove = (row: ListingRow) =>
    applyChange(
      notify,
      () => adminApi.setInList(list, kind, row.id, false),
      { success: texts.removed, failure: texts.removeFailure },
      reload,
    );

  const move = (row: ListingRow, direction: MoveDirection) =>
    applyChange(
      notify,
      () => adminApi.moveInList(list, kind, row.id, direction),
      { success: texts.moved, failure: texts.moveFailure },
      reload,
    );

  const candidatesPending =
    candidatesQuery.isPending || (texts.candidatesNotFound !== undefined && leftQuery.isPending);
  const hidden = (candidatesQuery.total ?? 0) - (candidates?.length ?? 0);
  return (
    <Box sx={{ mt: 2 }}>
      <RankingHeader
        title={texts.title}
        kind={kind}
        onKindChange={setKind}
        tabs={screen.tabs.map((value) => ({ value, label: kindLabel(kindOfResource(value)) }))}
      />
      <Typography variant="h6" component="h2" data-testid={screen.testIds.heading}>
        {texts.listHeading(rows?.length ?? 0)}
      </Typography>
      {listQuery.isPending ? (
        <Loading />
      ) : rows === undefined ? (
        unreadable
      ) : (
        <RankedList
          rows={rows}
          testId={screen.testIds.row}
          emptyText={texts.listEmpty}
          positionLabel={texts.positionLabel}
          positionFirst={screen.positionFirst}
          detailOf={screen.showsPlace ? placeOf : undefined}
          onMove={move}
          removeText={texts.removeButton}
          onRemove={remove}
        />
      )}
      <CandidatesHeading title={texts.candidatesTitle} search={search} onSearchChange={setSearch} />
      {candidatesPending ? (
        <Loading />
      ) : candidates === undefined ? (
        unreadable
      ) : (
        <>
          <CandidateList
            rows={candidates}
            testId={screen.testIds.candidate}
            emptyText={candidatesEmptyText(list, search, leftQuery.total ?? 0)}
            detailOf={screen.showsPlace ? placeOf : undefined}
            actionText={texts.addButton}
            onAction={add}
            cardSx={screen.candidatesCard?.sx}
            cardTestId={screen.candidatesCard?.testId}
          />
          {texts.candidatesHidden && hidden > 0 ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {texts.candidatesHidden(candidates.length, candidates.length + hidden)}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
