import { listingPath, truncateDescription } from '@guia-fortim/domain';
import type { MouseEvent, ReactNode } from 'react';
import { PHOTO_SIZES } from '../../lib/images.ts';
import type { ListingView } from '../../lib/listing-view.ts';
import { FavoriteButton } from '../FavoriteButton.tsx';
import { ListingImage } from '../ListingImage.tsx';
import { Rating } from '../Rating.tsx';

export type CardProps<T extends ListingView> = {
  item: T;
  /** In the list islands: open the dialog instead of following the link. */
  onOpen?: (item: T) => void;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a list: its photo may be the page's largest content, load it first. */
  priority?: boolean;
};

/** The whole card is one link to the listing's page (its title's link stretched over it); the
 * heart, the WhatsApp button and the tour toggle sit above that link. */
export function CardShell<T extends ListingView>({
  item,
  onOpen,
  headingLevel: Heading = 'h3',
  priority,
  badge,
  children,
}: CardProps<T> & { badge?: ReactNode; children: ReactNode }) {
  const href = listingPath(item.kind, item.slug);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    onOpen(item);
  };
  return (
    <article
      className="relative flex w-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:shadow-md focus-within:ring-2 focus-within:ring-mar"
      data-listing={item.slug}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <ListingImage
          url={item.images[0] ?? ''}
          alt={item.name}
          variant="card"
          sizes={PHOTO_SIZES.card}
          styles={item.image_styles}
          priority={priority}
        />
        <FavoriteButton item={item} className="absolute top-3 left-3" />
        <div className="absolute top-3 right-3 flex gap-2">
          {badge}
          <Rating rating={item.rating} className="shadow" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg leading-snug font-semibold text-slate-900">
          <a
            href={href}
            onClick={open}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {item.name}
          </a>
        </Heading>
        <p className="text-sm text-slate-600">{truncateDescription(item.description)}</p>
        {children}
      </div>
    </article>
  );
}
