import { REVIEW_STATUS_LABELS } from '@guia-fortim/domain';
import { REVIEW_TEXT } from '../../lib/reviews/messages.ts';
import type { OwnReview } from '../../lib/reviews/own.ts';
import { Stars } from './Stars.tsx';

const STATUS_TONES = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
} as const;

/** One of the visitor's own reviews: stars, status, the rejection's reason and the comment. */
export function OwnReviewBody({ review }: { review: OwnReview }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONES[review.status]}`}
          data-testid="review-status"
        >
          {REVIEW_STATUS_LABELS[review.status]}
        </span>
      </div>
      {review.status === 'rejected' && review.rejection_reason && (
        <p className="text-sm text-red-800 wrap-anywhere">
          <span className="font-semibold">{REVIEW_TEXT.reason}:</span> {review.rejection_reason}
        </p>
      )}
      <p className="whitespace-pre-line wrap-anywhere text-slate-800">{review.comment}</p>
    </div>
  );
}
