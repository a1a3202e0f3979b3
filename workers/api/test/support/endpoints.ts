// Every admin endpoint with a well-formed request, for the authorization matrix and the property
// tests. Ids point at real rows created by the caller.
import { randomUUID } from 'node:crypto';
import { KIND_PATH, KINDS, validListing, validSlide } from './fixtures.ts';

export type Endpoint = {
  name: string;
  method: string;
  path: string;
  json?: unknown;
  form?: () => FormData;
};

export type EndpointIds = {
  listing: Record<string, string>;
  category: string;
  slide: string;
  user: string;
  /** A trash item to restore (default: an id no item has). */
  trash?: string;
  /** A trash item to purge for good (default: `trash`, else an id no item has). */
  trashToPurge?: string;
  /** A history entry (default: an id no entry has). */
  history?: number;
};

/** Ids no trash item and no history entry has. */
export const MISSING_TRASH_ID = '00000000-0000-4000-8000-00000000dead';
export const MISSING_HISTORY_ID = Number.MAX_SAFE_INTEGER;

/** A 1×1 PNG: the smallest real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function adminEndpoints(ids: EndpointIds): Endpoint[] {
  const listingEndpoints = KINDS.flatMap((kind): Endpoint[] => {
    const base = KIND_PATH[kind];
    const item = `${base}/${ids.listing[kind]}`;
    return [
      { name: `criar ${kind}`, method: 'POST', path: base, json: validListing(kind) },
      { name: `editar ${kind}`, method: 'PATCH', path: item, json: { name: 'Nome novo' } },
      {
        name: `edição rápida ${kind}`,
        method: 'PATCH',
        path: `${item}/quick`,
        json: { rating: 3 },
      },
      { name: `excluir ${kind}`, method: 'DELETE', path: item },
      {
        name: `destacar ${kind}`,
        method: 'POST',
        path: `${item}/lists/featured`,
        json: { included: true },
      },
      {
        name: `mover destaque ${kind}`,
        method: 'POST',
        path: `${item}/lists/featured/move`,
        json: { direction: 'up' },
      },
      {
        name: `fixar ${kind}`,
        method: 'POST',
        path: `${item}/lists/pinned`,
        json: { included: true },
      },
      {
        name: `mover fixado ${kind}`,
        method: 'POST',
        path: `${item}/lists/pinned/move`,
        json: { direction: 'down' },
      },
      // After 'fixar': taking the pin off again changes the row.
      {
        name: `ações em lote ${kind}`,
        method: 'POST',
        path: `${base}/bulk`,
        json: { action: 'unpin', ids: [ids.listing[kind]] },
      },
    ];
  });
  return [
    ...listingEndpoints,
    {
      name: 'criar categoria',
      method: 'POST',
      path: '/api/categories',
      // A name of its own: each caller allowed to create one (an admin, a moderator) creates it.
      json: { name: `Nova ${randomUUID().slice(0, 8)}`, type: 'passeio' },
    },
    {
      name: 'renomear categoria',
      method: 'PATCH',
      path: `/api/categories/${ids.category}`,
      json: { name: 'Renomeada' },
    },
    {
      name: 'mover categoria',
      method: 'POST',
      path: `/api/categories/${ids.category}/move`,
      json: { direction: 'up' },
    },
    { name: 'excluir categoria', method: 'DELETE', path: `/api/categories/${ids.category}` },
    { name: 'criar slide', method: 'POST', path: '/api/slides', json: validSlide() },
    {
      name: 'editar slide',
      method: 'PATCH',
      path: `/api/slides/${ids.slide}`,
      json: { title: 'Outro título' },
    },
    { name: 'excluir slide', method: 'DELETE', path: `/api/slides/${ids.slide}` },
    {
      name: 'salvar configurações',
      method: 'PUT',
      path: '/api/settings',
      json: { contact_phone: '+55 (88) 90000-0000' },
    },
    {
      name: 'alterar função',
      method: 'PUT',
      path: `/api/users/${ids.user}/role`,
      json: { role: 'admin' },
    },
    {
      name: 'enviar imagem',
      method: 'POST',
      path: '/api/images?folder=general',
      form: () => {
        const form = new FormData();
        form.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'ponto.png');
        return form;
      },
    },
    {
      name: 'restaurar da lixeira',
      method: 'POST',
      path: `/api/trash/${ids.trash ?? MISSING_TRASH_ID}/restore`,
    },
    {
      name: 'excluir definitivamente',
      method: 'DELETE',
      path: `/api/trash/${ids.trashToPurge ?? ids.trash ?? MISSING_TRASH_ID}`,
    },
    {
      name: 'restaurar versão',
      method: 'POST',
      path: `/api/history/${ids.history ?? MISSING_HISTORY_ID}/restore`,
    },
    { name: 'estado da publicação', method: 'GET', path: '/api/publish' },
  ];
}
