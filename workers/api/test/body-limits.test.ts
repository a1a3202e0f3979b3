// The worker's body limits at their edge, both ways a body arrives (with its Content-Length, or
// streamed without one): a body of exactly the limit is read and judged on its content, one byte
// more is refused unread — 413 in Portuguese for the JSON routes (256 KiB), the beacon's 400 for
// POST /api/events (STATS_LIMITS.maxBodyBytes).
import { STATS_LIMITS, STATS_MESSAGES } from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import { admin, stack } from './support/client.ts';
import { BROWSER_USER_AGENT, EVENTS_PATH, SITE_ORIGIN } from './support/events.ts';

/** The JSON routes' limit: 256 KiB, far above any form's payload, far below a flood. */
const JSON_LIMIT = 256 * 1024;
const TOO_LARGE = {
  error: { code: 'payload_too_large', message: 'O corpo da requisição é grande demais.' },
};
const INVALID_EVENT = { error: { code: 'invalid_event', message: STATS_MESSAGES.invalidEvent } };

/** `text` padded with spaces after it to exactly `bytes` bytes (still the same JSON). */
function padded(text: string, bytes: number): string {
  const length = Buffer.byteLength(text);
  expect(length).toBeLessThanOrEqual(bytes);
  return text + ' '.repeat(bytes - length);
}

/** The body in 1 KB pieces from a stream: no Content-Length, chunked. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 1024));
      offset += 1024;
    },
  });
}

async function post(
  path: string,
  body: string,
  how: 'declared' | 'streamed',
  headers: Record<string, string>,
) {
  const response = await fetch(`${stack.apiUrl}${path}`, {
    method: 'POST',
    headers,
    body: how === 'declared' ? body : streamed(body),
    ...(how === 'streamed' ? { duplex: 'half' } : {}),
  } as RequestInit);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

describe('the JSON routes take bodies up to 256 KiB', () => {
  it.each(['declared', 'streamed'] as const)(
    '%s: at the limit judged, one byte more 413',
    async (how) => {
      const { token } = await admin();
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      // A category whose name is far too long: refused by the schema once read, never stored.
      const body = (bytes: number) =>
        padded(JSON.stringify({ name: 'x'.repeat(200_000), type: 'hospedagem' }), bytes);

      const atLimit = await post('/api/categories', body(JSON_LIMIT), how, headers);
      expect(atLimit.status).toBe(400);
      expect(atLimit.body.error.message).toBe(
        'O nome da categoria deve ter no máximo 60 caracteres.',
      );

      const over = await post('/api/categories', body(JSON_LIMIT + 1), how, headers);
      expect([over.status, over.body]).toEqual([413, TOO_LARGE]);
    },
  );
});

describe('POST /api/events takes beacons up to maxBodyBytes', () => {
  it.each(['declared', 'streamed'] as const)(
    '%s: at the limit counted as valid, one byte more 400',
    async (how) => {
      expect(STATS_LIMITS.maxBodyBytes).toBe(512);
      const headers = {
        'Content-Type': 'text/plain;charset=UTF-8',
        'User-Agent': BROWSER_USER_AGENT,
        'CF-Connecting-IP': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
        Origin: SITE_ORIGIN,
      };
      // An unknown listing id: accepted and counted nowhere (events.test.ts), so nothing moves.
      const beacon = JSON.stringify({ kind: 'comercio', id: crypto.randomUUID(), event: 'view' });

      const atLimit = await post(
        EVENTS_PATH,
        padded(beacon, STATS_LIMITS.maxBodyBytes),
        how,
        headers,
      );
      expect(atLimit.status).toBe(204);

      const over = await post(
        EVENTS_PATH,
        padded(beacon, STATS_LIMITS.maxBodyBytes + 1),
        how,
        headers,
      );
      expect([over.status, over.body]).toEqual([400, INVALID_EVENT]);
    },
  );
});
