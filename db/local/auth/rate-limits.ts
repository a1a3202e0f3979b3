// Auth's refusal of repeated sign-in failures, sign-ups and e-mails, in hosted Supabase's words
// (429 over_request_rate_limit), counted per client address (never per account: that would let
// anyone lock an account's owner out). The numbers are db/local's own and more generous than
// hosted Supabase's defaults, which count differently: sign-ups and sign-ins share one bucket per
// address ("Number of sign up and sign-in requests that can be made in a 5 minute interval per IP
// address", 30 in the CLI's config), and e-mails are counted project-wide ("Sum of combined
// requests project-wide"; the deploy sets 100 an hour). Fixed windows in memory: the local server
// is one process, and a restart forgets, as a redeploy would.
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { AuthError } from './errors.ts';

export type Limit = { max: number; windowSeconds: number };

export type RateLimits = {
  signInFailuresPerAddress: Limit;
  signUpsPerAddress: Limit;
  /** Sign-up and recovery requests from one address (each may send an e-mail). */
  emailRequestsPerAddress: Limit;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInFailuresPerAddress: { max: 100, windowSeconds: 300 },
  signUpsPerAddress: { max: 100, windowSeconds: 300 },
  emailRequestsPerAddress: { max: 60, windowSeconds: 3600 },
};

/** GoTrue's answer when a limit is reached. */
export const rateLimited = () =>
  new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');

/** Counts per key in fixed windows. */
export class RateCounter {
  readonly #windows = new Map<string, { count: number; endsAt: number }>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  #current(key: string, limit: Limit) {
    const now = this.#now();
    let window = this.#windows.get(key);
    if (!window || window.endsAt <= now) {
      if (this.#windows.size > 50_000) this.#sweep(now);
      window = { count: 0, endsAt: now + limit.windowSeconds * 1000 };
      this.#windows.set(key, window);
    }
    return window;
  }

  #sweep(now: number) {
    for (const [key, window] of this.#windows) if (window.endsAt <= now) this.#windows.delete(key);
  }

  /** Whether `key` has used up `limit` in its current window. */
  exhausted(key: string, limit: Limit): boolean {
    return this.#current(key, limit).count >= limit.max;
  }

  add(key: string, limit: Limit): void {
    this.#current(key, limit).count += 1;
  }

  /** Counts one more request, or throws 429 when the window is already full. */
  take(key: string, limit: Limit): void {
    if (this.exhausted(key, limit)) throw rateLimited();
    this.add(key, limit);
  }
}

/** The address the request came from (the socket's; a header could be forged). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'desconhecido';
  } catch {
    // Requests handed to app.fetch without a socket (in-process tests).
    return 'desconhecido';
  }
}
