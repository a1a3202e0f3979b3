// POST /api/events as the site's beacon sends it, for this suite, the security suites and the
// benchmark: a browser's User-Agent (anything else is dropped as a bot, 204 and no count), a
// text/plain JSON body, and the client's address in CF-Connecting-IP (wrangler dev keeps the one
// it is sent, so one process can play many visitors).
import type { ListingEvent, ListingKind } from '@guia-fortim/domain';

export const EVENTS_PATH = '/api/events';

/** A phone's Chrome: what the site's visitors look like. */
export const BROWSER_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';

/** The origin the worker's local configuration allows (the site under `npm start`). */
export const SITE_ORIGIN = 'http://127.0.0.1:4321';

export type Beacon = { kind: ListingKind; id: string; event: ListingEvent };

// Client addresses from the benchmarking range (198.18.0.0/15), a new one for every call, so the
// per-client limits of one test never touch another's.
let addressSequence = Math.floor(Math.random() * 50_000);

export function newClientAddress(): string {
  addressSequence += 1;
  return `198.18.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;
}

export type BeaconOptions = {
  /** CF-Connecting-IP (default: a new address). */
  ip?: string;
  userAgent?: string;
  headers?: Record<string, string>;
};

export type BeaconReply = { status: number; body: unknown; headers: Headers; ip: string };

/** One beacon: a JSON string (or any text) in a text/plain body, from the site's origin. */
export async function sendBeacon(
  baseUrl: string,
  body: Beacon | string,
  options: BeaconOptions = {},
): Promise<BeaconReply> {
  const ip = options.ip ?? newClientAddress();
  const response = await fetch(`${baseUrl}${EVENTS_PATH}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain;charset=UTF-8',
      'User-Agent': options.userAgent ?? BROWSER_USER_AGENT,
      'CF-Connecting-IP': ip,
      Origin: SITE_ORIGIN,
      ...options.headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text || null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers, ip };
}
