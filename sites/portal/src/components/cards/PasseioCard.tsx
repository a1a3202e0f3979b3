import { priceUnit } from '@guia-fortim/domain';
import type { PasseioView } from '../../lib/listing-view.ts';
import { cardPrice } from '../../lib/prices.ts';
import { Icon } from '../Icon.tsx';
import { WhatsAppLink } from '../WhatsAppLink.tsx';
import { type CardProps, CardShell } from './CardShell.tsx';

export function PasseioCard(props: CardProps<PasseioView>) {
  const { item } = props;
  return (
    <CardShell {...props}>
      <dl className="grid gap-1 text-sm text-slate-600">
        <div className="flex items-start gap-1">
          <Icon name="clock" className="mt-0.5 size-4 text-mar" />
          <dt className="font-medium text-slate-700">Duração:</dt>
          <dd>{item.duracao}</dd>
        </div>
        <div className="flex items-start gap-1">
          <Icon name="pin" className="mt-0.5 size-4 text-mar" />
          <dt className="font-medium text-slate-700">Ponto de encontro:</dt>
          <dd>{item.ponto_encontro}</dd>
        </div>
      </dl>
      {item.itens_incluidos.length > 0 && (
        <details className="group/details relative z-10 text-sm">
          <summary className="cursor-pointer font-medium text-mar hover:underline">
            <span className="group-open/details:hidden">Mais detalhes</span>
            <span className="hidden group-open/details:inline">Menos detalhes</span>
          </summary>
          <p className="mt-2 font-medium text-slate-700">O que está incluso:</p>
          <ul className="mt-1 list-disc pl-5 text-slate-600">
            {item.itens_incluidos.map((included) => (
              <li key={included}>{included}</li>
            ))}
          </ul>
        </details>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-2">
        <p className="text-sm text-slate-700">
          <strong className="text-base text-mar">{cardPrice(item.price)}</strong>
          {`/${priceUnit(item.kind)}`}
        </p>
        <WhatsAppLink item={item} />
      </div>
    </CardShell>
  );
}
