// 'Exportar CSV': text an admin typed is never read as a formula by the spreadsheet that opens
// the file (OWASP's CSV injection: a cell starting with =, +, -, @, a tab or a carriage return).
// Each text column, each kind, at the edge: the character first (neutralised), second (left as
// typed), and plain text (as typed).
import { describe, expect, it } from 'vitest';
import { csvLine, text } from '../src/listings/listingExporter.ts';
import type { ListingRow } from '../src/listings/listingRow.ts';

const TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

/** The row's text fields, each given `value`; the columns of csvLine that show them. */
const TEXT_FIELDS = {
  hospedagens: {
    fields: ['name', 'phone', 'address'],
    columns: ['Nome', 'Telefone (WhatsApp)', 'Endereço'],
  },
  comercios: {
    fields: ['name', 'categoria', 'phone', 'address', 'horario'],
    columns: ['Nome', 'Categorias', 'Telefone (WhatsApp)', 'Endereço', 'Horário'],
  },
  passeios: {
    fields: ['name', 'categoria', 'phone', 'ponto_encontro', 'duracao'],
    columns: ['Nome', 'Categorias', 'Telefone (WhatsApp)', 'Ponto de encontro', 'Duração'],
  },
} as const;

function row(fields: readonly string[], value: string): ListingRow {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    is_featured: false,
    featured_order: null,
    is_pinned: false,
    pin_order: null,
    created_at: '2026-11-27T12:00:00Z',
    name: 'Pousada',
    ...Object.fromEntries(fields.map((field) => [field, value])),
  } as unknown as ListingRow;
}

describe('the listings CSV', () => {
  for (const [kind, { fields, columns }] of Object.entries(TEXT_FIELDS)) {
    it(`${kind}: every text column is neutralised at its first character only`, () => {
      for (const trigger of TRIGGERS) {
        const first = csvLine(kind as keyof typeof TEXT_FIELDS, row(fields, `${trigger}1+1`));
        const second = csvLine(kind as keyof typeof TEXT_FIELDS, row(fields, `a${trigger}1`));
        for (const column of columns) {
          expect([column, first[column]]).toEqual([column, `'${trigger}1+1`]);
          expect([column, second[column]]).toEqual([column, `a${trigger}1`]);
        }
      }
    });
  }

  it('lists (categories of a lodging, amenities) are neutralised as the joined text', () => {
    const line = csvLine('hospedagens', {
      ...row([], ''),
      categorias: ['=Pousada', 'Chalé'],
      amenities: ['@wifi'],
    } as unknown as ListingRow);
    expect([line.Categorias, line.Comodidades]).toEqual(["'=Pousada, Chalé", "'@wifi"]);
  });

  it('empty and plain cells stay as they are', () => {
    expect([text(null), text(undefined), text(''), text('Pousada do Rio'), text(' =1')]).toEqual([
      '',
      '',
      '',
      'Pousada do Rio',
      ' =1',
    ]);
  });
});
