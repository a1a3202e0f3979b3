import { categoriesOf, LISTING_FIELDS } from '@guia-fortim/domain';
import type { ListingView } from '../../lib/listing-view.ts';
import { Icon } from '../Icon.tsx';
import { Rating } from '../Rating.tsx';

/** Top of a listing's dialog or page: category badge(s), name, rating and address. */
export function ListingSummary({
  item,
  as: Heading = 'h2',
  id,
}: {
  item: ListingView;
  as?: 'h1' | 'h2';
  id?: string;
}) {
  const values = item as unknown as Record<string, unknown>;
  const badges = categoriesOf(item.kind, values);
  // The address, for the kinds that have one (a tour's meeting point is in its details).
  const address = LISTING_FIELDS[item.kind].fields.find((field) => field.type === 'address');
  const place = address ? String(values[address.column] ?? '') : null;
  return (
    <div className="flex flex-col gap-2">
      <ul className="flex flex-wrap gap-2" aria-label="Categorias">
        {badges.map((badge) => (
          <li
            key={badge}
            className="rounded-full bg-mar/10 px-3 py-0.5 text-xs font-semibold text-mar"
          >
            {badge}
          </li>
        ))}
      </ul>
      <Heading id={id} className="text-2xl font-bold text-slate-900 md:text-3xl">
        {item.name}
      </Heading>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
        <Rating rating={item.rating} className="bg-amber-50" />
        {/* For the site search, which joins inline elements' text: 'Avaliação 4,2Av. Antônio'. */}
        {place && ' '}
        {place && (
          <span className="flex items-start gap-1">
            <Icon name="pin" className="mt-0.5 size-4 text-mar" />
            {place}
          </span>
        )}
      </div>
    </div>
  );
}
