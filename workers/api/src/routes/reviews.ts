// Visitors' reviews. A signed-in visitor writes, edits and deletes their own and reports a
// published one; the staff approve, reject (with a reason) and move any to the trash. Every rule
// is the database's (20261206100000_reviews.sql): the routes validate with the domain's schemas,
// call its functions with the caller's token and pass on its Portuguese refusals.
// The per-address limits: the visitor's writes (submit, edit, report) carry the worker's review
// key and a pseudonym of the client's network (visitors.ts; never the address itself), and the
// database counts them, so a call made straight to the database, without the key, writes nothing.
// A change to what a public page shows (an approved review appearing, edited, reported, deleted or
// rejected) rebuilds the site and renders the place's page at once.
import {
  type ListingKind,
  moderationSchema,
  REVIEW_DB_ERROR,
  REVIEW_MESSAGES,
  type Review,
  reviewCreateSchema,
  reviewIdParam,
  reviewInputSchema,
} from '@guia-fortim/domain';
import { type Context, Hono } from 'hono';
import { requireStaff, requireUser } from '../auth.ts';
import { requestRebuildAndPurge } from '../content-changed.ts';
import { DatabaseRefusal, database, databaseError, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { ApiError, unauthorized } from '../errors.ts';
import { log } from '../log.ts';
import { renderListingPages } from '../site-pages.ts';
import { json, params } from '../validation.ts';
import { clientAddress, clientNetwork, clientPseudonym } from '../visitors.ts';

/** What each review function answers: the review and whether a public page changed. */
type Changed<R> = { review: R; public_changed: boolean };
type Named = Pick<Review, 'id' | 'listing_kind' | 'listing_id' | 'status'>;

const unavailable = () => new ApiError(503, 'reviews_unavailable', REVIEW_MESSAGES.unavailable);

/** The worker's key and the client's pseudonym, for the database's per-address count. */
async function gate(c: Context<AppEnv>): Promise<{ p_client: string; p_key: string }> {
  const key = c.env.REVIEW_KEY;
  if (!key) {
    log(c, 'error', 'reviews refused: no REVIEW_KEY');
    throw unavailable();
  }
  const network = clientNetwork(clientAddress(c.req.raw.headers, c.env));
  return { p_client: await clientPseudonym(network, key), p_key: key };
}

// The review functions' own refusals, with their words; the rest as every route's.
const REFUSED: Record<string, { status: 403 | 409 | 429; code: string }> = {
  [REVIEW_DB_ERROR.emailUnconfirmed]: { status: 403, code: 'email_unconfirmed' },
  [REVIEW_DB_ERROR.alreadyReviewed]: { status: 409, code: 'already_reviewed' },
  [REVIEW_DB_ERROR.limit]: { status: 429, code: 'rate_limited' },
  [REVIEW_DB_ERROR.ownReview]: { status: 403, code: 'own_review' },
  [REVIEW_DB_ERROR.changed]: { status: 409, code: 'review_changed' },
};

function refusal(c: Context<AppEnv>, fallback: string) {
  return (err: unknown): never => {
    if (err instanceof DatabaseRefusal) {
      const refused = REFUSED[err.code];
      if (refused) throw new ApiError(refused.status, refused.code, err.message);
      // a token whose session ended, and a key the database does not hold (the operator's fix)
      if (err.message === REVIEW_MESSAGES.signIn) throw unauthorized();
      if (err.message === REVIEW_MESSAGES.siteOnly) {
        log(c, 'error', 'reviews refused: the database does not hold this REVIEW_KEY');
        throw unavailable();
      }
    }
    return databaseError(err, fallback);
  };
}

/** After a change a public page shows: the rebuild, and the place's page rendered at once. */
function published(c: Context<AppEnv>, changed: Changed<Named | null>): void {
  if (!changed.public_changed || !changed.review) return;
  requestRebuildAndPurge(c);
  renderListingPages(c, [
    { kind: changed.review.listing_kind as ListingKind, ids: [changed.review.listing_id] },
  ]);
}

export const reviews = new Hono<AppEnv>()
  .post('/', requireUser, json(reviewCreateSchema), async (c) => {
    const { kind, listing_id, rating, comment } = c.req.valid('json');
    const created = await dataOf<Changed<Review>>(
      database(c).rpc('submit_review', {
        p_kind: kind,
        p_listing_id: listing_id,
        p_rating: rating,
        p_comment: comment,
        ...(await gate(c)),
      }),
    ).catch(refusal(c, 'Não foi possível enviar a avaliação.'));
    return c.json({ review: created.review }, 201);
  })
  .patch('/:id', requireUser, params(reviewIdParam), json(reviewInputSchema), async (c) => {
    const { rating, comment } = c.req.valid('json');
    const edited = await dataOf<Changed<Review>>(
      database(c).rpc('edit_review', {
        p_id: c.req.valid('param').id,
        p_rating: rating,
        p_comment: comment,
        ...(await gate(c)),
      }),
    ).catch(refusal(c, 'Não foi possível salvar a avaliação.'));
    published(c, edited);
    return c.json({ review: edited.review });
  })
  .delete('/:id', requireUser, params(reviewIdParam), async (c) => {
    const deleted = await dataOf<Changed<Named>>(
      database(c).rpc('delete_review', { p_id: c.req.valid('param').id }),
    ).catch(refusal(c, 'Não foi possível excluir a avaliação.'));
    published(c, deleted);
    return c.json({ id: deleted.review.id });
  })
  .post('/:id/report', requireUser, params(reviewIdParam), async (c) => {
    const reported = await dataOf<Changed<Named | null>>(
      database(c).rpc('report_review', { p_id: c.req.valid('param').id, ...(await gate(c)) }),
    ).catch(refusal(c, 'Não foi possível enviar a denúncia.'));
    published(c, reported);
    return c.json({ message: REVIEW_MESSAGES.reported });
  })
  .post(
    '/:id/moderation',
    requireStaff,
    params(reviewIdParam),
    json(moderationSchema),
    async (c) => {
      const decision = c.req.valid('json');
      const moderated = await dataOf<Changed<Review>>(
        database(c).rpc('moderate_review', {
          p_id: c.req.valid('param').id,
          p_status: decision.status,
          p_seen_updated_at: decision.seen_updated_at,
          p_reason: decision.status === 'rejected' ? decision.reason : null,
        }),
      ).catch(refusal(c, 'Não foi possível moderar a avaliação.'));
      published(c, moderated);
      return c.json({ review: moderated.review });
    },
  );
