import { whatsappUrl } from '@guia-fortim/domain';
import type { ListingView } from '../lib/listing-view.ts';
import { statsTag } from '../lib/stats.ts';
import { Icon } from './Icon.tsx';

/** 'Fale agora': the listing's WhatsApp click-to-chat link, in a new tab. A tap is counted
 * (`data-stats`, sent by the page's stats script). */
export function WhatsAppLink({
  item,
  className = '',
}: {
  item: Pick<ListingView, 'kind' | 'id' | 'phone' | 'name'>;
  className?: string;
}) {
  const { phone, name } = item;
  if (!/\d/.test(phone)) return null;
  return (
    <a
      href={whatsappUrl(phone, name)}
      target="_blank"
      rel="noopener noreferrer"
      data-stats={statsTag(item.kind, item.id, 'whatsapp')}
      className={`relative z-10 inline-flex items-center justify-center gap-2 rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${className}`}
    >
      <Icon name="chat" />
      Fale agora
      <span className="sr-only"> com {name} pelo WhatsApp (abre em nova aba)</span>
    </a>
  );
}
