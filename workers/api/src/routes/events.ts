// POST /api/events — visitors' actions on a listing, public: the site's
// `navigator.sendBeacon(url, JSON.stringify({ kind, id, event }))`, a text/plain body from the
// site's origin (no preflight, no cookies, no token). Obvious bots are dropped (204); a malformed
// event is a 400 and counts nowhere; anything else is answered 204 and handed, in batches, to the
// EventCounter Durable Object, which enforces the per-client limits (STATS_LIMITS), drops
// repeats and writes the sums. A client the counter found over its per-minute limit is answered
// 429 by this isolate until the minute ends (what it sent meanwhile was dropped there).
// The client's address is only turned into a pseudonym (visitors.ts); it is never stored or
// logged, and neither is any single beacon (app.ts leaves them out of the request log).
import { listingEventSchema, STATS_LIMITS, STATS_MESSAGES } from '@guia-fortim/domain';
import { type Context, Hono } from 'hono';
import { limitBody } from '../body-limit.ts';
import type { AppEnv } from '../env.ts';
import { errorBody, MESSAGES } from '../errors.ts';
import { type EventFrom, eventCounterStub } from '../event-counter.ts';
import { log } from '../log.ts';
import { clientAddress, clientNetwork, clientPseudonym, isAutomated } from '../visitors.ts';

/** How long an isolate gathers accepted events before handing them to the counter in one call. */
const BATCH_MS = 20;
const BATCH_MAX = 200;

let gathering: EventFrom[] | null = null;
/** Clients over the per-minute limit, until when: this isolate's copy of the counter's verdicts. */
const limitedUntil = new Map<string, number>();
const MAX_LIMITED = 10_000;

function rememberLimited(clients: string[], until: number): void {
  if (limitedUntil.size + clients.length > MAX_LIMITED) {
    const now = Date.now();
    for (const [client, end] of limitedUntil) if (end <= now) limitedUntil.delete(client);
  }
  for (const client of clients) {
    if (limitedUntil.size < MAX_LIMITED) limitedUntil.set(client, until);
  }
}

/** Seconds until this client may send again, or 0. */
function limitedFor(client: string): number {
  const until = limitedUntil.get(client);
  if (until === undefined) return 0;
  const left = until - Date.now();
  if (left > 0) return Math.ceil(left / 1000);
  limitedUntil.delete(client);
  return 0;
}

/**
 * Hands one accepted event to the EventCounter together with the others this isolate accepts
 * within BATCH_MS: one Durable Object call per batch instead of one per beacon (a single object
 * takes about a thousand calls a second, and locally each call costs more than the request). The
 * call runs in the waitUntil of the request that opened the batch, so the others are answered at
 * once and none waits on another's promise (workerd cancels a request that does). A beacon's
 * answer is never read by the browser; a failed call is logged, and its events are lost.
 */
function submit(c: Context<AppEnv>, item: EventFrom): void {
  if (gathering && gathering.length < BATCH_MAX) {
    gathering.push(item);
    return;
  }
  const batch: EventFrom[] = [item];
  gathering = batch;
  const env = c.env;
  c.executionCtx.waitUntil(
    new Promise((wait) => setTimeout(wait, BATCH_MS)).then(async () => {
      if (gathering === batch) gathering = null;
      try {
        const { limited, limitedUntil: until } = await eventCounterStub(env).recordMany(batch);
        rememberLimited(limited, until);
      } catch (error) {
        log(c, 'error', 'events lost: the counter failed', {
          events: batch.length,
          error: String(error),
        });
      }
    }),
  );
}

const invalidEvent = (c: Context<AppEnv>) =>
  c.json(errorBody('invalid_event', STATS_MESSAGES.invalidEvent), 400);

export const events = new Hono<AppEnv>().post(
  '/',
  async (c, next) => (isAutomated(c.req.raw.headers) ? c.body(null, 204) : next()),
  limitBody({ maxSize: STATS_LIMITS.maxBodyBytes, onError: invalidEvent }),
  async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      return invalidEvent(c);
    }
    const parsed = listingEventSchema.safeParse(json);
    if (!parsed.success) return invalidEvent(c);

    const secret = c.env.STATS_INGEST_KEY;
    if (!secret) {
      log(c, 'error', 'events refused: STATS_INGEST_KEY is not set');
      return c.json(errorBody('stats_unavailable', MESSAGES.statsUnavailable), 503);
    }
    const client = await clientPseudonym(
      clientNetwork(clientAddress(c.req.raw.headers, c.env)),
      secret,
    );
    const wait = limitedFor(client);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json(errorBody('rate_limited', STATS_MESSAGES.rateLimited), 429);
    }
    const { kind, id, event } = parsed.data;
    submit(c, { event: { kind, id, event }, client });
    return c.body(null, 204);
  },
);
