// The body of a listing's dialog and page, with the spec's sections for each kind.
import { formatPrice } from '@guia-fortim/domain';
import type { ReactNode } from 'react';
import type {
  ComercioView,
  HospedagemView,
  ListingView,
  PasseioView,
} from '../../lib/listing-view.ts';
import { Amenities } from '../Amenities.tsx';
import { DirectionsLink } from '../DirectionsLink.tsx';
import { Icon, type IconName } from '../Icon.tsx';
import { WhatsAppLink } from '../WhatsAppLink.tsx';

type Level = 2 | 3;

export function ListingDetails({ item, level = 3 }: { item: ListingView; level?: Level }) {
  switch (item.kind) {
    case 'hospedagem':
      return <HospedagemDetails item={item} level={level} />;
    case 'comercio':
      return <ComercioDetails item={item} level={level} />;
    case 'passeio':
      return <PasseioDetails item={item} level={level} />;
  }
}

function Section({ title, level, children }: { title: string; level: Level; children: ReactNode }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="flex flex-col gap-2">
      <Heading className="text-lg font-semibold text-slate-900">{title}</Heading>
      {children}
    </section>
  );
}

function Fact({ icon, label, children }: { icon: IconName; label: string; children: ReactNode }) {
  // The space between the term and its value is for the site search, which joins the text of
  // elements it does not break on (dt, dd) into one word otherwise ('Preço por noiteR$ 250,00').
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="flex items-center gap-2 text-sm font-medium text-slate-600">
        <Icon name={icon} className="size-5 text-mar" />
        {label}
      </dt>{' '}
      <dd className="mt-1 pl-7 text-slate-900">{children}</dd>
    </div>
  );
}

function Description({ text }: { text: string }) {
  return <p className="leading-relaxed whitespace-pre-line text-slate-700">{text}</p>;
}

/** What the visitor does next. Not the listing's content: the site search leaves it out. */
function Contact({ item }: { item: ListingView }) {
  return (
    <div className="flex flex-col gap-3 pt-2 sm:flex-row" data-pagefind-ignore>
      <WhatsAppLink item={item} className="w-full sm:w-auto" />
      <DirectionsLink item={item} className="w-full sm:w-auto" />
    </div>
  );
}

function HospedagemDetails({ item, level }: { item: HospedagemView; level: Level }) {
  return (
    <div className="flex flex-col gap-6">
      <Section title="Sobre a Hospedagem" level={level}>
        <Description text={item.description} />
      </Section>
      {item.amenities.length > 0 && (
        <Section title="Comodidades" level={level}>
          <Amenities items={item.amenities} />
        </Section>
      )}
      <Section title="Informações Práticas" level={level}>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact icon="card" label="Preço por noite">
            {formatPrice(item.price)}
          </Fact>
          <Fact icon="pin" label="Endereço">
            {item.address}
          </Fact>
        </dl>
      </Section>
      <Contact item={item} />
    </div>
  );
}

function ComercioDetails({ item, level }: { item: ComercioView; level: Level }) {
  return (
    <div className="flex flex-col gap-6">
      <Section title="Sobre o Estabelecimento" level={level}>
        <Description text={item.description} />
      </Section>
      {item.amenities.length > 0 && (
        <Section title="Facilidades" level={level}>
          <Amenities items={item.amenities} />
        </Section>
      )}
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact icon="clock" label="Horário de funcionamento">
          {item.horario}
        </Fact>
        <Fact icon="pin" label="Endereço">
          {item.address}
        </Fact>
      </dl>
      <Contact item={item} />
    </div>
  );
}

function PasseioDetails({ item, level }: { item: PasseioView; level: Level }) {
  return (
    <div className="flex flex-col gap-6">
      <Section title="Sobre o Passeio" level={level}>
        <Description text={item.description} />
      </Section>
      <dl className="grid gap-3 sm:grid-cols-2">
        <Fact icon="clock" label="Duração">
          {item.duracao}
        </Fact>
        <Fact icon="flag" label="Ponto de Encontro">
          {item.ponto_encontro}
        </Fact>
      </dl>
      {item.itens_incluidos.length > 0 && (
        <Section title="O que está incluído" level={level}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {item.itens_incluidos.map((included) => (
              <li key={included} className="flex items-center gap-2 text-slate-700">
                <Icon name="check" className="size-5 text-emerald-700" />
                {included}
              </li>
            ))}
          </ul>
        </Section>
      )}
      {item.amenities.length > 0 && (
        <Section title="Facilidades" level={level}>
          <Amenities items={item.amenities} />
        </Section>
      )}
      <dl>
        <Fact icon="card" label="Preço por pessoa">
          {formatPrice(item.price)}
        </Fact>
      </dl>
      <Contact item={item} />
    </div>
  );
}
