// A small relay between the site's islands (the unmodified supabase-js) and db/local, for the
// account tests: it passes every request on, except one a rule holds (so another write can land
// first, or a button's in-flight state can be seen), fails with a server error, or cuts as
// without signal. Tests wait on the requests it sees, never on a timer.
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { freePort } from '@guia-fortim/db/testing';

/** `hold`: kept until `releaseAll` (once); `fail`: a 500; `drop`: the connection is cut. */
export type RelayAction = 'hold' | 'fail' | 'drop';

/** A request the islands made (preflights aside), and the status it got: 0 until answered or when cut. */
export type Relayed = { method: string; path: string; status: number };

export type Relay = {
  url: string;
  /** Every request so far, in the order they came. */
  seen: Relayed[];
  /**
   * Resolves once a request of `method` whose path starts with `path` comes, and meets it with
   * `action`: a hold takes that request only, a fail or drop every one until `reset`.
   */
  when: (method: string, path: string, action: RelayAction) => Promise<void>;
  /** Lets the held requests through. */
  releaseAll: () => void;
  /** Lets the held requests through and forgets the rules and what was seen: between tests. */
  reset: () => void;
  close: () => Promise<void>;
};

type Rule = { method: string; path: string; action: RelayAction; matched: () => void };

export async function startRelay(upstream: string): Promise<Relay> {
  const seen: Relayed[] = [];
  const rules: Rule[] = [];
  const held: (() => void)[] = [];
  const upstreamHost = new URL(upstream).host;

  const relayRequest = (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    const path = request.url ?? '/';
    const relayed: Relayed = { method, path, status: 0 };
    if (method !== 'OPTIONS') seen.push(relayed);
    const rule = rules.find((r) => r.method === method && path.startsWith(r.path));
    if (rule?.action === 'drop') {
      rule.matched();
      request.socket.destroy();
      return;
    }
    if (rule?.action === 'fail') {
      rule.matched();
      relayed.status = 500;
      response.writeHead(500, {
        'Content-Type': 'application/json',
        'Access-Control-Allow-Origin': request.headers.origin ?? '*',
      });
      response.end(JSON.stringify({ code: 500, error_code: 'unexpected_failure', msg: 'falha' }));
      return;
    }
    const forward = () => {
      const onward = httpRequest(
        `${upstream}${path}`,
        { method, headers: { ...request.headers, host: upstreamHost } },
        (answer) => {
          relayed.status = answer.statusCode ?? 0;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      onward.on('error', (error) => response.destroy(error));
      request.pipe(onward);
    };
    if (rule?.action === 'hold') {
      rules.splice(rules.indexOf(rule), 1);
      held.push(forward);
      rule.matched();
    } else forward();
  };

  const server = createServer(relayRequest);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const releaseAll = () => {
    for (const forward of held.splice(0)) forward();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    when: (method, path, action) =>
      new Promise((resolve) => {
        rules.push({ method, path, action, matched: resolve });
      }),
    releaseAll,
    reset: () => {
      releaseAll();
      rules.length = 0;
      seen.length = 0;
    },
    close: () => {
      releaseAll();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
