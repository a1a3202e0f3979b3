import { FAVORITE_LABELS } from '@guia-fortim/domain';
import { type FavoritePlace, HEART_ATTRIBUTE } from '../lib/favorites/device.ts';
import type { ListingView } from '../lib/listing-view.ts';
import { Icon } from './Icon.tsx';

/**
 * The heart: saves the place in the visitor's favourites, or removes it. Plain markup wherever it
 * is drawn (static pages and islands alike): the page's inline favourites script
 * (lib/favorites/device.ts) marks it pressed and answers its taps, so no page needs a script file
 * or React for it. It names the place as 'Meus favoritos' will draw it.
 */
export function FavoriteButton({
  item,
  className = 'relative',
}: {
  item: Pick<ListingView, 'kind' | 'id' | 'slug' | 'name' | 'images' | 'phone'>;
  /** Its position (relative where it flows, absolute over a card's photo) and any other class. */
  className?: string;
}) {
  const place: FavoritePlace = {
    kind: item.kind,
    id: item.id,
    slug: item.slug,
    name: item.name,
    photo: item.images[0] ?? '',
    phone: item.phone,
  };
  return (
    <button
      type="button"
      {...{ [HEART_ATTRIBUTE]: JSON.stringify(place) }}
      aria-pressed="false"
      aria-label={FAVORITE_LABELS.add}
      className={`group z-10 flex size-10 shrink-0 items-center justify-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-200 hover:text-rose-600 aria-pressed:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mar ${className}`}
    >
      <Icon name="heart" className="size-5 group-aria-pressed:fill-current" />
    </button>
  );
}
