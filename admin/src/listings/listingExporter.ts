import type { ListingResource } from '@guia-fortim/domain';
import jsonExport from 'jsonexport/dist';
import { downloadCSV, type Exporter } from 'react-admin';
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

/** What a listing's CSV line holds, under Portuguese headers, in the list's order. */
export function csvLine(kind: ListingResource, row: ListingRow): Record<string, unknown> {
  return {
    Nome: text(row.name),
    Categorias: text(kind === 'hospedagens' ? list(row.categorias) : row.categoria),
    ...(kind === 'comercios' ? {} : { 'Preço (R$)': decimal(row.price) }),
    Avaliação: decimal(row.rating),
    'Telefone (WhatsApp)': text(row.phone),
    ...(kind === 'passeios'
      ? { 'Ponto de encontro': text(row.ponto_encontro), Duração: text(row.duracao) }
      : { Endereço: text(row.address) }),
    ...(kind === 'comercios' ? { Horário: text(row.horario) } : {}),
    Comodidades: text(list(row.amenities)),
    Latitude: decimal(row.latitude),
    Longitude: decimal(row.longitude),
    Destaque: yesNo(row.is_featured),
    Topo: yesNo(row.is_pinned),
    'Criado em': row.created_at,
  };
}

/** 'Exportar CSV': every listing the list's search finds, in its sort, as one CSV file. */
export function listingExporter(kind: ListingResource): Exporter<ListingRow> {
  return (records) => {
    jsonExport(
      records.map((row) => csvLine(kind, row)),
      { rowDelimiter: ';' },
      (error: Error | null, csv: string) => {
        if (!error) downloadCSV(csv, kind);
      },
    );
  };
}
