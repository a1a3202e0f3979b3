// The body of a listing's dialog and page: the sections and facts its kind's field definitions
// place in the details, each shown as its field's type says.
import {
  type DetailsBlock,
  type FieldDefinition,
  type FieldType,
  formatPrice,
  type KindFields,
  LISTING_FIELDS,
} from '@guia-fortim/domain';
import type { ReactNode } from 'react';
import type { ListingView } from '../../lib/listing-view.ts';
import { Amenities } from '../Amenities.tsx';
import { DirectionsLink } from '../DirectionsLink.tsx';
import { Icon, type IconName } from '../Icon.tsx';
import { WhatsAppLink } from '../WhatsAppLink.tsx';

type Level = 2 | 3;

export function ListingDetails({
  item,
  level = 3,
  definition = LISTING_FIELDS[item.kind],
}: {
  item: ListingView;
  level?: Level;
  /** The kind's fields; the domain's unless given. */
  definition?: KindFields;
}) {
  const values = item as unknown as Record<string, unknown>;
  const fieldOf = (column: string) =>
    definition.fields.find((field) => field.column === column) as FieldDefinition;
  return (
    <div className="flex flex-col gap-6">
      {definition.details.map((block) => (
        <Block
          key={blockKey(block)}
          block={block}
          fieldOf={fieldOf}
          values={values}
          level={level}
        />
      ))}
      <Contact item={item} />
    </div>
  );
}

const blockKey = (block: DetailsBlock) => (typeof block === 'string' ? block : block.facts.join());

/** The icon beside a fact, by its field's type. */
const FACT_ICONS: Partial<Record<FieldType, IconName>> = {
  price: 'card',
  address: 'pin',
  meetingPoint: 'flag',
  hours: 'clock',
  duration: 'clock',
};

function Block({
  block,
  fieldOf,
  values,
  level,
}: {
  block: DetailsBlock;
  fieldOf: (column: string) => FieldDefinition;
  values: Record<string, unknown>;
  level: Level;
}) {
  if (typeof block === 'string') {
    return <FieldSection field={fieldOf(block)} value={values[block]} level={level} />;
  }
  // Two facts or more side by side on a wide screen; a lone one takes the whole width.
  const facts = (
    <dl className={block.facts.length > 1 ? 'grid gap-3 sm:grid-cols-2' : undefined}>
      {block.facts.map((column) => {
        const field = fieldOf(column);
        const value = values[column];
        return (
          <Fact key={column} icon={FACT_ICONS[field.type] ?? 'check'} label={field.site ?? ''}>
            {field.type === 'price' ? formatPrice(Number(value)) : String(value ?? '')}
          </Fact>
        );
      })}
    </dl>
  );
  return block.title ? (
    <Section title={block.title} level={level}>
      {facts}
    </Section>
  ) : (
    facts
  );
}

/** A field with a section of its own: the description, the amenities, the included items (these
 * two only when there are some). */
function FieldSection({
  field,
  value,
  level,
}: {
  field: FieldDefinition;
  value: unknown;
  level: Level;
}) {
  const title = field.site ?? '';
  const items = Array.isArray(value) ? value.map(String) : [];
  switch (field.type) {
    case 'amenities':
      return items.length > 0 ? (
        <Section title={title} level={level}>
          <Amenities items={items} />
        </Section>
      ) : null;
    case 'items':
      return items.length > 0 ? (
        <Section title={title} level={level}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {items.map((included) => (
              <li key={included} className="flex items-center gap-2 text-slate-700">
                <Icon name="check" className="size-5 text-emerald-700" />
                {included}
              </li>
            ))}
          </ul>
        </Section>
      ) : null;
    default:
      return (
        <Section title={title} level={level}>
          <Description text={String(value ?? '')} />
        </Section>
      );
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
