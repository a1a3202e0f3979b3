// The form's check before sending: the domain's rule (1 to 5 stars, a comment of 1 to 1000
// characters once trimmed), which the worker and the database apply again.
import { type ReviewInput, reviewInputSchema } from '@guia-fortim/domain';
import { REVIEW_TEXT } from './messages.ts';

/** The refusal's Portuguese message, or null when the review may be sent. */
export function checkReview(input: ReviewInput): string | null {
  const parsed = reviewInputSchema.safeParse(input);
  if (parsed.success) return null;
  return parsed.error.issues[0]?.message ?? REVIEW_TEXT.failed;
}
