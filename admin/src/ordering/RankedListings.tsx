// The parts of the ordered-list screen: a kind's listings in their list (moved up and down,
// removed) above a searchable list of the listings that can join it.

import type { ListingResource, MoveDirection } from '@guia-fortim/domain';
import { Box, Button, Card, List, ListItem, Stack, Typography } from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { Title } from 'react-admin';
import { ItemThumb } from '../layout/ItemThumb.tsx';
import { KindTabs } from '../layout/KindTabs.tsx';
import type { ListingRow } from '../listings/listingRow.ts';
import { NameSearch } from '../listings/NameSearch.tsx';

/**
 * The candidates just added to the ranking stay out of the add-list until it is read again, so
 * the toast that says so and the list without them show in the same render (react-query renders
 * a refetch's rows a moment after the refetch resolves).
 */
export function useTakenCandidates(candidates: ListingRow[] | undefined) {
  const [taken, setTaken] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (candidates) setTaken(new Set());
  }, [candidates]);
  return {
    available: candidates?.filter((row) => !taken.has(row.id)),
    take: (id: string) => setTaken((current) => new Set(current).add(id)),
  };
}

export function RankingHeader({
  title,
  kind,
  onKindChange,
  tabs,
}: {
  title: string;
  kind: ListingResource;
  onKindChange: (kind: ListingResource) => void;
  tabs: readonly { value: ListingResource; label: string }[];
}) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <KindTabs value={kind} onChange={onKindChange} tabs={tabs} label="Tipo de item" />
    </>
  );
}

/** One listing: what comes `before` its picture, its name (and `detail`), then its controls. */
function ListingLine({
  row,
  testId,
  bold = false,
  detail,
  before,
  children,
}: {
  row: ListingRow;
  testId: string;
  bold?: boolean;
  detail?: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ListItem data-testid={testId}>
      <Stack
        direction="row"
        spacing={1}
        alignItems="center"
        flexWrap="wrap"
        useFlexGap
        sx={{ width: '100%' }}
      >
        {before}
        <ItemThumb url={row.image_url} name={row.name} />
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography fontWeight={bold ? 'bold' : undefined}>{row.name}</Typography>
          {detail !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          )}
        </Box>
        {children}
      </Stack>
    </ListItem>
  );
}

/**
 * The ranked listings in their order, each with its position (`#n`, before the picture when
 * `positionFirst`), move up, move down (the ends cannot move further) and remove.
 */
export function RankedList({
  rows,
  testId,
  emptyText,
  positionLabel,
  positionFirst = false,
  detailOf,
  onMove,
  removeText,
  onRemove,
}: {
  rows: ListingRow[];
  testId: string;
  emptyText: string;
  positionLabel: string;
  positionFirst?: boolean;
  detailOf?: (row: ListingRow) => string;
  onMove: (row: ListingRow, direction: MoveDirection) => Promise<void>;
  removeText: string;
  onRemove: (row: ListingRow) => Promise<void>;
}) {
  if (rows.length === 0) return <Typography sx={{ my: 2 }}>{emptyText}</Typography>;
  return (
    <Card sx={{ my: 2 }}>
      <List>
        {rows.map((row, index) => {
          const position = <Typography aria-label={positionLabel}>#{index + 1}</Typography>;
          return (
            <ListingLine
              key={row.id}
              row={row}
              testId={testId}
              bold
              detail={detailOf?.(row)}
              before={positionFirst ? position : undefined}
            >
              {!positionFirst && position}
              <Button
                size="small"
                aria-label={`Mover ${row.name} para cima`}
                disabled={index === 0}
                onClick={() => void onMove(row, 'up')}
              >
                ↑
              </Button>
              <Button
                size="small"
                aria-label={`Mover ${row.name} para baixo`}
                disabled={index === rows.length - 1}
                onClick={() => void onMove(row, 'down')}
              >
                ↓
              </Button>
              <Button size="small" color="error" onClick={() => void onRemove(row)}>
                {removeText}
              </Button>
            </ListingLine>
          );
        })}
      </List>
    </Card>
  );
}

/** The add section's title and its name search. */
export function CandidatesHeading({
  title,
  search,
  onSearchChange,
}: {
  title: string;
  search: string;
  onSearchChange: (search: string) => void;
}) {
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 3 }}>
        {title}
      </Typography>
      <NameSearch value={search} onChange={onSearchChange} sx={{ my: 1 }} />
    </>
  );
}

/** The listings that can join the ranking, each with its one action (add, pin). */
export function CandidateList({
  rows,
  testId,
  emptyText,
  detailOf,
  actionText,
  onAction,
  cardSx,
  cardTestId,
}: {
  rows: ListingRow[];
  testId: string;
  emptyText: string;
  detailOf?: (row: ListingRow) => string;
  actionText: string;
  onAction: (row: ListingRow) => Promise<void>;
  cardSx?: Record<string, unknown>;
  cardTestId?: string;
}) {
  if (rows.length === 0) return <Typography>{emptyText}</Typography>;
  return (
    <Card sx={cardSx} data-testid={cardTestId}>
      <List>
        {rows.map((row) => (
          <ListingLine key={row.id} row={row} testId={testId} detail={detailOf?.(row)}>
            <Button size="small" variant="outlined" onClick={() => void onAction(row)}>
              {actionText}
            </Button>
          </ListingLine>
        ))}
      </List>
    </Card>
  );
}
