import {
  type FieldDefinition,
  inTableOrder,
  type KindFields,
  type ListingResource,
} from '@guia-fortim/domain';
import jsonExport from 'jsonexport/dist';
import { downloadCSV, type Exporter } from 'react-admin';
import { fieldsOf } from './formRules.ts';
import type { ListingRow } from './listingRow.ts';

const yesNo = (value: unknown) => (value ? 'sim' : 'não');
const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
/** Numbers as a spreadsheet in Portuguese reads them (decimal comma; columns split by ';'). */
const decimal = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : Number(value).toLocaleString('pt-BR', { useGrouping: false, maximumFractionDigits: 6 });
/** Text an admin typed is never read as a formula by the spreadsheet that opens the file. */
export const text = (value: unknown) => {
  const cell = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
};

/** A field's cell, by its type: numbers with a decimal comma, lists joined, text neutralised. */
function cell(field: FieldDefinition, value: unknown): unknown {
  switch (field.type) {
    case 'price':
    case 'rating':
    case 'latitude':
    case 'longitude':
      return decimal(value);
    case 'categories':
    case 'items':
    case 'amenities':
    case 'gallery':
      return text(list(value));
    default:
      return text(value);
  }
}

/** What a listing's CSV line holds, under Portuguese headers: the kind's exported fields in the
 * list's order, then where it stands in the featured and the pinned, and when it was made. */
export function csvLine(
  kind: ListingResource,
  row: ListingRow,
  definition: KindFields = fieldsOf(kind),
): Record<string, unknown> {
  const fields = inTableOrder(definition.fields).filter(
    (field): field is FieldDefinition & { export: string } => field.export !== undefined,
  );
  return {
    ...Object.fromEntries(fields.map((field) => [field.export, cell(field, row[field.column])])),
    Destaque: yesNo(row.is_featured),
    Topo: yesNo(row.is_pinned),
    'Criado em': row.created_at,
  };
}

/** 'Exportar CSV': every listing the list's search finds, in its sort, as one CSV file. */
export function listingExporter(
  kind: ListingResource,
  definition?: KindFields,
): Exporter<ListingRow> {
  return (records) => {
    jsonExport(
      records.map((row) => csvLine(kind, row, definition)),
      { rowDelimiter: ';' },
      (error: Error | null, csv: string) => {
        if (!error) downloadCSV(csv, kind);
      },
    );
  };
}
