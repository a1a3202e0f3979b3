import { priceUnit } from '@guia-fortim/domain';
import type { HospedagemView } from '../../lib/listing-view.ts';
import { cardPrice } from '../../lib/prices.ts';
import { Icon } from '../Icon.tsx';
import { WhatsAppLink } from '../WhatsAppLink.tsx';
import { type CardProps, CardShell } from './CardShell.tsx';

export function HospedagemCard(props: CardProps<HospedagemView>) {
  const { item } = props;
  return (
    <CardShell {...props}>
      <p className="flex items-start gap-1 text-sm text-slate-600">
        <Icon name="pin" className="mt-0.5 size-4 text-mar" />
        {item.address}
      </p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
        <p className="text-sm text-slate-700">
          A partir de <strong className="text-base text-mar">{cardPrice(item.price)}</strong>
          {`/${priceUnit(item.kind)}`}
        </p>
        <WhatsAppLink item={item} />
      </div>
    </CardShell>
  );
}
