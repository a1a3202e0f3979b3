// An address in front of the real worker (support/worker.ts) whose answers break off after their
// status and headers: the failure that brings no message of its own, for the screens' fallback
// texts.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestWorker } from './worker.ts';

/**
 * An address in front of the worker where its answers break off after their status and headers,
 * as when the connection drops while an answer comes in: the worker did what was asked, and the
 * panel cannot read what it answered. CORS preflights pass whole, so the request itself is sent.
 */
export async function answersCutOff(workerUrl: string): Promise<TestWorker> {
  const server = createServer((incoming, outgoing) => {
    const forwarded = request(
      new URL(incoming.url ?? '/', workerUrl),
      { method: incoming.method, headers: { ...incoming.headers, host: new URL(workerUrl).host } },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        if (incoming.method === 'OPTIONS') {
          answer.pipe(outgoing);
          return;
        }
        answer.resume();
        outgoing.flushHeaders();
        outgoing.socket?.end();
      },
    );
    // The worker gone too: no answer at all.
    forwarded.on('error', () => incoming.socket.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
