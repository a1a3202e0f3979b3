// The shapes of what is sent about a review (the author's input, a moderator's decision, a review
// id), checked by the site's form, the panel and the worker with the same words (reviews.ts).
import './zod-config.ts';
import { z } from 'zod';
import { LISTING_KINDS } from './kinds.ts';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  REVIEW_REASON_MAX,
} from './reviews.ts';

const rating = z
  .number({ error: REVIEW_MESSAGES.rating })
  .int(REVIEW_MESSAGES.rating)
  .min(REVIEW_RATING_MIN, REVIEW_MESSAGES.rating)
  .max(REVIEW_RATING_MAX, REVIEW_MESSAGES.rating);
const comment = z
  .string({ error: REVIEW_MESSAGES.commentRequired })
  .trim()
  .min(1, REVIEW_MESSAGES.commentRequired)
  .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong);

/** What the author writes (the site's form, PATCH /api/reviews/:id). */
export const reviewInputSchema = z.strictObject({ rating, comment });
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** A new review: the place it is about, and the input (POST /api/reviews). */
export const reviewCreateSchema = z.strictObject({
  kind: z.enum(LISTING_KINDS, { error: REVIEW_MESSAGES.listingNotFound }),
  listing_id: z.uuid({ error: REVIEW_MESSAGES.listingNotFound }),
  rating,
  comment,
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

/**
 * The updated_at of the review the moderator read, as the database wrote it (to the microsecond,
 * kept as text so nothing rounds it): a decision holds only for that text.
 */
const seenUpdatedAt = z.iso.datetime({ offset: true, error: REVIEW_MESSAGES.changed });

/** A moderator's decision: approve, or reject with a reason the author reads. */
export const moderationSchema = z.discriminatedUnion(
  'status',
  [
    z.strictObject({
      status: z.literal('approved'),
      reason: z.string().optional(),
      seen_updated_at: seenUpdatedAt,
    }),
    z.strictObject({
      status: z.literal('rejected'),
      seen_updated_at: seenUpdatedAt,
      reason: z
        .string({ error: REVIEW_MESSAGES.reasonRequired })
        .trim()
        .min(1, REVIEW_MESSAGES.reasonRequired)
        .max(REVIEW_REASON_MAX, REVIEW_MESSAGES.reasonTooLong),
    }),
  ],
  { error: REVIEW_MESSAGES.status },
);
export type Moderation = z.infer<typeof moderationSchema>;

/** A review id in a route's path. */
export const reviewIdParam = z.object({ id: z.uuid({ error: REVIEW_MESSAGES.reviewNotFound }) });
