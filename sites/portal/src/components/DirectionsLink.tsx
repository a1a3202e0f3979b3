import { directionsUrl, LISTING_FIELDS, placeField } from '@guia-fortim/domain';
import type { ListingView } from '../lib/listing-view.ts';
import { Icon } from './Icon.tsx';

/**
 * 'Como chegar': directions from where the visitor is to the listing (its coordinates, else its
 * address or a tour's meeting point), by Google Maps' universal link, which a phone opens in its
 * Maps app. A plain link in a new tab: it needs no script and works offline, where the app has
 * maps of its own. Not counted like 'Fale agora': listing_stats takes only the events view,
 * whatsapp and map (a CHECK in its migration), and a new one needs a migration.
 */
export function DirectionsLink({
  item,
  className = '',
}: {
  item: ListingView;
  className?: string;
}) {
  const field = placeField(LISTING_FIELDS[item.kind]);
  const place = field ? String((item as Record<string, unknown>)[field.column]) : '';
  const href = directionsUrl(item.latitude, item.longitude, place);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={`inline-flex items-center justify-center gap-2 rounded-lg border border-mar bg-white px-4 py-2 text-sm font-semibold text-mar hover:bg-mar/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-mar ${className}`}
    >
      <Icon name="directions" />
      Como chegar
      <span className="sr-only"> até {item.name} (abre o mapa em nova aba)</span>
    </a>
  );
}
