// The review form shared by a listing's page and the profile: 1 to 5 stars as radio inputs,
// 'Comentário' with its live count, and the refusal beside the form.
import {
  REVIEW_COMMENT_MAX,
  REVIEW_RATING_MAX,
  REVIEW_RATING_MIN,
  type ReviewInput,
  starsLabel,
} from '@guia-fortim/domain';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { REVIEW_TEXT } from '../../lib/reviews/messages.ts';
import { checkReview } from '../../lib/reviews/rules.ts';
import { FormError } from '../account/ui.tsx';

type Props = {
  initial?: ReviewInput;
  /** Sends the review; answers the refusal's message, or null once sent. */
  onSubmit: (input: ReviewInput) => Promise<string | null>;
  onCancel?: () => void;
};

const RATINGS = Array.from(
  { length: REVIEW_RATING_MAX - REVIEW_RATING_MIN + 1 },
  (_, index) => REVIEW_RATING_MIN + index,
);

export function ReviewEditor({ initial, onSubmit, onCancel }: Props) {
  const [rating, setRating] = useState(initial?.rating ?? 0);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Set at once, unlike `busy`, whose disabled button only follows the next render: a second
  // submit in the meantime (a double tap, Enter twice) must not send the review twice.
  const sending = useRef(false);
  const id = useId();
  const over = comment.length > REVIEW_COMMENT_MAX;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const input = { rating, comment };
    const refused = checkReview(input);
    setError(refused);
    if (refused || sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      setError(await onSubmit({ rating, comment: comment.trim() }));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-700">{REVIEW_TEXT.stars}</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((value) => (
            <label
              key={value}
              className="flex cursor-pointer items-center gap-1 rounded-md border border-slate-300 px-2 py-1 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="size-4 accent-amber-500"
              />
              <span aria-hidden="true" className="text-amber-500">
                {'★'.repeat(value)}
              </span>
              <span className="sr-only">{starsLabel(value)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-700">
          {REVIEW_TEXT.comment}
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          rows={4}
          aria-describedby={`${id}-count`}
          aria-invalid={over || undefined}
          onChange={(event) => setComment(event.target.value)}
          className="rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200"
        />
        <p
          id={`${id}-count`}
          className={`self-end text-xs ${over ? 'font-semibold text-red-700' : 'text-slate-500'}`}
        >
          {comment.length}/{REVIEW_COMMENT_MAX}
        </p>
      </div>
      <FormError message={error} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-sky-800 px-4 py-2 font-semibold text-white hover:bg-sky-900 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {busy ? REVIEW_TEXT.sending : REVIEW_TEXT.send}
        </button>
        {onCancel && (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50"
          >
            {REVIEW_TEXT.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
