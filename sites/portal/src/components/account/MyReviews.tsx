// The profile's 'Minhas avaliações': every review the visitor wrote, newest first, with its place
// (linked), stars, comment and status ('Pendente', 'Aprovada', 'Rejeitada' with the reason the
// moderator gave). 'Editar' sends it back to moderation (the screen says so); 'Excluir' asks
// first and removes it for good. A session that ended meanwhile asks to sign in again.
import { REMOVED_LISTING_NAME, REVIEW_MESSAGES } from '@guia-fortim/domain';
import { useCallback, useEffect, useState } from 'react';
import { accessToken, deleteReview, editReview } from '../../lib/reviews/api.ts';
import { REVIEW_TEXT } from '../../lib/reviews/messages.ts';
import {
  type OwnReview,
  ownReviews,
  type ReviewedPlace,
  reviewedPlaces,
} from '../../lib/reviews/own.ts';
import { toast } from '../../lib/toast.ts';
import { OwnReviewBody } from '../reviews/OwnReview.tsx';
import { ReviewEditor } from '../reviews/ReviewEditor.tsx';
import { useAuth } from './AuthProvider.tsx';

type Loaded = { reviews: OwnReview[]; places: Map<string, ReviewedPlace> };

export function MyReviews() {
  const { user } = useAuth();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!userId) return;
    try {
      const reviews = await ownReviews(userId);
      setLoaded({ reviews, places: await reviewedPlaces(reviews) });
      setFailed(false);
    } catch (error) {
      console.error('Erro ao ler as avaliações:', error);
      setFailed(true);
    }
  }, [userId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!userId) return null;

  async function save(review: OwnReview, input: { rating: number; comment: string }) {
    const token = await accessToken().catch(() => null);
    if (!token) return REVIEW_MESSAGES.signIn;
    const result = await editReview(token, review.id, input);
    if (!result.ok) return result.message;
    setEditing(null);
    toast({ title: REVIEW_TEXT.sent });
    setLoaded(
      (current) =>
        current && {
          ...current,
          reviews: current.reviews.map((r) => (r.id === review.id ? result.value.review : r)),
        },
    );
    return null;
  }

  async function remove(review: OwnReview) {
    if (!window.confirm(REVIEW_TEXT.removeConfirm)) return;
    setBusy(review.id);
    const token = await accessToken().catch(() => null);
    const result = token
      ? await deleteReview(token, review.id)
      : ({ ok: false, message: REVIEW_MESSAGES.signIn } as const);
    setBusy(null);
    if (!result.ok) {
      toast({ title: result.message, variant: 'destructive' });
      return;
    }
    toast({ title: REVIEW_TEXT.removed });
    setLoaded(
      (current) =>
        current && { ...current, reviews: current.reviews.filter((r) => r.id !== review.id) },
    );
  }

  return (
    <section
      aria-labelledby="minhas-avaliacoes"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="minhas-avaliacoes" className="text-xl font-bold text-sky-900">
        {REVIEW_TEXT.mine}
      </h2>
      {failed && (
        <p role="alert" className="text-red-800">
          {REVIEW_TEXT.readFailed}
        </p>
      )}
      {!loaded && !failed && <p className="text-slate-600">{REVIEW_TEXT.loading}</p>}
      {loaded && loaded.reviews.length === 0 && (
        <p className="text-slate-600">{REVIEW_TEXT.mineNone}</p>
      )}
      {loaded && loaded.reviews.length > 0 && (
        <ul className="flex flex-col gap-4">
          {loaded.reviews.map((review) => {
            const place = loaded.places.get(`${review.listing_kind}:${review.listing_id}`);
            return (
              <li
                key={review.id}
                className="flex flex-col gap-3 border-b border-slate-100 pb-4 last:border-b-0"
                data-testid="my-review"
              >
                <h3 className="font-semibold text-slate-900 wrap-anywhere">
                  {place ? (
                    <a href={place.path} className="text-sky-800 hover:underline">
                      {place.name}
                    </a>
                  ) : (
                    REMOVED_LISTING_NAME
                  )}
                </h3>
                {editing === review.id ? (
                  <>
                    <p className="text-sm text-slate-600">{REVIEW_TEXT.editNote}</p>
                    <ReviewEditor
                      initial={{ rating: review.rating, comment: review.comment }}
                      onSubmit={(input) => save(review, input)}
                      onCancel={() => setEditing(null)}
                    />
                  </>
                ) : (
                  <>
                    <OwnReviewBody review={review} />
                    <div className="flex flex-wrap items-center gap-2">
                      <button
                        type="button"
                        onClick={() => setEditing(review.id)}
                        className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
                      >
                        {REVIEW_TEXT.edit}
                      </button>
                      <button
                        type="button"
                        onClick={() => void remove(review)}
                        disabled={busy === review.id}
                        className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
                      >
                        {REVIEW_TEXT.remove}
                      </button>
                    </div>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {/* While a review is edited, the note is beside its form. */}
      {editing === null && <p className="text-xs text-slate-500">{REVIEW_TEXT.editNote}</p>}
    </section>
  );
}
