// @vitest-environment happy-dom
// A listing's details on the site are made from its kind's field definitions: a field added to
// the definition is one more line of the details, under its site label. The field added here is a
// real column the details do not show today, the page's address (`slug`).
import { type KindFields, LISTING_FIELDS, type ListingKind } from '@guia-fortim/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListingDetails } from '../../src/components/details/ListingDetails.tsx';
import { comercio, hospedagem, passeio } from './fixtures.ts';

afterEach(cleanup);

function withSlug(kind: ListingKind): KindFields {
  const { fields, details } = LISTING_FIELDS[kind];
  return {
    fields: [
      ...fields,
      { column: 'slug', label: 'Endereço da página', type: 'text', site: 'Página' },
    ],
    details: [...details, { facts: ['slug'] }],
  };
}

/** The details' lines: each term with its value. */
const lines = () =>
  [...document.querySelectorAll('dt')].map((term) => [
    term.textContent,
    term.nextElementSibling?.textContent,
  ]);

describe('a field added to a kind’s definition', () => {
  for (const item of [hospedagem('mar'), comercio('sabor'), passeio('barco')]) {
    it(`${item.kind}: is a line of the details, after the kind's own`, () => {
      render(<ListingDetails item={item} definition={withSlug(item.kind)} />);
      expect(lines().at(-1)).toEqual(['Página', item.slug]);
      cleanup();
      render(<ListingDetails item={item} />);
      expect(lines().map(([term]) => term)).not.toContain('Página');
      expect(screen.queryByText(item.slug)).toBeNull();
    });
  }

  it("the kinds' own lines, in their order", () => {
    const terms = (item: Parameters<typeof ListingDetails>[0]['item']) => {
      render(<ListingDetails item={item} />);
      const found = lines().map(([term]) => term);
      cleanup();
      return found;
    };
    expect(terms(hospedagem('mar'))).toEqual(['Preço por noite', 'Endereço']);
    expect(terms(comercio('sabor'))).toEqual(['Horário de funcionamento', 'Endereço']);
    expect(terms(passeio('barco'))).toEqual(['Duração', 'Ponto de Encontro', 'Preço por pessoa']);
  });
});
