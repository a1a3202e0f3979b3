import { formatRating } from '@guia-fortim/domain';
import { Icon } from './Icon.tsx';

/** The rating with one decimal, shown only when above 0. */
export function Rating({ rating, className = '' }: { rating: number; className?: string }) {
  const text = formatRating(rating);
  if (!text) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-sm font-semibold text-slate-900 ${className}`}
    >
      <Icon name="star" className="size-4 fill-amber-400 text-amber-500" />
      <span>
        <span className="sr-only">Avaliação </span>
        {text}
      </span>
    </span>
  );
}
