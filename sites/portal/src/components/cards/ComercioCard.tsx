import type { ComercioView } from '../../lib/listing-view.ts';
import { Icon } from '../Icon.tsx';
import { WhatsAppLink } from '../WhatsAppLink.tsx';
import { type CardProps, CardShell } from './CardShell.tsx';

export function ComercioCard(props: CardProps<ComercioView>) {
  const { item } = props;
  return (
    <CardShell {...props}>
      <p className="flex items-start gap-1 text-sm text-slate-600">
        <Icon name="pin" className="mt-0.5 size-4 text-mar" />
        {item.address}
      </p>
      <p className="flex items-start gap-1 text-sm text-slate-600">
        <Icon name="clock" className="mt-0.5 size-4 text-mar" />
        <span>
          <span className="font-medium text-slate-700">Horário de funcionamento:</span>{' '}
          {item.horario}
        </span>
      </p>
      <div className="mt-auto pt-2">
        <WhatsAppLink item={item} />
      </div>
    </CardShell>
  );
}
