// The signed-in visitor's own reviews, read with supabase-js: row-level security lets an author
// read their rows in any status (with the rejection's reason). Staff read every row, so the
// query names the author.
import {
  LISTING_KINDS,
  LISTING_TABLE,
  type ListingKind,
  listingPath,
  type Review,
} from '@guia-fortim/domain';
import { getSupabase } from '../auth/client.ts';

export type OwnReview = Pick<
  Review,
  | 'id'
  | 'listing_kind'
  | 'listing_id'
  | 'rating'
  | 'comment'
  | 'status'
  | 'rejection_reason'
  | 'created_at'
  | 'updated_at'
>;

const COLUMNS =
  'id,listing_kind,listing_id,rating,comment,status,rejection_reason,created_at,updated_at';

/** The author's reviews, newest first; of one listing when `listing` is given. */
export async function ownReviews(
  userId: string,
  listing?: { kind: ListingKind; id: string },
): Promise<OwnReview[]> {
  let query = getSupabase().from('reviews').select(COLUMNS).eq('user_id', userId);
  if (listing) query = query.eq('listing_kind', listing.kind).eq('listing_id', listing.id);
  const { data, error } = await query
    .order('created_at', { ascending: false })
    .order('id', { ascending: false });
  if (error) throw error;
  return (data ?? []) as OwnReview[];
}

export type ReviewedPlace = { name: string; path: string };

/** The name and page of each place the reviews are about (a place no longer there is absent). */
export async function reviewedPlaces(
  reviews: readonly OwnReview[],
): Promise<Map<string, ReviewedPlace>> {
  const places = new Map<string, ReviewedPlace>();
  await Promise.all(
    LISTING_KINDS.map(async (kind) => {
      const ids = [
        ...new Set(reviews.filter((r) => r.listing_kind === kind).map((r) => r.listing_id)),
      ];
      if (ids.length === 0) return;
      const { data, error } = await getSupabase()
        .from(LISTING_TABLE[kind])
        .select('id,name,slug')
        .in('id', ids);
      if (error) throw error;
      for (const row of (data ?? []) as { id: string; name: string; slug: string }[]) {
        places.set(`${kind}:${row.id}`, { name: row.name, path: listingPath(kind, row.slug) });
      }
    }),
  );
  return places;
}
