// POST /api/events against the real worker under wrangler dev and db/local: the site's
// beacons counted exactly once per visitor action after the flush, repeats and floods bounded,
// bots and malformed events counted nowhere, the per-client rate limit, the flush surviving a
// refused write and a restart, and no trace of a client's address anywhere.
//
// Counts are read from listing_stats with the service role. "Nothing counted" is proven with a
// sentinel: the counter writes every pending sum in one call, so once an event sent afterwards is
// in the database, anything accepted before it would be too.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { newStatsIngestKey, setStatsIngestKey } from '@guia-fortim/db/stats-key';
import type { StartedServer } from '@guia-fortim/db/testing';
import {
  type ListingKind,
  listingEventSchema,
  STATS_LIMITS,
  STATS_MESSAGES,
  statsDay,
} from '@guia-fortim/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRepeat, repeatWindowMs } from '../src/repeat-window.ts';
import { clientNetwork, clientPseudonym, isAutomated } from '../src/visitors.ts';
import { admin, expectCall, rows, stack } from './support/client.ts';
import {
  type Beacon,
  type BeaconOptions,
  BROWSER_USER_AGENT,
  EVENTS_PATH,
  newClientAddress,
  SITE_ORIGIN,
  sendBeacon,
} from './support/events.ts';
import { KIND_PATH, validListing } from './support/fixtures.ts';
import { NO_BUILDS } from './support/hook.ts';
import { startWorker } from './support/stack.ts';

const BROWSER = BROWSER_USER_AGENT;
const INVALID = { error: { code: 'invalid_event', message: STATS_MESSAGES.invalidEvent } };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const newAddress = newClientAddress;
/** Every client address this file sent (none may be found anywhere afterwards). */
const usedAddresses = new Set<string>();

async function send(body: Beacon | string, options: BeaconOptions = {}, baseUrl = stack.apiUrl) {
  const reply = await sendBeacon(baseUrl, body, options);
  usedAddresses.add(reply.ip);
  return reply;
}

async function accepted(body: Beacon, options: BeaconOptions = {}, baseUrl = stack.apiUrl) {
  const reply = await send(body, options, baseUrl);
  expect(reply.status, JSON.stringify(reply.body)).toBe(204);
}

type StatRow = { kind: string; listing_id: string; day: string; event: string; count: number };

async function counts(id: string): Promise<Record<string, number>> {
  const found = await rows<StatRow>('listing_stats', `listing_id=eq.${id}`);
  return Object.fromEntries(found.map((row) => [row.event, row.count]));
}

/** What each listing's counts reached; the last test checks that none moved afterwards. */
const expectations = new Map<string, Record<string, number>>();

/** Waits until the listing's counts are `expected` (a count past it fails at once). */
async function expectCounts(id: string, expected: Record<string, number>, ms = 20_000) {
  expectations.set(id, expected);
  const deadline = Date.now() + ms;
  let seen = await counts(id);
  const done = () => JSON.stringify(sorted(seen)) === JSON.stringify(sorted(expected));
  const over = () => Object.entries(seen).some(([event, n]) => n > (expected[event] ?? 0));
  while (!done() && !over() && Date.now() < deadline) {
    await sleep(200);
    seen = await counts(id);
  }
  expect(seen).toEqual(expected);
}
const sorted = (value: Record<string, number>) =>
  Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));

let sentinelListing: Beacon;
/** Sends a fresh event and waits until it is in the database: everything before it was flushed. */
async function flushed(baseUrl = stack.apiUrl) {
  const sentinel = async () => (await counts(sentinelListing.id)).map ?? 0;
  const before = await sentinel();
  await accepted({ ...sentinelListing, event: 'map' }, {}, baseUrl);
  const deadline = Date.now() + 20_000;
  while ((await sentinel()) < before + 1) {
    if (Date.now() > deadline) throw new Error('o sentinela não foi contado a tempo');
    await sleep(200);
  }
}

const listings: Record<ListingKind, string> = { hospedagem: '', comercio: '', passeio: '' };

async function newListing(kind: ListingKind): Promise<string> {
  const { token } = await admin();
  const row = await expectCall<{ id: string }>(201, 'POST', KIND_PATH[kind], {
    token,
    json: validListing(kind),
  });
  return row.id;
}

beforeAll(async () => {
  for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
    listings[kind] = await newListing(kind);
  }
  sentinelListing = { kind: 'passeio', id: await newListing('passeio'), event: 'map' };
});

describe('POST /api/events', () => {
  it('counts every visitor action exactly, per listing, day and event, after the flush', async () => {
    const { hospedagem, comercio, passeio } = listings;
    const sends: Promise<void>[] = [];
    const times = (n: number, beacon: Beacon) => {
      for (let i = 0; i < n; i++) sends.push(accepted(beacon));
    };
    times(7, { kind: 'hospedagem', id: hospedagem, event: 'view' });
    times(3, { kind: 'hospedagem', id: hospedagem, event: 'whatsapp' });
    times(2, { kind: 'hospedagem', id: hospedagem, event: 'map' });
    times(5, { kind: 'comercio', id: comercio, event: 'view' });
    times(4, { kind: 'passeio', id: passeio, event: 'whatsapp' });
    await Promise.all(sends);

    await expectCounts(hospedagem, { view: 7, whatsapp: 3, map: 2 });
    await expectCounts(comercio, { view: 5 });
    await expectCounts(passeio, { whatsapp: 4 });
    const [row] = await rows<StatRow>('listing_stats', `listing_id=eq.${comercio}`);
    expect(row).toEqual({
      kind: 'comercio',
      listing_id: comercio,
      day: statsDay(),
      event: 'view',
      count: 5,
    });
  });

  it('answers the site cross-origin (CORS) with 204 and no body, cookie or cache', async () => {
    const reply = await send({ kind: 'passeio', id: listings.passeio, event: 'view' });
    expect(reply.status).toBe(204);
    expect(reply.body).toBeNull();
    expect(reply.headers.get('access-control-allow-origin')).toBe(SITE_ORIGIN);
    expect(reply.headers.get('set-cookie')).toBeNull();
    await expectCounts(listings.passeio, { whatsapp: 4, view: 1 });
  });

  it('counts a repeat of the same action by the same client within the window once', async () => {
    const id = await newListing('hospedagem');
    const ip = newAddress();
    const view: Beacon = { kind: 'hospedagem', id, event: 'view' };
    // A double-fired beacon, a dialog opened again at once, a burst of taps.
    await Promise.all(Array.from({ length: 5 }, () => accepted(view, { ip })));
    await accepted(view, { ip });
    // The same client's other action, and the same action by someone else, count.
    await accepted({ ...view, event: 'whatsapp' }, { ip });
    await accepted({ ...view, event: 'whatsapp' }, { ip });
    await accepted(view);
    await expectCounts(id, { view: 2, whatsapp: 1 });
  });

  it('counts a repeat half the window later once: the window is seconds, not a moment', async () => {
    const id = await newListing('passeio');
    const ip = newAddress();
    const view: Beacon = { kind: 'passeio', id, event: 'view' };
    await accepted(view, { ip });
    // Time passing, well inside the window (its edge is the decision's own test below; its far
    // side, the next test).
    await sleep(STATS_LIMITS.repeatWindowMs / 2);
    await accepted(view, { ip });
    // Everything sent until now is in the database: a second count would be there too.
    await flushed();
    await expectCounts(id, { view: 1 });
  });

  it('counts the same action again once the real window has passed since the last count', async () => {
    const id = await newListing('passeio');
    const ip = newAddress();
    const view: Beacon = { kind: 'passeio', id, event: 'view' };
    await accepted(view, { ip });
    // The 204 comes before the counter has the event (it is batched after the answer): the
    // window is timed from the moment the count is in the database, which the counter's own
    // clock had passed when it counted. So however slow the machine, the second beacon reaches
    // the counter a whole window or more after the first was counted: never a repeat.
    await expectCounts(id, { view: 1 });
    await sleep(STATS_LIMITS.repeatWindowMs);
    await accepted(view, { ip });
    await expectCounts(id, { view: 2 });
  }, 60_000);

  it('refuses malformed events with 400 in Portuguese and counts none of them', async () => {
    const id = await newListing('comercio');
    const good = { kind: 'comercio', id, event: 'view' };
    const bodies: [string, string][] = [
      ['not JSON', 'kind=comercio&event=view'],
      ['truncated JSON', JSON.stringify(good).slice(0, -1)],
      ['empty body', ''],
      ['over 512 bytes', JSON.stringify(good) + ' '.repeat(STATS_LIMITS.maxBodyBytes)],
      ['an extra field', JSON.stringify({ ...good, ip: '1.2.3.4' })],
      ['a bad uuid', JSON.stringify({ ...good, id: 'abc' })],
      ['an id that is a number', JSON.stringify({ ...good, id: 7 })],
      ['an unknown kind', JSON.stringify({ ...good, kind: 'comercios' })],
      ['an unknown event', JSON.stringify({ ...good, event: 'click' })],
      ['a missing event', JSON.stringify({ kind: 'comercio', id })],
      ['an array', JSON.stringify([good])],
      ['null', 'null'],
      ['a string', JSON.stringify(JSON.stringify(good))],
    ];
    for (const [what, body] of bodies) {
      const reply = await send(body);
      expect({ what, status: reply.status, body: reply.body }).toEqual({
        what,
        status: 400,
        body: INVALID,
      });
    }
    // As application/json, or streamed without a Content-Length: the same rules.
    const json = await send(JSON.stringify({ ...good, extra: 1 }), {
      headers: { 'Content-Type': 'application/json' },
    });
    expect([json.status, json.body]).toEqual([400, INVALID]);
    // The refusal reaches a client still sending: the rest of the body is read and dropped, so
    // the connection is not cut under it (a 2 KB and a 200 KB beacon in 100-byte pieces).
    for (const padding of [2_000, 200_000]) {
      const streamed = await streamedSend(JSON.stringify(good) + ' '.repeat(padding));
      expect([padding, streamed.status, streamed.body]).toEqual([padding, 400, INVALID]);
    }

    await flushed();
    expect(await counts(id)).toEqual({});
  });

  it('drops obvious bots and speculative loads with 204, counting nothing', async () => {
    const id = await newListing('passeio');
    const beacon: Beacon = { kind: 'passeio', id, event: 'whatsapp' };
    const agents = [
      'curl/8.11.1',
      'Wget/1.25.0',
      'python-requests/2.32.3',
      'node',
      'Go-http-client/2.0',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Mozilla/5.0 (compatible; YandexSpider/3.0)',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 AhrefsBot',
      '',
    ];
    for (const userAgent of agents) {
      const reply = await send(beacon, { userAgent });
      expect({ userAgent, status: reply.status }).toEqual({ userAgent, status: 204 });
    }
    // A bot's malformed event is dropped just the same.
    expect((await send('lixo', { userAgent: 'curl/8.11.1' })).status).toBe(204);
    // No User-Agent header at all (fetch always sends one).
    expect(
      (await rawSend(JSON.stringify(beacon), { 'cf-connecting-ip': newAddress() })).status,
    ).toBe(204);
    const speculative: Record<string, string>[] = [
      { 'Sec-Purpose': 'prefetch' },
      { 'Sec-Purpose': 'prefetch;prerender' },
      { Purpose: 'prefetch' },
      { 'X-Moz': 'prefetch' },
    ];
    for (const headers of speculative) {
      expect((await send(beacon, { headers })).status).toBe(204);
    }
    await flushed();
    expect(await counts(id)).toEqual({});
    // A real phone's browser (an Android brand with "bot" in its name included) counts.
    await accepted(beacon, {
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; CUBOT KINGKONG 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
    });
    await expectCounts(id, { whatsapp: 1 });
  });

  it('accepts an unknown listing id and counts it nowhere', async () => {
    const unknown = randomUUID();
    for (const kind of ['hospedagem', 'comercio', 'passeio'] as const) {
      await accepted({ kind, id: unknown, event: 'view' });
    }
    // A real listing under another kind is no listing either.
    const id = listings.hospedagem;
    const before = await counts(id);
    await accepted({ kind: 'passeio', id, event: 'view' });
    await flushed();
    expect(await rows('listing_stats', `listing_id=eq.${unknown}`)).toEqual([]);
    expect(await counts(id)).toEqual(before);
  });

  it('answers 429 in Portuguese once a client passed its per-minute limit; beyond it nothing counts', async () => {
    // A distinct (listing, event) for each of the limit's events, so each one counts: no repeat,
    // no daily cap. The `extra` listing gets only events sent beyond the limit.
    const many = await Promise.all(
      Array.from({ length: STATS_LIMITS.perClientPerMinute / 3 }, () => newListing('comercio')),
    );
    const pairs = many.flatMap((id) =>
      (['view', 'whatsapp', 'map'] as const).map(
        (event): Beacon => ({ kind: 'comercio', id, event }),
      ),
    );
    const extra = await newListing('passeio');
    /** Sends all the limit's events from a client, then more until it is refused. */
    async function flood(ip: (i: number) => string) {
      // The limit counts per wall-clock minute: start each flood with at least 15 s of one left
      // (the flood, the wait for the 429 and the checks after it take a few seconds).
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 15_000) await sleep(left + 200);
      const statuses = await Promise.all(pairs.map((body, i) => send(body, { ip: ip(i) })));
      expect(statuses.map((reply) => reply.status).filter((status) => status !== 204)).toEqual([]);
      const deadline = Date.now() + 10_000;
      for (let i = 0; ; i++) {
        const reply = await send(
          { kind: 'passeio', id: extra, event: 'view' },
          { ip: ip(pairs.length + i) },
        );
        if (reply.status === 429) return reply;
        expect(reply.status).toBe(204);
        if (Date.now() > deadline) throw new Error('o cliente não foi limitado');
        await sleep(50);
      }
    }

    const flooder = newAddress();
    const refused = await flood(() => flooder);
    expect(refused.body).toEqual({
      error: { code: 'rate_limited', message: STATS_MESSAGES.rateLimited },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Refused whatever it sends, until the minute ends.
    expect(
      (await send({ kind: 'comercio', id: many[0] as string, event: 'view' }, { ip: flooder }))
        .status,
    ).toBe(429);

    // One IPv6 site (/48) is one client: its addresses share the limit, each from its own /64.
    const site = Math.floor(Math.random() * 0xfffe);
    const network = `2001:db8:${site.toString(16)}`;
    await flood((i) => `${network}:${(i + 1).toString(16)}::1`);
    expect((await send(pairs[0] as Beacon, { ip: `${network}:ffff::ffff` })).status).toBe(429);

    // Other clients, the next /48 among them, are not affected.
    await accepted({ kind: 'passeio', id: extra, event: 'whatsapp' });
    await accepted(
      { kind: 'passeio', id: extra, event: 'map' },
      { ip: `2001:db8:${(site + 1).toString(16)}::1` },
    );

    // Each of the limit's events counted, once per client; none sent beyond it did.
    for (const id of many) await expectCounts(id, { view: 2, whatsapp: 2, map: 2 });
    await expectCounts(extra, { whatsapp: 1, map: 1 });
    await flushed();
    expect(await counts(extra)).toEqual({ whatsapp: 1, map: 1 });
  }, 60_000);

  it('counts an IPv6 /48 as one client: two of its /64s once, two /48s twice', async () => {
    // Addresses that differ from the first bit past the /48 (the /64 2001:db8:…:8000) are one
    // client; addresses that differ in the /48's last bit (…:a → …:b) are two.
    const site = Math.floor(Math.random() * 0x7ffe) * 2;
    const inside = `2001:db8:${site.toString(16)}`;
    const nextSite = `2001:db8:${(site + 1).toString(16)}`;
    const once = await newListing('hospedagem');
    await accepted({ kind: 'hospedagem', id: once, event: 'view' }, { ip: `${inside}:0::1` });
    await accepted({ kind: 'hospedagem', id: once, event: 'view' }, { ip: `${inside}:8000::1` });
    const twice = await newListing('hospedagem');
    await accepted({ kind: 'hospedagem', id: twice, event: 'view' }, { ip: `${inside}:0::1` });
    await accepted({ kind: 'hospedagem', id: twice, event: 'view' }, { ip: `${nextSite}:0::1` });
    await expectCounts(twice, { view: 2 });
    await flushed();
    await expectCounts(once, { view: 1 });
  });

  it('answers random bodies exactly as the schema judges them: 204 or 400, never anything else', async () => {
    const id = await newListing('passeio');
    const text = fc.string({ unit: 'grapheme', maxLength: 80 });
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.boolean());
    const field = (valid: fc.Arbitrary<string>) => fc.oneof(valid, valid, value);
    const candidate = fc.record(
      {
        kind: field(fc.constantFrom('hospedagem', 'comercio', 'passeio', 'hospedagens')),
        id: field(fc.oneof(fc.uuid(), fc.constant(id))),
        event: field(fc.constantFrom('view', 'whatsapp', 'map', 'click')),
        extra: value,
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      candidate.map((object) => JSON.stringify(object)),
      fc.json(),
      text,
      fc.string({ unit: 'binary', maxLength: 700 }),
    );
    let counted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (raw) => {
        const reply = await send(raw);
        let expected = 400;
        try {
          const bytes = new TextEncoder().encode(raw).length;
          if (
            bytes <= STATS_LIMITS.maxBodyBytes &&
            listingEventSchema.safeParse(JSON.parse(raw)).success
          ) {
            expected = 204;
          }
        } catch {
          // not JSON: 400
        }
        expect({ raw, status: reply.status }).toEqual({ raw, status: expected });
        if (expected === 400) expect(reply.body).toEqual(INVALID);
        const parsed = expected === 204 ? (JSON.parse(raw) as Beacon) : null;
        if (parsed?.id === id && parsed.kind === 'passeio') counted += 1;
      }),
      { numRuns: 150 },
    );
    await flushed();
    const total = Object.values(await counts(id)).reduce((sum, n) => sum + n, 0);
    expect(total).toBe(counted);
  });

  it('stores nothing about a client: listing_stats holds sums only', async () => {
    const [row] = await rows<StatRow>('listing_stats', `listing_id=eq.${listings.hospedagem}`);
    expect(Object.keys(row ?? {}).sort()).toEqual(['count', 'day', 'event', 'kind', 'listing_id']);
  });
});

describe("the counter's repeat rule (repeat-window.ts), at the window's edge", () => {
  // The decision event-counter.ts makes with its clock's difference since the last count: a
  // request cannot be placed within a millisecond of the edge, so the edge is asked here, and the
  // real runtime's far side above.
  const windowMs = repeatWindowMs(undefined);

  it('is STATS_LIMITS.repeatWindowMs on a worker without the test-only override', () => {
    expect(windowMs).toBe(STATS_LIMITS.repeatWindowMs);
    expect(repeatWindowMs('')).toBe(STATS_LIMITS.repeatWindowMs);
    expect(repeatWindowMs('100')).toBe(100);
  });

  it("is a repeat up to the window's last millisecond, and counts again from the window on", () => {
    expect(isRepeat(0, windowMs)).toBe(true);
    expect(isRepeat(windowMs - 1, windowMs)).toBe(true);
    expect(isRepeat(windowMs, windowMs)).toBe(false);
    expect(isRepeat(windowMs + 1, windowMs)).toBe(false);
  });
});

describe('who sent it (visitors.ts) and the configured limit', () => {
  it('groups an IPv6 address by its /48, and keeps IPv4 (also IPv4-mapped) as it is', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:DB8:0:7::1')).toBe('2001:db8:0::/48');
    expect(clientNetwork('2001:0db8:0000:ffff:ffff:0:0:1')).toBe('2001:db8:0::/48');
    expect(clientNetwork('2001:db8:1::')).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8::')).toBe('2001:db8:0::/48');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0::/48');
    expect(clientNetwork(undefined)).toBe('unknown');
    expect(clientNetwork('  ')).toBe('unknown');
    // Not an address: used as it is (still only ever hashed).
    expect(clientNetwork('1:2:3')).toBe('1:2:3');
  });

  it('gives each network a stable pseudonym under one key, another under another key', async () => {
    const a = await clientPseudonym('203.0.113.9', 'chave-um-com-mais-de-32-caracteres!!');
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await clientPseudonym('203.0.113.9', 'chave-um-com-mais-de-32-caracteres!!')).toBe(a);
    expect(await clientPseudonym('203.0.113.10', 'chave-um-com-mais-de-32-caracteres!!')).not.toBe(
      a,
    );
    expect(await clientPseudonym('203.0.113.9', 'chave-dois-com-mais-de-32-caracteres')).not.toBe(
      a,
    );
  });

  it('tells browsers from bots and speculative loads', () => {
    const headers = (init: Record<string, string>) => new Headers(init);
    expect(isAutomated(headers({ 'user-agent': BROWSER }))).toBe(false);
    expect(
      isAutomated(
        headers({
          'user-agent':
            'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        }),
      ),
    ).toBe(false);
    expect(isAutomated(headers({}))).toBe(true);
    expect(isAutomated(headers({ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' }))).toBe(
      true,
    );
    expect(isAutomated(headers({ 'user-agent': BROWSER, 'sec-purpose': 'prefetch' }))).toBe(true);
  });
});

/** A beacon streamed in chunks, with no Content-Length. */
async function streamedSend(text: string) {
  const bytes = new TextEncoder().encode(text);
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 100) controller.enqueue(bytes.slice(i, i + 100));
      controller.close();
    },
  });
  const response = await fetch(`${stack.apiUrl}${EVENTS_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': BROWSER,
      'CF-Connecting-IP': newAddress(),
    },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: await response.json() };
}

/** A request with exactly these headers (no User-Agent added). */
function rawSend(body: string, headers: Record<string, string>): Promise<{ status: number }> {
  const url = new URL(`${stack.apiUrl}${EVENTS_PATH}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          'content-type': 'text/plain',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// Workers of their own: a short repeat window (the daily cap takes 10 counted repeats), a key the
// database refuses at first (the counts wait, through a restart), and no key at all.
describe('the counter, on workers of its own', { timeout: 120_000 }, () => {
  let dir: string;
  let quick: StartedServer;
  let keyless: StartedServer;
  const persistTo = () => join(dir, 'refused');
  const refusedKey = newStatsIngestKey();
  const startRefused = () =>
    startWorker({
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: NO_BUILDS,
      persistTo: persistTo(),
      statsIngestKey: refusedKey,
    });
  let refused: StartedServer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gf-api-events-'));
    const common = {
      supabaseUrl: stack.supabaseUrl,
      publishableKey: stack.publishableKey,
      builds: NO_BUILDS,
    };
    // One after another: wrangler dev instances starting together can race for a port.
    quick = await startWorker({
      ...common,
      persistTo: join(dir, 'quick'),
      statsIngestKey: stack.statsIngestKey,
      statsRepeatWindowMs: 100,
    });
    keyless = await startWorker({ ...common, persistTo: join(dir, 'keyless') });
    refused = await startRefused();
  });

  afterAll(async () => {
    // The suite's own key again, whatever happened.
    await setStatsIngestKey(stack.supabaseUrl, stack.secretKey, stack.statsIngestKey);
    await Promise.all([quick?.stop(), keyless?.stop(), refused?.stop()]);
    if (process.env.DEBUG_WORKER) console.log(refused?.output());
    rmSync(dir, { recursive: true, force: true });
  });

  it('caps what one client adds to a listing event per day: a flood moves it by at most 10', async () => {
    const id = await newListing('hospedagem');
    const flooder = newAddress();
    const whatsapp: Beacon = { kind: 'hospedagem', id, event: 'whatsapp' };
    // 25 taps, each past the (shortened) repeat window, then the same client's views.
    for (let i = 0; i < 25; i++) {
      await accepted(whatsapp, { ip: flooder }, quick.url);
      await sleep(150);
    }
    for (let i = 0; i < 3; i++) {
      await accepted({ ...whatsapp, event: 'view' }, { ip: flooder }, quick.url);
      await sleep(150);
    }
    // Someone else's taps still count.
    const other = newAddress();
    for (let i = 0; i < 2; i++) {
      await accepted(whatsapp, { ip: other }, quick.url);
      await sleep(150);
    }
    await expectCounts(id, { whatsapp: STATS_LIMITS.perClientListingDay + 2, view: 3 });
  });

  it('answers 503 in Portuguese without an ingest key, and still 400 for malformed events', async () => {
    const id = await newListing('passeio');
    const reply = await send({ kind: 'passeio', id, event: 'view' }, {}, keyless.url);
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({
      error: {
        code: 'stats_unavailable',
        message: 'A contagem de visitas está indisponível no momento.',
      },
    });
    expect((await send('{', {}, keyless.url)).body).toEqual(INVALID);
    expect((await send('{', {}, keyless.url)).status).toBe(400);
    expect((await send('{', { userAgent: 'curl/8' }, keyless.url)).status).toBe(204);
  });

  it('keeps the counts while the database refuses the write, through a restart, then writes them', async () => {
    const id = await newListing('comercio');
    const beacon: Beacon = { kind: 'comercio', id, event: 'view' };
    for (let i = 0; i < 6; i++) await accepted(beacon, {}, refused.url);
    await accepted({ ...beacon, event: 'map' }, {}, refused.url);
    // The flush that would have written them: once the database has refused it, nothing is there.
    const deadline = Date.now() + 20_000;
    while (!refused.output().includes('stats flush refused')) {
      if (Date.now() > deadline) throw new Error('nenhuma gravação foi tentada');
      await sleep(200);
    }
    expect(await counts(id)).toEqual({});

    await refused.stop();
    await setStatsIngestKey(stack.supabaseUrl, stack.secretKey, refusedKey);
    refused = await startRefused();
    // Nothing new arrives: the stored alarm (or the object waking) writes what it kept.
    await fetch(`${refused.url}/health`).then((r) => r.body?.cancel());
    await expectCounts(id, { view: 6, map: 1 }, 30_000);
    await setStatsIngestKey(stack.supabaseUrl, stack.secretKey, stack.statsIngestKey);
  });

  it("keeps no client address or pseudonym in the counter's storage, its logs or any local state", async () => {
    await flushed();
    await flushed(quick.url);
    const roots = [stack.persistTo, dir];
    const needles = [...usedAddresses];
    expect(needles.length).toBeGreaterThan(10);
    // Every file of wrangler's local state (Durable Objects, rate limiter, R2), raw bytes.
    const found: string[] = [];
    for (const root of roots) {
      for (const file of filesUnder(root)) {
        const text = readFileSync(file).toString('latin1');
        for (const address of needles)
          if (text.includes(address)) found.push(`${file}: ${address}`);
      }
    }
    expect(found).toEqual([]);
    for (const worker of [quick, refused]) {
      const output = worker.output();
      expect(needles.filter((address) => output.includes(address))).toEqual([]);
    }

    // The counter's own tables: sums only, and nothing left once flushed.
    const databases = roots
      .flatMap((root) => filesUnder(root))
      .filter((file) => /EventCounter\/[0-9a-f]{64}\.sqlite$/.test(file));
    expect(databases.length).toBeGreaterThan(0);
    // Not even the pseudonym the rate limiter keys on (miniflare's limiter keeps that one for its
    // minute, as Cloudflare's does): the counter holds it in memory only, salted.
    const pseudonyms = await Promise.all(
      needles.map((address) => clientPseudonym(clientNetwork(address), stack.statsIngestKey)),
    );
    for (const file of roots.flatMap((root) => filesUnder(root))) {
      if (!file.includes('EventCounter')) continue;
      const text = readFileSync(file).toString('latin1');
      expect(pseudonyms.filter((pseudonym) => text.includes(pseudonym))).toEqual([]);
    }
    for (const file of databases) {
      const db = new DatabaseSync(file, { readOnly: true });
      try {
        const tables = db
          .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
          )
          .all()
          .map((row) => String(row.name));
        expect(tables).toContain('pending');
        const columns = db
          .prepare("SELECT name FROM pragma_table_info('pending')")
          .all()
          .map((row) => String(row.name));
        expect(columns.sort()).toEqual(['count', 'day', 'event', 'kind', 'listing_id']);
      } finally {
        db.close();
      }
    }
  });

  it('moves no count once written: every listing still has exactly what it reached', async () => {
    // The privacy test above waited for full flushes of both workers since their last events.
    for (const [id, expected] of expectations) {
      expect({ id, counts: await counts(id) }).toEqual({ id, counts: expected });
    }
  });
});

function filesUnder(root: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: false }) as string[]) {
    const path = join(root, entry);
    if (statSync(path).isFile()) out.push(path);
  }
  return out;
}
