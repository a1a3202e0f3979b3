import { amenityIcon } from '../lib/amenities.ts';
import { Icon } from './Icon.tsx';

export function Amenities({ items }: { items: string[] }) {
  return (
    <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2 text-slate-700">
          <Icon name={amenityIcon(item)} className="size-5 text-mar" />
          {item}
        </li>
      ))}
    </ul>
  );
}
