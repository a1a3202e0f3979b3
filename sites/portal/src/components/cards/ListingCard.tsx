import type { ListingView } from '../../lib/listing-view.ts';
import type { CardProps } from './CardShell.tsx';
import { ComercioCard } from './ComercioCard.tsx';
import { HospedagemCard } from './HospedagemCard.tsx';
import { PasseioCard } from './PasseioCard.tsx';

export function ListingCard({ item, ...rest }: CardProps<ListingView>) {
  switch (item.kind) {
    case 'hospedagem':
      return <HospedagemCard {...rest} item={item} />;
    case 'comercio':
      return <ComercioCard {...rest} item={item} />;
    case 'passeio':
      return <PasseioCard {...rest} item={item} />;
  }
}
