// 'Avaliações' (/admin/avaliacoes): the visitors' reviews by state — waiting, approved, rejected —
// each with its stars, comment (always as text), place, author and date, and its decisions.
import {
  type QueuedReview,
  REMOVED_LISTING_NAME,
  type ReviewStatus,
  starsLabel,
} from '@guia-fortim/domain';
import { Box, Chip, Stack, Typography } from '@mui/material';
import { forwardRef, useState } from 'react';
import {
  DataTable,
  DataTableBody,
  type DataTableBodyProps,
  DataTableRow,
  type DataTableRowProps,
  Link,
  List,
} from 'react-admin';
import { REVIEW_FIELD_LABELS } from '../fieldLabels.ts';
import { formatDate } from '../i18n.ts';
import { KindTabs } from '../layout/KindTabs.tsx';
import { STACKED_ON_PHONE } from '../layout/stackedTable.ts';
import { useTitledNotify } from '../notifications/useTitledNotify.tsx';
import { REVIEWS } from '../resources.ts';
import { EMPTY_TAB, listingEditPath, REVIEW_TABS, starsText, TAB_SORT } from './queue.ts';
import { ReviewActions } from './ReviewActions.tsx';

const Row = forwardRef<HTMLTableRowElement, DataTableRowProps>((props, ref) => (
  <DataTableRow ref={ref} {...props} data-testid="review-row" />
));

function Body(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={Row} />;
}

/**
 * A word breaks only when it cannot fit its column: the comment (1,000 characters, maybe with no
 * space) keeps its lines, and the visitors' texts have room for their words beside it.
 */
const LAYOUT = {
  '& th, & td': { overflowWrap: 'normal' },
  '& td.column-comment': { whiteSpace: 'pre-line', overflowWrap: 'anywhere', minWidth: '16rem' },
  '& td.column-listing_name, & td.column-author_name': {
    overflowWrap: 'anywhere',
    minWidth: '9rem',
  },
  '& td.column-updated_at, & td.column-rating': { whiteSpace: 'nowrap' },
  ...STACKED_ON_PHONE,
} as const;

function Stars({ rating }: { rating: number }) {
  return (
    <Box component="span" role="img" aria-label={starsLabel(rating)} sx={{ color: 'warning.main' }}>
      {starsText(rating)}
    </Box>
  );
}

/** The comment, with its marks: reported by a visitor, the reason of a rejection. */
function Comment({ review }: { review: QueuedReview }) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      {review.reported_at && (
        <Chip
          label="Denunciada"
          color="warning"
          size="small"
          title={`Denunciada em ${formatDate(review.reported_at)}`}
          sx={{ alignSelf: 'flex-start' }}
        />
      )}
      <span>{review.comment}</span>
      {review.status === 'rejected' && review.rejection_reason && (
        <Typography variant="body2" color="text.secondary">
          {`${REVIEW_FIELD_LABELS.rejection_reason}: ${review.rejection_reason}`}
        </Typography>
      )}
    </Stack>
  );
}

function Place({ review }: { review: QueuedReview }) {
  if (!review.listing_name) return <span>{REMOVED_LISTING_NAME}</span>;
  return <Link to={listingEditPath(review)}>{review.listing_name}</Link>;
}

export default function ReviewList() {
  const notify = useTitledNotify();
  const [status, setStatus] = useState<ReviewStatus>('pending');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        Avaliações
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Uma avaliação aparece na página do lugar depois de aprovada. O autor vê o motivo de uma
        rejeição no seu perfil.
      </Typography>
      <KindTabs value={status} onChange={setStatus} tabs={REVIEW_TABS} label="Situação" />
      {/* One list per tab (its own order and page), the tab kept while the screen is open. */}
      <List<QueuedReview>
        key={status}
        resource={REVIEWS}
        title="Avaliações"
        filter={{ status }}
        sort={TAB_SORT[status]}
        perPage={25}
        disableSyncWithLocation
        actions={false}
        empty={false}
        queryOptions={{
          onError: () =>
            notify('Erro ao carregar', 'Não foi possível carregar as avaliações.', 'error'),
        }}
      >
        <DataTable
          body={Body}
          bulkActionButtons={false}
          rowClick={false}
          sx={LAYOUT}
          empty={<Typography sx={{ p: 2 }}>{EMPTY_TAB[status]}</Typography>}
        >
          <DataTable.Col
            source="rating"
            label={REVIEW_FIELD_LABELS.rating}
            data-label={REVIEW_FIELD_LABELS.rating}
            render={(review: QueuedReview) => <Stars rating={review.rating} />}
          />
          <DataTable.Col
            source="comment"
            label={REVIEW_FIELD_LABELS.comment}
            data-label={REVIEW_FIELD_LABELS.comment}
            disableSort
            render={(review: QueuedReview) => <Comment review={review} />}
          />
          <DataTable.Col
            source="listing_name"
            label="Lugar"
            data-label="Lugar"
            render={(review: QueuedReview) => <Place review={review} />}
          />
          <DataTable.Col
            source="author_name"
            label="Autor"
            data-label="Autor"
            render={(review: QueuedReview) => review.author_name}
          />
          <DataTable.Col
            source="updated_at"
            label="Data"
            data-label="Data"
            render={(review: QueuedReview) => formatDate(review.updated_at)}
          />
          <DataTable.Col
            label="Ações"
            data-label="Ações"
            disableSort
            render={(review: QueuedReview) => <ReviewActions review={review} />}
          />
        </DataTable>
      </List>
    </>
  );
}
