import { REVIEW_RATING_MAX, starsLabel } from '@guia-fortim/domain';

/** A review's stars, drawn as ★ and ☆, read as "4 de 5 estrelas". */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={starsLabel(rating)} className="tracking-tight text-amber-500">
      {'★'.repeat(rating)}
      <span className="text-slate-300">{'☆'.repeat(Math.max(0, REVIEW_RATING_MAX - rating))}</span>
    </span>
  );
}
