// Visitors' reviews through the worker: a signed-in visitor writes, edits, deletes and reports;
// the staff approve and reject. Refusals are the API's shape with the domain's Portuguese words;
// the per-address limit counts the client's address (CF-Connecting-IP, which wrangler dev keeps
// as sent) and cannot be skipped by calling the database directly; a rebuild is asked for only
// when a public page changes (an approved review appearing, edited, reported, deleted, rejected).
import {
  type ListingKind,
  REVIEW_COMMENT_MAX,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_REASON_MAX,
} from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  api,
  expectCall,
  newModerator,
  newUser,
  PORTUGUESE_401,
  PORTUGUESE_403,
  rows,
  stack,
  trashItem,
} from './support/client.ts';
import { newClientAddress } from './support/events.ts';
import { KIND_PATH, validListing } from './support/fixtures.ts';
import type { Session } from './support/stack.ts';

type Place = { kind: ListingKind; id: string };

let adminToken: string;
let moderator: Session;
const places: Place[] = [];

beforeAll(async () => {
  adminToken = (await admin()).token;
  moderator = await newModerator();
  for (const kind of ['hospedagem', 'comercio', 'passeio', 'hospedagem'] as const) {
    const created = await expectCall(201, 'POST', KIND_PATH[kind], {
      token: adminToken,
      json: validListing(kind),
    });
    places.push({ kind, id: created.id });
  }
});

const place = (i: number): Place => places[i] as Place;

/** Each call from a new address, unless one is given: one test's count never touches another's. */
const from = (ip = newClientAddress()) => ({ 'CF-Connecting-IP': ip });

const submit = (who: Session | null, p: Place, body: object = {}, ip?: string) =>
  api('POST', '/api/reviews', {
    token: who?.token,
    headers: from(ip),
    json: { kind: p.kind, listing_id: p.id, rating: 5, comment: 'Lugar lindo.', ...body },
  });
const edit = (who: Session | null, id: string, body: object = {}, ip?: string) =>
  api('PATCH', `/api/reviews/${id}`, {
    token: who?.token,
    headers: from(ip),
    json: { rating: 4, comment: 'Mudei de ideia.', ...body },
  });
const report = (who: Session | null, id: string, ip?: string) =>
  api('POST', `/api/reviews/${id}/report`, { token: who?.token, headers: from(ip) });
/** The review's updated_at as the panel reads it (to the microsecond). */
const seenAt = async (id: string): Promise<string | undefined> =>
  (await rows<{ updated_at: string }>('reviews', `id=eq.${id}&select=updated_at`))[0]?.updated_at;
/** A decision on the review as it stands now, unless `json` says which updated_at was read. */
const moderate = async (token: string | undefined, id: string, json: object) =>
  api('POST', `/api/reviews/${id}/moderation`, {
    token,
    json: { seen_updated_at: await seenAt(id), ...json },
  });
const remove = (token: string | undefined, id: string) =>
  api('DELETE', `/api/reviews/${id}`, { token });

async function written(who: Session, p: Place): Promise<string> {
  const reply = await submit(who, p);
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return reply.body.review.id;
}

async function approved(who: Session, p: Place): Promise<string> {
  const id = await written(who, p);
  await expectCall(200, 'POST', `/api/reviews/${id}/moderation`, {
    token: moderator.token,
    json: { status: 'approved', seen_updated_at: await seenAt(id) },
  });
  return id;
}

const publishState = () => expectCall(200, 'GET', '/api/publish', { token: adminToken });

/**
 * Whether `change` asked for a rebuild. The route asks the Publisher (a Durable Object) before
 * it answers, so a read of its state made after the answer comes after that request: when the
 * time it records did not move, the change asked for none.
 */
async function rebuildAskedBy(change: () => Promise<unknown>): Promise<boolean> {
  const before = (await publishState()).requestedAt;
  // requestedAt counts milliseconds, on this machine's clock: once the clock is past it, a
  // request the change makes records a later time, never the same one.
  const last = before === null ? Number.NEGATIVE_INFINITY : Date.parse(before);
  while (Date.now() <= last) await new Promise((resolve) => setTimeout(resolve, 1));
  await change();
  return (await publishState()).requestedAt !== before;
}

const error = (status: number, code: string, message: string) => ({
  status,
  body: { error: expect.objectContaining({ code, message }) },
});
const outcome = (reply: { status: number; body: unknown }) => ({
  status: reply.status,
  body: reply.body,
});

describe('writing a review', () => {
  it('a signed-in visitor sends one: 201, waiting for moderation, no rebuild', async () => {
    const visitor = await newUser('visitante');
    let reply: Awaited<ReturnType<typeof submit>> | undefined;
    expect(
      await rebuildAskedBy(async () => {
        reply = await submit(visitor, place(0), { comment: '  Café da manhã ótimo!  ' });
      }),
    ).toBe(false);
    expect(reply?.status).toBe(201);
    expect(reply?.body.review).toMatchObject({
      user_id: visitor.id,
      listing_kind: place(0).kind,
      listing_id: place(0).id,
      rating: 5,
      comment: 'Café da manhã ótimo!',
      status: 'pending',
    });
  });

  it('refuses in Portuguese: no session, stars 0 and 6, a comment of 1001 or blank, twice the same place, a place that does not exist', async () => {
    const visitor = await newUser('visitante');
    expect(outcome(await submit(null, place(0)))).toEqual(
      error(401, 'unauthorized', PORTUGUESE_401),
    );
    for (const rating of [0, 6, 4.5]) {
      expect(outcome(await submit(visitor, place(0), { rating }))).toEqual(
        error(400, 'invalid_data', REVIEW_MESSAGES.rating),
      );
    }
    expect(
      outcome(await submit(visitor, place(0), { comment: 'a'.repeat(REVIEW_COMMENT_MAX + 1) })),
    ).toEqual(error(400, 'invalid_data', REVIEW_MESSAGES.commentTooLong));
    expect(outcome(await submit(visitor, place(0), { comment: ' \n ' }))).toEqual(
      error(400, 'invalid_data', REVIEW_MESSAGES.commentRequired),
    );
    expect(
      outcome(
        await submit(visitor, { kind: 'passeio', id: '00000000-0000-4000-8000-000000000001' }),
      ),
    ).toEqual(error(404, 'not_found', REVIEW_MESSAGES.listingNotFound));
    // the kind of another place
    expect(outcome(await submit(visitor, { kind: 'passeio', id: place(0).id }))).toEqual(
      error(404, 'not_found', REVIEW_MESSAGES.listingNotFound),
    );
    const long = await submit(visitor, place(0), {
      rating: 1,
      comment: 'a'.repeat(REVIEW_COMMENT_MAX),
    });
    expect(long.status).toBe(201);
    expect(outcome(await submit(visitor, place(0)))).toEqual(
      error(409, 'already_reviewed', REVIEW_MESSAGES.alreadyReviewed),
    );
  });

  it('a call straight to the database with the visitor’s token writes nothing (no worker key)', async () => {
    const visitor = await newUser('direto');
    const response = await fetch(`${stack.supabaseUrl}/rest/v1/rpc/submit_review`, {
      method: 'POST',
      headers: {
        apikey: stack.publishableKey,
        Authorization: `Bearer ${visitor.token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        p_kind: place(1).kind,
        p_listing_id: place(1).id,
        p_rating: 5,
        p_comment: 'Sem passar pelo worker.',
        p_client: 'qualquer',
        p_key: 'uma-chave-inventada-com-mais-de-32-caracteres',
      }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: REVIEW_MESSAGES.siteOnly });
    expect(await rows('reviews', `user_id=eq.${visitor.id}`)).toEqual([]);
  });
});

describe('limits', () => {
  it(`an address writes ${REVIEW_LIMITS.perAddress.writes} times a day whatever the accounts; the next is refused (429), another address is not`, async () => {
    const ip = newClientAddress();
    let left: number = REVIEW_LIMITS.perAddress.writes;
    while (left > 0) {
      const visitor = await newUser('mesma-rede');
      const first = await submit(visitor, place(1), {}, ip);
      expect(first.status, JSON.stringify(first.body)).toBe(201);
      left--;
      for (let n = 1; n < REVIEW_LIMITS.perAccount.writes && left > 0; n++, left--) {
        const reply = await edit(visitor, first.body.review.id, { comment: `Edição ${n}` }, ip);
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      }
    }
    const late = await newUser('mesma-rede');
    expect(outcome(await submit(late, place(1), {}, ip))).toEqual(
      error(429, 'rate_limited', REVIEW_MESSAGES.addressWrites),
    );
    expect((await submit(late, place(1))).status).toBe(201);
  });

  it(`an account writes ${REVIEW_LIMITS.perAccount.writes} times a day, from any address`, async () => {
    const visitor = await newUser('muitas');
    const id = await written(visitor, place(2));
    for (let n = 2; n <= REVIEW_LIMITS.perAccount.writes; n++) {
      expect((await edit(visitor, id, { comment: `Edição ${n}` })).status).toBe(200);
    }
    expect(outcome(await edit(visitor, id))).toEqual(
      error(429, 'rate_limited', REVIEW_MESSAGES.accountWrites),
    );
  });
});

describe('moderation and what the site shows', () => {
  it('staff only; a rejection needs a reason (300 characters at most); approving asks for a rebuild', async () => {
    const author = await newUser('autora');
    const other = await newUser('outra');
    const id = await written(author, place(2));
    for (const token of [author.token, other.token]) {
      expect(outcome(await moderate(token, id, { status: 'approved' }))).toEqual(
        error(403, 'forbidden', PORTUGUESE_403),
      );
    }
    expect(outcome(await moderate(undefined, id, { status: 'approved' }))).toEqual(
      error(401, 'unauthorized', PORTUGUESE_401),
    );
    expect(outcome(await moderate(moderator.token, id, { status: 'rejected' }))).toEqual(
      error(400, 'invalid_data', REVIEW_MESSAGES.reasonRequired),
    );
    expect(
      outcome(
        await moderate(moderator.token, id, {
          status: 'rejected',
          reason: 'x'.repeat(REVIEW_REASON_MAX + 1),
        }),
      ),
    ).toEqual(error(400, 'invalid_data', REVIEW_MESSAGES.reasonTooLong));
    expect(outcome(await moderate(moderator.token, id, { status: 'pending' }))).toEqual(
      error(400, 'invalid_data', REVIEW_MESSAGES.status),
    );
    // rejecting a review the site never showed changes no page
    expect(
      await rebuildAskedBy(async () => {
        const reply = await moderate(moderator.token, id, {
          status: 'rejected',
          reason: 'x'.repeat(REVIEW_REASON_MAX),
        });
        expect(reply.body.review).toMatchObject({ status: 'rejected' });
      }),
    ).toBe(false);
    expect(
      await rebuildAskedBy(async () => {
        const reply = await moderate(adminToken, id, { status: 'approved' });
        expect(reply.status).toBe(200);
        expect(reply.body.review).toMatchObject({ status: 'approved', rejection_reason: null });
      }),
    ).toBe(true);
    expect((await rows('published_reviews', `id=eq.${id}`)).map((r) => r.id)).toEqual([id]);
    // un-approving it changes the page again
    expect(
      await rebuildAskedBy(() =>
        moderate(moderator.token, id, { status: 'rejected', reason: 'Fora do tema.' }),
      ),
    ).toBe(true);
    expect(await rows('published_reviews', `id=eq.${id}`)).toEqual([]);
  });

  it("a moderator's own review is refused to them (403) and decided by another member of the staff", async () => {
    const id = await written(moderator, place(3));
    expect(outcome(await moderate(moderator.token, id, { status: 'approved' }))).toEqual(
      error(403, 'own_review', REVIEW_MESSAGES.ownReview),
    );
    expect((await moderate(adminToken, id, { status: 'approved' })).status).toBe(200);
  });

  it('a decision on a text the author changed since it was read is refused (409); the text read passes', async () => {
    const author = await newUser('autora');
    const id = await written(author, place(1));
    const read = (await seenAt(id)) as string;
    expect(
      outcome(
        await moderate(moderator.token, id, { status: 'approved', seen_updated_at: undefined }),
      ),
    ).toEqual(error(400, 'invalid_data', REVIEW_MESSAGES.changed));
    expect((await edit(author, id, { comment: 'Texto que a moderação não leu.' })).status).toBe(
      200,
    );
    for (const decision of [
      { status: 'approved' },
      { status: 'rejected', reason: 'Fora do tema.' },
    ]) {
      expect(
        outcome(await moderate(moderator.token, id, { ...decision, seen_updated_at: read })),
      ).toEqual(error(409, 'review_changed', REVIEW_MESSAGES.changed));
    }
    expect((await rows('reviews', `id=eq.${id}`))[0]).toMatchObject({ status: 'pending' });
    const reply = await moderate(moderator.token, id, { status: 'approved' });
    expect(reply.status).toBe(200);
    expect(reply.body.review).toMatchObject({
      status: 'approved',
      comment: 'Texto que a moderação não leu.',
    });
  });

  it('the author edits: back to pending (a rebuild when it was published); nobody else may', async () => {
    const author = await newUser('autora');
    const other = await newUser('outra');
    const id = await approved(author, place(3));
    expect(outcome(await edit(other, id))).toEqual(
      error(404, 'not_found', REVIEW_MESSAGES.reviewNotFound),
    );
    expect(outcome(await edit(null, id))).toEqual(error(401, 'unauthorized', PORTUGUESE_401));
    expect(outcome(await edit(author, id, { rating: 0 }))).toEqual(
      error(400, 'invalid_data', REVIEW_MESSAGES.rating),
    );
    expect(
      await rebuildAskedBy(async () => {
        const reply = await edit(author, id, { rating: 3, comment: 'Mais ou menos.' });
        expect(reply.status).toBe(200);
        expect(reply.body.review).toMatchObject({ status: 'pending', rating: 3 });
      }),
    ).toBe(true);
    // editing a review still waiting changes no page
    expect(await rebuildAskedBy(() => edit(author, id, { rating: 2 }))).toBe(false);
  });

  it('Denunciar sends a published review back to the queue and asks for a rebuild', async () => {
    const author = await newUser('autora');
    const reporter = await newUser('denuncia');
    const id = await approved(author, place(0));
    expect(outcome(await report(null, id))).toEqual(error(401, 'unauthorized', PORTUGUESE_401));
    expect(
      await rebuildAskedBy(async () => {
        const reply = await report(reporter, id);
        expect(outcome(reply)).toEqual({
          status: 200,
          body: { message: REVIEW_MESSAGES.reported },
        });
      }),
    ).toBe(true);
    const [row] = await rows('reviews', `id=eq.${id}`);
    expect(row).toMatchObject({ status: 'pending' });
    expect(row.reported_at).not.toBeNull();
    // once waiting, another report changes nothing
    expect(await rebuildAskedBy(() => report(reporter, id))).toBe(false);
    expect(outcome(await report(reporter, '00000000-0000-4000-8000-000000000002'))).toEqual(
      error(404, 'not_found', REVIEW_MESSAGES.reviewNotFound),
    );
  });

  it('delete: the author’s goes for good, staff’s to the trash; a published one asks for a rebuild', async () => {
    const author = await newUser('autora');
    const other = await newUser('outra');
    const mine = await approved(author, place(1));
    expect(outcome(await remove(other.token, mine))).toEqual(
      error(404, 'not_found', REVIEW_MESSAGES.reviewNotFound),
    );
    expect(outcome(await remove(undefined, mine))).toEqual(
      error(401, 'unauthorized', PORTUGUESE_401),
    );
    expect(
      await rebuildAskedBy(async () => {
        expect(outcome(await remove(author.token, mine))).toEqual({
          status: 200,
          body: { id: mine },
        });
      }),
    ).toBe(true);
    expect(await rows('reviews', `id=eq.${mine}`)).toEqual([]);
    expect(await trashItem('reviews', mine)).toBeUndefined();

    const theirs = await written(other, place(1));
    expect(await rebuildAskedBy(() => remove(moderator.token, theirs))).toBe(false);
    expect(await trashItem('reviews', theirs)).toMatchObject({ table_name: 'reviews' });
  });
});
