// The site origin's front door, between visitors and wrangler dev's server: a new build means a
// reload, and Miniflare reloads by killing workerd (SIGKILL) and starting another. wrangler's
// proxy holds the requests that arrive meanwhile and sends a GET again when its connection failed,
// but a response already streaming when workerd dies is cut: under a hundred visitors, some
// requests failed with a socket error during a swap. Cloudflare
// moves traffic to a new deployment without cutting a response. So the gate holds new requests
// while the ones already inside finish, lets the reload happen with none open, then lets the held
// ones through (`whileClosed`).
import { Agent, createServer, request as forward } from 'node:http';

/** The longest a reload waits for open requests (none of the site's takes a second). */
const DRAIN_LIMIT_MS = 10_000;

export type Gate = {
  /** Runs `work` (a reload) with no request open and new ones held until it ends. */
  whileClosed<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

/** Listens on 127.0.0.1:`port` and passes every request to `target` (wrangler dev's server). */
export async function startGate(port: number, target: URL): Promise<Gate> {
  const agent = new Agent({ keepAlive: true });
  let open = 0;
  let held: (() => void)[] | null = null;
  let drained: (() => void) | null = null;

  const server = createServer((request, response) => {
    const pass = () => {
      open += 1;
      response.once('close', () => {
        open -= 1;
        if (open === 0) drained?.();
      });
      // The Host header goes as the visitor sent it: wrangler's proxy and the Worker see the
      // site's own address, so the addresses they write (redirects) are the gate's.
      const upstream = forward(
        {
          host: target.hostname,
          port: target.port,
          method: request.method,
          path: request.url,
          headers: request.headers,
          agent,
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
          answer.pipe(response);
        },
      );
      upstream.once('error', () => {
        if (!response.headersSent) response.writeHead(502).end();
        else response.destroy();
      });
      request.pipe(upstream);
    };
    if (held) held.push(pass);
    else pass();
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    async whileClosed(work) {
      held = [];
      if (open > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, DRAIN_LIMIT_MS).unref();
        });
        drained = null;
      }
      try {
        return await work();
      } finally {
        const waiting = held;
        held = null;
        for (const pass of waiting) pass();
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}
