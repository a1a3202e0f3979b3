// The per-client limit of POST /api/events at its edge: within one wall-clock minute, a client's
// first STATS_LIMITS.perClientPerMinute events all count and the next one does not. Sent at once,
// as a flood arrives, every event reaches the counter before the worker has learnt the client is
// limited, so the counter's own bound is the one at work (events.test.ts sees the 429 the
// worker answers afterwards).
//
// "Not counted" is proven with a sentinel sent after the flood by another client: the counter
// writes every pending sum in one call, so once the sentinel is in the database, anything the
// flood counted would be too.
import { type ListingEvent, STATS_LIMITS } from '@guia-fortim/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, expectCall, rows, stack } from './support/client.ts';
import { type Beacon, newClientAddress, sendBeacon } from './support/events.ts';
import { KIND_PATH, validListing } from './support/fixtures.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type StatRow = { listing_id: string; event: string; count: number };

async function newListing(): Promise<string> {
  const { token } = await admin();
  const row = await expectCall<{ id: string }>(201, 'POST', KIND_PATH.comercio, {
    token,
    json: validListing('comercio'),
  });
  return row.id;
}

async function total(ids: string[]): Promise<number> {
  const found = await rows<StatRow>('listing_stats', `listing_id=in.(${ids.join(',')})`);
  return found.reduce((sum, row) => sum + row.count, 0);
}

const EVENTS: ListingEvent[] = ['view', 'whatsapp', 'map'];
let pairs: Beacon[] = [];
let sentinel: Beacon;

beforeAll(async () => {
  // One more distinct (listing, event) than the limit: none is a repeat or past a daily cap.
  const needed = STATS_LIMITS.perClientPerMinute + 1;
  const ids = await Promise.all(
    Array.from({ length: Math.ceil(needed / EVENTS.length) }, () => newListing()),
  );
  pairs = ids
    .flatMap((id) => EVENTS.map((event): Beacon => ({ kind: 'comercio', id, event })))
    .slice(0, needed);
  sentinel = { kind: 'comercio', id: await newListing(), event: 'map' };
});

it("the limits are the README's numbers", () => {
  // "it limits each client address (60 a minute), counts a repeat within 10 seconds once and at
  // most 10 a day per address, listing and event"; "writes them every 2 seconds"
  expect(STATS_LIMITS).toEqual({
    maxBodyBytes: 512,
    repeatWindowMs: 10_000,
    perClientPerMinute: 60,
    perClientListingDay: 10,
    flushMs: 2_000,
  });
});

describe('POST /api/events, one client within one minute', () => {
  it('counts its first perClientPerMinute events and not one more', async () => {
    // The limit counts per wall-clock minute: the flood must fall inside one, so it starts with
    // at least 15 s of a minute left (the burst itself takes a few seconds on a loaded machine).
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await sleep(left + 200);
    const minute = Math.floor(Date.now() / 60_000);

    const flooder = newClientAddress();
    const replies = await Promise.all(
      pairs.map((body) => sendBeacon(stack.apiUrl, body, { ip: flooder })),
    );
    expect(Math.floor(Date.now() / 60_000), 'a inundação coube num minuto').toBe(minute);
    // Each answered 204 (counted or dropped by the counter), or 429 once the worker knew.
    expect(replies.filter((reply) => ![204, 429].includes(reply.status))).toEqual([]);

    const ids = [...new Set(pairs.map((pair) => pair.id))];
    const deadline = Date.now() + 20_000;
    while ((await total(ids)) < STATS_LIMITS.perClientPerMinute && Date.now() < deadline) {
      await sleep(200);
    }
    // Everything counted is written once the sentinel, sent afterwards, is.
    const sentinelSent = await sendBeacon(stack.apiUrl, sentinel);
    expect(sentinelSent.status).toBe(204);
    while ((await total([sentinel.id])) < 1) {
      if (Date.now() > deadline + 20_000) throw new Error('o sentinela não foi contado a tempo');
      await sleep(200);
    }
    expect(await total(ids)).toBe(STATS_LIMITS.perClientPerMinute);
  }, 90_000);
});
