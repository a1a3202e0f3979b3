// The moderation queue's rules: its tabs, the order of each, how a review's stars and place read.
import {
  KINDS,
  type QueuedReview,
  REVIEW_RATING_MAX,
  type ReviewStatus,
} from '@guia-fortim/domain';
import type { SortPayload } from 'react-admin';

export const REVIEW_TABS = [
  { value: 'pending', label: 'Pendentes' },
  { value: 'approved', label: 'Aprovadas' },
  { value: 'rejected', label: 'Rejeitadas' },
] as const satisfies readonly { value: ReviewStatus; label: string }[];

/**
 * The pending ones in the order they were sent (the longest waiting first; an edited or reported
 * review waits again from then); the decided ones, the latest decision first.
 */
export const TAB_SORT: Record<ReviewStatus, SortPayload> = {
  pending: { field: 'updated_at', order: 'ASC' },
  approved: { field: 'moderated_at', order: 'DESC' },
  rejected: { field: 'moderated_at', order: 'DESC' },
};

export const EMPTY_TAB: Record<ReviewStatus, string> = {
  pending: 'Nenhuma avaliação esperando moderação.',
  approved: 'Nenhuma avaliação aprovada.',
  rejected: 'Nenhuma avaliação rejeitada.',
};

/** '★★★★☆' for 4. */
export function starsText(rating: number): string {
  const full = Math.max(0, Math.min(REVIEW_RATING_MAX, Math.round(rating)));
  return '★'.repeat(full) + '☆'.repeat(REVIEW_RATING_MAX - full);
}

/** The edit screen of the reviewed place. */
export function listingEditPath(review: Pick<QueuedReview, 'listing_kind' | 'listing_id'>): string {
  return `/admin/${KINDS[review.listing_kind].resource}/editar/${encodeURIComponent(review.listing_id)}`;
}

/**
 * The decisions a review may still take: not the one it already has, and none on the reader's own
 * (another member of the staff decides on it; the database refuses it too).
 */
export function decisionsFor(review: Pick<QueuedReview, 'status' | 'is_own'>): {
  approve: boolean;
  reject: boolean;
} {
  if (review.is_own) return { approve: false, reject: false };
  return { approve: review.status !== 'approved', reject: review.status !== 'rejected' };
}
