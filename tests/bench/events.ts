// Listing statistics under load: visitors' beacons at a fixed rate (open loop: each is
// sent on schedule whatever the answers before it, up to MAX_IN_FLIGHT unanswered at once) to the
// worker's POST /api/events on a running stack for a fixed time, then the database's counts
// compared with what was sent, listing by listing and event by event. A worker slower than the
// rate shows as a lower achieved rate, not as thousands of queued connections timing out. Every beacon is a distinct client address, listing and event, so none is a repeat and
// none reaches the per-address bounds: each one must be counted exactly once.
import {
  LISTING_EVENTS,
  LISTING_KINDS,
  type ListingEvent,
  type ListingKind,
} from '@guia-fortim/domain';
import type { Stack } from '@guia-fortim/stack/stack';

/** A running database and worker: the whole stack, or startApi's pair. */
export type EventsStack = Pick<Stack, 'supabase' | 'apiUrl' | 'siteUrl'>;

import { median } from './figures.ts';

export type EventsFigures = {
  /** The rate asked for, and the rate achieved (lower when the worker could not keep up). */
  targetPerSecond: number;
  ratePerSecond: number;
  durationS: number;
  sent: number;
  /** Answers other than 204, by status or network error. */
  errors: number;
  errorKinds: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** Sum of the counts the database gained. */
  counted: number;
  /** Every (listing, event) pair gained exactly what was sent for it. */
  exact: boolean;
  /** From the last beacon sent to the last count in the database. */
  settleMs: number;
};

const TABLES = { hospedagem: 'hospedagens', comercio: 'comercios', passeio: 'passeios' } as const;
const SETTLE_DEADLINE_MS = 60_000;
/** Beacons waiting for their answer at most: as many visitors' connections as that. */
const MAX_IN_FLIGHT = 64;
const TICK_MS = 10;

type Target = { kind: ListingKind; id: string };

async function targets(stack: EventsStack): Promise<Target[]> {
  const found: Target[] = [];
  for (const kind of LISTING_KINDS) {
    const { rows } = await stack.supabase.database.query<{ id: string }>(
      `select id from public.${TABLES[kind]} order by created_at limit 8`,
    );
    found.push(...rows.map(({ id }) => ({ kind, id })));
  }
  return found;
}

async function counts(stack: EventsStack): Promise<Map<string, number>> {
  const { rows } = await stack.supabase.database.query<{ key: string; n: number }>(
    `select listing_id || ':' || event as key, sum(count)::int as n
       from public.listing_stats group by listing_id, event`,
  );
  return new Map(rows.map((r) => [r.key, r.n]));
}

/** The i-th beacon: a client address and a (listing, event) pair that address has not sent. */
function beacon(i: number, listings: Target[], addresses: number) {
  const pairs = listings.length * LISTING_EVENTS.length;
  const address = i % addresses;
  const round = Math.floor(i / addresses) % pairs;
  const target = listings[round % listings.length] as Target;
  const event = LISTING_EVENTS[Math.floor(round / listings.length)] as ListingEvent;
  const ip = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  return { ip, target, event };
}

export async function measureEvents(
  stack: EventsStack,
  options: { ratePerSecond: number; durationS: number },
): Promise<EventsFigures> {
  const listings = await targets(stack);
  const total = options.ratePerSecond * options.durationS;
  // Each address sends at most one beacon per (listing, event) and stays far below its
  // per-minute limit: 10 beacons over the whole run.
  const addresses = Math.ceil(total / 10);
  if (Math.ceil(total / addresses) > listings.length * LISTING_EVENTS.length) {
    throw new Error('Listagens insuficientes para eventos distintos por endereço.');
  }
  const before = await counts(stack);
  const expected = new Map<string, number>();
  const latencies: number[] = [];
  const errorKinds: Record<string, number> = {};
  const url = `${stack.apiUrl}/api/events`;
  const pending: Promise<void>[] = [];

  let inFlight = 0;
  const send = async (i: number) => {
    inFlight++;
    const { ip, target, event } = beacon(i, listings, addresses);
    const key = `${target.id}:${event}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
    const begin = performance.now();
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          'cf-connecting-ip': ip,
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/142.0 Mobile Safari/537.36',
          origin: stack.siteUrl,
        },
        body: JSON.stringify({ kind: target.kind, id: target.id, event }),
      });
      await response.arrayBuffer();
      if (response.status !== 204) {
        errorKinds[`HTTP ${response.status}`] = (errorKinds[`HTTP ${response.status}`] ?? 0) + 1;
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause;
      const kind = cause?.code ?? (error as Error).name;
      errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
    }
    latencies.push(performance.now() - begin);
    inFlight--;
  };

  // Beacons leave in ticks of 10 ms, each tick catching up with the schedule; the last tick
  // ends just after the duration, when the last beacons fall due.
  const started = performance.now();
  const end = started + options.durationS * 1000 + TICK_MS;
  let sent = 0;
  while (sent < total && performance.now() < end) {
    const due = Math.min(
      total,
      Math.floor(((performance.now() - started) / 1000) * options.ratePerSecond) + 1,
    );
    for (; sent < due && inFlight < MAX_IN_FLIGHT; sent++) pending.push(send(sent));
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  const sendingMs = performance.now() - started;
  await Promise.all(pending);
  const lastSent = performance.now();

  const gained = async () => {
    const after = await counts(stack);
    let counted = 0;
    let exact = true;
    for (const key of new Set([...after.keys(), ...expected.keys()])) {
      const delta = (after.get(key) ?? 0) - (before.get(key) ?? 0);
      counted += delta;
      if (delta !== (expected.get(key) ?? 0)) exact = false;
    }
    return { counted, exact };
  };
  let outcome = await gained();
  while (!outcome.exact && performance.now() - lastSent < SETTLE_DEADLINE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    outcome = await gained();
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    targetPerSecond: options.ratePerSecond,
    ratePerSecond: Math.round(sent / (sendingMs / 1000)),
    durationS: Math.round(sendingMs / 100) / 10,
    sent,
    errors: Object.values(errorKinds).reduce((a, b) => a + b, 0),
    errorKinds,
    p50Ms: Math.round(median(sorted)),
    p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    counted: outcome.counted,
    exact: outcome.exact,
    settleMs: Math.round(performance.now() - lastSent),
  };
}
