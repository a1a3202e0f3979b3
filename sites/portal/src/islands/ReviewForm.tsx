// 'Avaliar este lugar' on a listing's page. The pre-rendered HTML is what a signed-out visitor
// sees (a link to sign in); the island is hydrated only when there is a session
// (client:session), so the page still loads no script before it is drawn. Signed in, it shows the
// visitor's own review of the place (status, 'Editar') or the form; the worker's refusals (an
// unconfirmed e-mail, a limit) are shown as it words them.
import type { ListingKind, ReviewInput } from '@guia-fortim/domain';
import { useCallback, useEffect, useState } from 'react';
import { OwnReviewBody } from '../components/reviews/OwnReview.tsx';
import { ReviewEditor } from '../components/reviews/ReviewEditor.tsx';
import { sessionStorageKey } from '../lib/auth/session-key.ts';
import { accessToken, editReview, submitReview } from '../lib/reviews/api.ts';
import { REVIEW_TEXT } from '../lib/reviews/messages.ts';
import type { OwnReview } from '../lib/reviews/own.ts';
import { readStoredUser, SESSION_CHANGED_EVENT, type StoredUser } from '../lib/session.ts';

type Props = { kind: ListingKind; listingId: string; supabaseUrl: string; loginHref: string };

type State =
  | { phase: 'signed-out' }
  | { phase: 'loading' }
  | { phase: 'failed' }
  | { phase: 'form' }
  | { phase: 'own'; review: OwnReview; editing: boolean; sent: boolean };

const box = 'flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-6';

export default function ReviewForm({ kind, listingId, supabaseUrl, loginHref }: Props) {
  const [state, setState] = useState<State>({ phase: 'signed-out' });
  const [user, setUser] = useState<StoredUser | null>(null);

  useEffect(() => {
    const key = sessionStorageKey(supabaseUrl);
    const read = () => setUser(readStoredUser(localStorage.getItem(key)));
    read();
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) read();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_CHANGED_EVENT, read);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_CHANGED_EVENT, read);
    };
  }, [supabaseUrl]);

  /** Reads `userId`'s review of this place; `current` says whether that user is still the one. */
  const load = useCallback(
    async (userId: string, current: () => boolean) => {
      setState({ phase: 'loading' });
      try {
        const { ownReviews } = await import('../lib/reviews/own.ts');
        const [review] = await ownReviews(userId, { kind, id: listingId });
        if (!current()) return;
        setState(
          review ? { phase: 'own', review, editing: false, sent: false } : { phase: 'form' },
        );
      } catch (error) {
        if (!current()) return;
        console.error('Erro ao ler a sua avaliação:', error);
        setState({ phase: 'failed' });
      }
    },
    [kind, listingId],
  );

  // Read again for another account only (a session refreshed in another tab is the same visitor);
  // an answer for the account signed in before is left unread.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) {
      setState({ phase: 'signed-out' });
      return;
    }
    let current = true;
    void load(userId, () => current);
    return () => {
      current = false;
    };
  }, [userId, load]);

  async function send(input: ReviewInput, id?: string): Promise<string | null> {
    const token = await accessToken().catch(() => null);
    if (!token) {
      setState({ phase: 'signed-out' });
      return null;
    }
    const result = id
      ? await editReview(token, id, input)
      : await submitReview(token, kind, listingId, input);
    if (!result.ok) return result.message;
    setState({ phase: 'own', review: result.value.review, editing: false, sent: true });
    return null;
  }

  if (state.phase === 'signed-out') {
    return (
      <section aria-labelledby="avaliar-titulo" className={box}>
        <h2 id="avaliar-titulo" className="text-lg font-bold text-slate-900">
          {REVIEW_TEXT.formTitle}
        </h2>
        <p className="text-slate-700">
          {REVIEW_TEXT.signedOut}{' '}
          <a href={loginHref} className="font-semibold text-sky-800 underline">
            {REVIEW_TEXT.signIn}
          </a>
        </p>
      </section>
    );
  }
  if (state.phase === 'own') {
    const { review } = state;
    return (
      <section aria-labelledby="avaliar-titulo" className={box}>
        <h2 id="avaliar-titulo" className="text-lg font-bold text-slate-900">
          {REVIEW_TEXT.yours}
        </h2>
        {state.sent && (
          <p role="status" className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900">
            {REVIEW_TEXT.sent}
          </p>
        )}
        {state.editing ? (
          <>
            <p className="text-sm text-slate-600">{REVIEW_TEXT.editNote}</p>
            <ReviewEditor
              initial={{ rating: review.rating, comment: review.comment }}
              onSubmit={(input) => send(input, review.id)}
              onCancel={() => setState({ ...state, editing: false })}
            />
          </>
        ) : (
          <>
            <OwnReviewBody review={review} />
            <div className="flex flex-wrap items-center gap-3">
              <button
                type="button"
                onClick={() => setState({ ...state, editing: true, sent: false })}
                className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
              >
                {REVIEW_TEXT.edit}
              </button>
              <p className="text-sm text-slate-600">{REVIEW_TEXT.editNote}</p>
            </div>
          </>
        )}
      </section>
    );
  }
  return (
    <section aria-labelledby="avaliar-titulo" className={box}>
      <h2 id="avaliar-titulo" className="text-lg font-bold text-slate-900">
        {REVIEW_TEXT.formTitle}
      </h2>
      {state.phase === 'loading' && <p className="text-slate-600">{REVIEW_TEXT.loading}</p>}
      {state.phase === 'failed' && (
        <p role="alert" className="text-red-800">
          {REVIEW_TEXT.readFailed}
        </p>
      )}
      {state.phase === 'form' && <ReviewEditor onSubmit={(input) => send(input)} />}
    </section>
  );
}
