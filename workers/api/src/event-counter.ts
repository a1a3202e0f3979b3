// Visitors' events, counted: POST /api/events hands every accepted event to this one
// Durable Object with the client's pseudonym (an HMAC of its address, see routes/events.ts). Here
// a client sending more than STATS_LIMITS.perClientPerMinute events in a wall-clock minute has
// the rest dropped (and the route refuses it with 429 once told), repeats of the same client,
// listing and event within STATS_LIMITS.repeatWindowMs count once, and one client adds at most
// STATS_LIMITS.perClientListingDay to a listing's event per day. What
// is left is summed per (kind, listing, day, event) in this object's SQLite storage — so a restart
// loses nothing — and an alarm writes it to the database every STATS_LIMITS.flushMs with one
// record_listing_events call. A failed write keeps the counts for the next alarm.
//
// Privacy: the storage holds only the sums (no client column of any kind). Who sent what lives in
// memory only, as an HMAC under a random, non-extractable key made per instance and per day: it
// is never stored, never logged, and forgotten with the day (or a restart).

import { DurableObject } from 'cloudflare:workers';
import {
  type ListingEvent,
  type ListingEventBeacon,
  type ListingKind,
  STATS_LIMITS,
  statsDay,
} from '@guia-fortim/domain';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Bindings } from './env.ts';
import { isRepeat, repeatWindowMs } from './repeat-window.ts';

/** record_listing_events takes at most this many items: the pending sums never exceed it. */
export const MAX_PENDING = 5_000;
/** Clients × listings × events remembered per day (about 100 bytes each). */
export const MAX_TRACKED = 200_000;
const FLUSH_TIMEOUT_MS = 10_000;

type Pending = { kind: ListingKind; id: string; day: string; event: ListingEvent; count: number };
type Seen = { at: number; count: number };
/** One accepted event and who sent it (a pseudonym). */
export type EventFrom = { event: ListingEventBeacon; client: string };

/** Why an event was not counted (the route answered 204 either way). */
export type Outcome = 'counted' | 'limited' | 'repeat' | 'capped' | 'full';

/** What a batch came to, and which of its clients are over the per-minute limit until when. */
export type Recorded = { outcomes: Outcome[]; limited: string[]; limitedUntil: number };

const pendingKey = (kind: string, id: string, day: string, event: string) =>
  `${kind}|${id}|${day}|${event}`;

const encoder = new TextEncoder();

function logLine(level: 'info' | 'warn' | 'error', message: string, data = {}): void {
  const line = JSON.stringify({ ...data, level, message });
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export class EventCounter extends DurableObject<Bindings> {
  /** A mirror of the `pending` table. */
  private readonly pending = new Map<string, Pending>();
  private day = '';
  private salt: Promise<CryptoKey> | null = null;
  private readonly seen = new Map<string, Seen>();
  /** Events per client (pseudonym) in the current wall-clock minute. */
  private minute = 0;
  private readonly thisMinute = new Map<string, number>();
  private alarmSet = false;
  /** Events not counted since the last flush, by reason (logged with it; no client data). */
  private dropped: Record<Exclude<Outcome, 'counted'>, number> = {
    limited: 0,
    repeat: 0,
    capped: 0,
    full: 0,
  };

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS pending (
        kind TEXT NOT NULL,
        listing_id TEXT NOT NULL,
        day TEXT NOT NULL,
        event TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (kind, listing_id, day, event)
      )`);
      const rows = this.sql.exec<Omit<Pending, 'id'> & { listing_id: string }>(
        'SELECT kind, listing_id, day, event, count FROM pending',
      );
      for (const { listing_id: id, kind, day, event, count } of rows) {
        this.pending.set(pendingKey(kind, id, day, event), { kind, id, day, event, count });
      }
      this.alarmSet = (await ctx.storage.getAlarm()) !== null;
      if (this.pending.size > 0 && !this.alarmSet) await this.scheduleFlush();
    });
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  private get repeatWindowMs(): number {
    return repeatWindowMs(this.env.STATS_REPEAT_WINDOW_MS);
  }

  /** Today's key for the clients' salted hashes: a new one, and nothing kept, each new day. */
  private saltFor(day: string): Promise<CryptoKey> {
    if (day !== this.day || !this.salt) {
      this.day = day;
      this.seen.clear();
      this.salt = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]) as Promise<CryptoKey>;
    }
    return this.salt;
  }

  /**
   * The rate limit: null while a client's event is within its first perClientPerMinute of this
   * wall-clock minute. Kept here, beside the other per-client bounds, rather than in Cloudflare's
   * rate-limiting binding: one object sees every event, so the limit is exact and global, and
   * locally the binding's simulation (a SQLite-backed object called over HTTP per event) took
   * workerd's single thread for long enough per beacon to cap the local stack's beacons a second
   * well below what it takes without it (measured: see `npm run bench -- worker`).
   */
  private overMinute(client: string, now: number): 'limited' | 'full' | null {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.minute) {
      this.minute = minute;
      this.thisMinute.clear();
    }
    const sent = (this.thisMinute.get(client) ?? 0) + 1;
    if (sent === 1 && this.thisMinute.size >= MAX_TRACKED) return 'full';
    this.thisMinute.set(client, sent);
    return sent > STATS_LIMITS.perClientPerMinute ? 'limited' : null;
  }

  /** Accepted events, each from a client (a pseudonym, never an address), in arrival order. */
  async recordMany(items: EventFrom[]): Promise<Recorded> {
    const now = Date.now();
    const day = statsDay(new Date(now));
    const salt = this.saltFor(day);
    const fingerprints = await Promise.all(
      items.map(async ({ event, client }) => {
        const mac = await crypto.subtle.sign(
          'HMAC',
          await salt,
          encoder.encode(`${client}\n${event.kind}\n${event.id}\n${event.event}`),
        );
        return btoa(String.fromCharCode(...new Uint8Array(mac, 0, 16)));
      }),
    );
    // The day turned while hashing (another call made the new key): hash again under it.
    if (day !== this.day) return this.recordMany(items);

    const added = new Map<string, Pending>();
    const outcomes = items.map(({ event, client }, i): Outcome => {
      const outcome =
        this.overMinute(client, now) ?? this.count(event, fingerprints[i] as string, day, now);
      if (outcome === 'counted') {
        const key = pendingKey(event.kind, event.id, day, event.event);
        const item = added.get(key);
        if (item) item.count += 1;
        else added.set(key, { ...event, day, count: 1 });
      } else {
        this.dropped[outcome] += 1;
      }
      return outcome;
    });
    if (added.size > 0) {
      this.ctx.storage.transactionSync(() => {
        for (const item of added.values()) {
          this.sql.exec(
            `INSERT INTO pending (kind, listing_id, day, event, count) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (kind, listing_id, day, event) DO UPDATE SET count = count + excluded.count`,
            item.kind,
            item.id,
            item.day,
            item.event,
            item.count,
          );
        }
      });
    }
    if (!this.alarmSet) await this.scheduleFlush();
    const limited = [...new Set(items.map(({ client }) => client))].filter(
      (client) => (this.thisMinute.get(client) ?? 0) >= STATS_LIMITS.perClientPerMinute,
    );
    return { outcomes, limited, limitedUntil: (this.minute + 1) * 60_000 };
  }

  /** Whether one event counts, by its client's fingerprint; updates the in-memory sums. */
  private count(event: ListingEventBeacon, fingerprint: string, day: string, now: number): Outcome {
    const key = pendingKey(event.kind, event.id, day, event.event);
    const seen = this.seen.get(fingerprint);
    if (seen) {
      if (isRepeat(now - seen.at, this.repeatWindowMs)) return 'repeat';
      if (seen.count >= STATS_LIMITS.perClientListingDay) return 'capped';
    } else if (this.seen.size >= MAX_TRACKED) {
      return 'full';
    }
    const item = this.pending.get(key);
    if (!item && this.pending.size >= MAX_PENDING) return 'full';

    if (seen) {
      seen.at = now;
      seen.count += 1;
    } else {
      this.seen.set(fingerprint, { at: now, count: 1 });
    }
    if (item) item.count += 1;
    else this.pending.set(key, { ...event, day, count: 1 });
    return 'counted';
  }

  private async scheduleFlush(): Promise<void> {
    this.alarmSet = true;
    await this.ctx.storage.setAlarm(Date.now() + STATS_LIMITS.flushMs);
  }

  override async alarm(): Promise<void> {
    // Events arriving while this flush waits on the database schedule the next one.
    this.alarmSet = false;
    try {
      await this.flush();
    } catch (err) {
      logLine('error', 'stats flush failed', { error: String(err) });
    }
    if (this.pending.size > 0 && !this.alarmSet) await this.scheduleFlush();
  }

  private reportDropped(): void {
    const { limited, repeat, capped, full } = this.dropped;
    if (limited + repeat + capped + full === 0) return;
    logLine(full > 0 ? 'warn' : 'info', 'stats events not counted', {
      limited,
      repeat,
      capped,
      full,
    });
    this.dropped = { limited: 0, repeat: 0, capped: 0, full: 0 };
  }

  /** Writes every pending sum with one call; on success takes exactly those off. */
  private async flush(): Promise<void> {
    this.reportDropped();
    const key = this.env.STATS_INGEST_KEY;
    if (this.pending.size === 0) return;
    if (!key) {
      logLine('error', 'stats flush skipped: STATS_INGEST_KEY is not set', {
        pending: this.pending.size,
      });
      return;
    }
    const batch = [...this.pending.values()].map((item) => ({ ...item }));
    const rest = `${this.env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`;
    const client = new PostgrestClient(rest, {
      // The ingest function is open to the anonymous role and checks the key itself.
      headers: { apikey: this.env.SUPABASE_PUBLISHABLE_KEY, Accept: 'application/json' },
      retry: false,
      fetch: (input, init) =>
        fetch(input, { ...init, signal: AbortSignal.timeout(FLUSH_TIMEOUT_MS) }),
    });
    const { data, error, status } = await client.rpc('record_listing_events', {
      p_key: key,
      p_counts: batch,
    });
    if (error || status === 0) {
      logLine('error', 'stats flush refused', {
        status,
        code: error?.code ?? '',
        reason: error?.message ?? '',
        pending: batch.length,
      });
      return;
    }
    this.ctx.storage.transactionSync(() => {
      for (const item of batch) {
        const id = pendingKey(item.kind, item.id, item.day, item.event);
        const current = this.pending.get(id);
        if (!current) continue;
        current.count -= item.count;
        if (current.count <= 0) {
          this.pending.delete(id);
          this.sql.exec(
            'DELETE FROM pending WHERE kind = ? AND listing_id = ? AND day = ? AND event = ?',
            item.kind,
            item.id,
            item.day,
            item.event,
          );
        } else {
          this.sql.exec(
            'UPDATE pending SET count = ? WHERE kind = ? AND listing_id = ? AND day = ? AND event = ?',
            current.count,
            item.kind,
            item.id,
            item.day,
            item.event,
          );
        }
      }
    });
    logLine('info', 'stats flushed', {
      items: batch.length,
      events: batch.reduce((sum, item) => sum + item.count, 0),
      counted: data,
    });
  }
}

export function eventCounterStub(env: Bindings) {
  return env.EVENT_COUNTER.get(env.EVENT_COUNTER.idFromName('stats'));
}
