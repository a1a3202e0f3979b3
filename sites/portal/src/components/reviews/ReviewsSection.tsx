// A listing page's 'Avaliações dos visitantes', rendered at build time (and by the site Worker
// after a publish) from the approved reviews: the visitors' average and count beside the guide's
// own rating, each labelled, then each review, newest first, with its 'Denunciar' button (which
// ReportReviews, the section's island, makes work). React escapes every text it renders.
import { formatRating, type PublishedReview, reviewSummary } from '@guia-fortim/domain';
import type { ReactNode } from 'react';
import { reviewCount, reviewDate, reviewDateTime } from '../../lib/reviews/format.ts';
import { REVIEW_TEXT } from '../../lib/reviews/messages.ts';
import { Icon } from '../Icon.tsx';
import { Stars } from './Stars.tsx';

/** The attributes ReportReviews finds a review's button and its message by. */
export const REPORT_ATTRIBUTE = 'data-review-report';
export const REPORT_MESSAGE_ATTRIBUTE = 'data-review-message';

export const REVIEWS_HEADING_ID = 'avaliacoes-visitantes';

function Score({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col rounded-lg bg-slate-50 px-4 py-2">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="flex items-center gap-1 text-lg font-semibold text-slate-900">{children}</dd>
    </div>
  );
}

export function ReviewsSection({
  reviews,
  guideRating,
}: {
  /** Newest first. */
  reviews: readonly PublishedReview[];
  guideRating: number;
}) {
  const summary = reviewSummary(reviews);
  const guide = formatRating(guideRating);
  return (
    <div className="flex flex-col gap-4">
      <h2 id={REVIEWS_HEADING_ID} className="text-xl font-bold text-slate-900">
        {REVIEW_TEXT.sectionTitle}
      </h2>
      <dl className="flex flex-wrap gap-3" data-testid="review-scores">
        {guide && (
          <Score label={REVIEW_TEXT.guideRating}>
            <Icon name="star" className="size-4 fill-amber-400 text-amber-500" />
            {guide}
          </Score>
        )}
        {summary.count > 0 && (
          <Score label={REVIEW_TEXT.visitors}>
            <Icon name="star" className="size-4 fill-amber-400 text-amber-500" />
            {formatRating(summary.average)}
            <span className="text-sm font-normal text-slate-600">
              ({reviewCount(summary.count)})
            </span>
          </Score>
        )}
      </dl>
      {reviews.length === 0 ? (
        <p className="text-slate-600">{REVIEW_TEXT.none}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => {
            // A page has one 'Denunciar' per review: its author and date tell them apart.
            const author = `avaliacao-${review.id}-autor`;
            const date = `avaliacao-${review.id}-data`;
            return (
              <li
                key={review.id}
                className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-white p-4"
                data-review-id={review.id}
              >
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span id={author} className="font-semibold text-slate-900 wrap-anywhere">
                    {review.author_name}
                  </span>
                  <Stars rating={review.rating} />
                  <time
                    id={date}
                    dateTime={reviewDateTime(review.created_at)}
                    className="text-sm text-slate-600"
                  >
                    {reviewDate(review.created_at)}
                  </time>
                </div>
                <p className="whitespace-pre-line wrap-anywhere text-slate-800">{review.comment}</p>
                <div className="flex flex-wrap items-center gap-3">
                  <button
                    type="button"
                    aria-describedby={`${author} ${date}`}
                    {...{ [REPORT_ATTRIBUTE]: review.id }}
                    className="inline-flex items-center gap-1 text-sm text-slate-600 underline-offset-2 hover:text-red-700 hover:underline disabled:no-underline disabled:opacity-60"
                  >
                    <Icon name="flag" className="size-4" />
                    {REVIEW_TEXT.report}
                  </button>
                  <p
                    role="status"
                    className="text-sm text-slate-700"
                    {...{ [REPORT_MESSAGE_ATTRIBUTE]: '' }}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
