// A request body over the route's limit is refused, and the client still reads the refusal.
// Hono's bodyLimit answers as soon as the limit is passed and leaves the rest of the body unread;
// workerd then closes the connection while the client is still sending, and the client sees
// `write EPIPE` or `other side closed` instead of the Portuguese message (a CI run of the events
// suite failed so, on a streamed 2 KB beacon). Here the rest is read and dropped, up to
// DRAIN_BYTES past the limit, before the answer; a body larger still is cut off (a client that
// sends that much to a small endpoint is not waiting for a message).
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './env.ts';

/** How much more than the limit is read and dropped so the refusal reaches the client. */
export const DRAIN_BYTES = 8 * 1024 * 1024;

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, budget: number) {
  let read = 0;
  while (read <= budget) {
    const { done, value } = await reader.read();
    if (done) return;
    read += value.byteLength;
  }
  await reader.cancel();
}

export function limitBody(options: {
  maxSize: number;
  onError: (c: Context<AppEnv>) => Response | Promise<Response>;
}): MiddlewareHandler<AppEnv> {
  const { maxSize, onError } = options;
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const declared = c.req.raw.headers.get('content-length');
    const reader = body.getReader();
    if (declared !== null && !c.req.raw.headers.has('transfer-encoding')) {
      if (Number.parseInt(declared, 10) > maxSize) {
        await drain(reader, DRAIN_BYTES);
        return onError(c);
      }
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        await drain(reader, DRAIN_BYTES);
        return onError(c);
      }
      chunks.push(value);
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    return next();
  };
}
