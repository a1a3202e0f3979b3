// The approved reviews grouped by the listing they are about, each listing's newest first (its
// page's order; the same created_at is told apart by id, so two builds order alike).
import { compareById, type ListingKind, type PublishedReview } from '@guia-fortim/domain';

export const listingKey = (kind: ListingKind, id: string) => `${kind}:${id}`;

export function reviewsByListing(
  reviews: readonly PublishedReview[],
): Map<string, PublishedReview[]> {
  const newestFirst = [...reviews].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || compareById(b, a),
  );
  const byListing = new Map<string, PublishedReview[]>();
  for (const review of newestFirst) {
    const key = listingKey(review.listing_kind, review.listing_id);
    const list = byListing.get(key);
    if (list) list.push(review);
    else byListing.set(key, [review]);
  }
  return byListing;
}
