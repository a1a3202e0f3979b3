// Visitors' reviews in the access matrix: the worker's five routes, the table and its two views
// under /rest/v1, and the review functions. The reviews the operations aim at are written by an
// account none of the callers is (someone else's review), through the worker, and approved.
import { randomUUID } from 'node:crypto';
import { newUser, rows } from '@guia-fortim/api/testing/client';
import { newClientAddress } from '@guia-fortim/api/testing/events';
import { KIND_PATH, validListing } from '@guia-fortim/api/testing/fixtures';
import { REVIEW_MESSAGES } from '@guia-fortim/domain';
import { api, type Caller, supabase } from './callers.ts';
import { type Operation, tableOperations } from './operations.ts';

export type ReviewFixture = {
  /** A place every caller reviews once ('enviar avaliação'). */
  place: string;
  /** Someone else's approved reviews, one for each operation that changes one. */
  edit: string;
  report: string;
  moderate: string;
  remove: string;
  rpcModerate: string;
  rpcRemove: string;
};

async function expectStatus(
  reply: { status: number; body: unknown },
  status: number,
  what: string,
) {
  if (reply.status !== status)
    throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** The fixture, made by the suite's administrator through the worker. */
export async function reviewFixture(adminToken: string): Promise<ReviewFixture> {
  const listing = async () => {
    const reply = await api('POST', KIND_PATH.hospedagem, {
      token: adminToken,
      json: validListing('hospedagem'),
    });
    await expectStatus(reply, 201, 'listing');
    return reply.body.id as string;
  };
  const author = await newUser('autora');
  const review = async () => {
    const written = await api('POST', '/api/reviews', {
      token: author.token,
      headers: { 'CF-Connecting-IP': newClientAddress() },
      json: { kind: 'hospedagem', listing_id: await listing(), rating: 4, comment: 'Gostei.' },
    });
    await expectStatus(written, 201, 'review');
    const id = written.body.review.id as string;
    const approved = await api('POST', `/api/reviews/${id}/moderation`, {
      token: adminToken,
      json: { status: 'approved', seen_updated_at: written.body.review.updated_at },
    });
    await expectStatus(approved, 200, 'moderation');
    return id;
  };
  return {
    place: await listing(),
    edit: await review(),
    report: await review(),
    moderate: await review(),
    remove: await review(),
    rpcModerate: await review(),
    rpcRemove: await review(),
  };
}

const NOT_FOUND = REVIEW_MESSAGES.reviewNotFound;

/** A body read when the call is sent (a decision names the review's updated_at as it is then). */
type Body = unknown | (() => Promise<unknown>);
const bodyOf = (body: Body) => (typeof body === 'function' ? body() : body);

/** The review's updated_at as the panel reads it just before deciding. */
const seenAt = async (id: string) =>
  (await rows<{ updated_at: string }>('reviews', `id=eq.${id}&select=updated_at`))[0]?.updated_at;

function worker(
  name: string,
  method: string,
  path: string,
  json: Body,
  extra: Partial<Operation>,
): Operation {
  return {
    name,
    surface: 'worker',
    request: { method, path },
    okStatus: 200,
    // each call from an address of its own: the per-address limit is another test's
    send: async (caller: Caller) =>
      api(method, path, {
        token: caller.token,
        json: await bodyOf(json),
        headers: { 'CF-Connecting-IP': newClientAddress() },
      }),
    ...extra,
  };
}

function rpc(name: string, args: Body, extra: Partial<Operation>): Operation {
  return {
    name: `rpc ${name}`,
    surface: 'rpc',
    okStatus: 200,
    send: async (caller) =>
      supabase('POST', `/rest/v1/rpc/${name}`, caller.token, { json: await bodyOf(args) }),
    ...extra,
  };
}

export function reviewOperations(f: ReviewFixture): Operation[] {
  const forged = { p_client: 'qualquer', p_key: `forjada-${randomUUID()}` };
  return [
    worker(
      'enviar avaliação',
      'POST',
      '/api/reviews',
      { kind: 'hospedagem', listing_id: f.place, rating: 5, comment: 'Ótimo lugar.' },
      { okStatus: 201, changes: 'reviews' },
    ),
    worker(
      'editar avaliação',
      'PATCH',
      `/api/reviews/${f.edit}`,
      { rating: 1, comment: 'Alheia.' },
      { refusal: NOT_FOUND },
    ),
    // a second report of one review changes nothing: no `changes`
    worker('denunciar avaliação', 'POST', `/api/reviews/${f.report}/report`, undefined, {}),
    worker(
      'moderar avaliação',
      'POST',
      `/api/reviews/${f.moderate}/moderation`,
      async () => ({ status: 'approved', seen_updated_at: await seenAt(f.moderate) }),
      { changes: 'reviews' },
    ),
    worker('excluir avaliação', 'DELETE', `/api/reviews/${f.remove}`, undefined, {
      changes: 'reviews',
      refusal: NOT_FOUND,
    }),
    // Straight to the database: without the worker's key no visitor's write is taken.
    rpc(
      'submit_review',
      { p_kind: 'hospedagem', p_listing_id: f.place, p_rating: 5, p_comment: 'Direto.', ...forged },
      { refusal: REVIEW_MESSAGES.siteOnly },
    ),
    rpc(
      'edit_review',
      { p_id: f.edit, p_rating: 1, p_comment: 'Direto.', ...forged },
      { refusal: REVIEW_MESSAGES.siteOnly },
    ),
    rpc('report_review', { p_id: f.report, ...forged }, { refusal: REVIEW_MESSAGES.siteOnly }),
    rpc(
      'moderate_review',
      async () => ({
        p_id: f.rpcModerate,
        p_status: 'approved',
        p_seen_updated_at: await seenAt(f.rpcModerate),
      }),
      { changes: 'reviews', refusal: 'Apenas administradores podem realizar esta operação.' },
    ),
    rpc(
      'delete_review',
      { p_id: f.rpcRemove },
      { changes: 'reviews', refusal: NOT_FOUND, refusalCode: 'GF002' },
    ),
    ...tableOperations({
      table: 'reviews',
      key: 'id',
      target: () => f.edit,
      insert: (caller) => ({
        user_id: caller.id,
        listing_kind: 'hospedagem',
        listing_id: f.place,
        rating: 5,
        comment: 'Direto na tabela.',
        status: 'approved',
      }),
      update: { status: 'approved', comment: 'Trocado.' },
      probe: f.edit,
    }),
    ...tableOperations({
      table: 'published_reviews',
      key: 'id',
      target: () => f.edit,
      insert: () => ({ id: randomUUID(), listing_kind: 'hospedagem', listing_id: f.place }),
      update: { comment: 'Trocado.' },
      probe: f.edit,
    }),
    ...tableOperations({
      table: 'review_queue',
      key: 'id',
      target: () => f.edit,
      insert: () => ({ id: randomUUID(), status: 'approved' }),
      update: { status: 'rejected' },
      probe: f.edit,
    }),
    rpc(
      'set_review_key',
      { p_key: `forjada-${randomUUID()}` },
      { refusal: 'permission denied for function set_review_key' },
    ),
  ];
}
