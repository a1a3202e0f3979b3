// The local stand-in for Cloudflare Turnstile, the CAPTCHA Supabase Auth checks in production. It
// speaks Turnstile's documented contract for Cloudflare's documented test keys
// (developers.cloudflare.com/turnstile/reference/testing/): the widget script
// (`/turnstile/v0/api.js`, explicit rendering) and the server-side check
// (`/turnstile/v0/siteverify`). It answers on a port of its own, as Turnstile is an origin of its
// own in production (challenges.cloudflare.com, neither the site nor Supabase): the site's
// Content Security Policy names that origin on the account pages, and so the local one names this
// server's, and the local stack finds a policy that would block the widget.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '@guia-fortim/db/testing';
import { challengeFrame, type SitekeyBehaviour, turnstileApi } from './turnstile-browser.ts';

/** Test sitekeys: the widget's behaviour is fixed by the key. */
export const TEST_SITEKEYS = {
  passes: '1x00000000000000000000AA',
  fails: '2x00000000000000000000AB',
  passesInvisible: '1x00000000000000000000BB',
  failsInvisible: '2x00000000000000000000BB',
  interactive: '3x00000000000000000000FF',
} as const;

/** Test secret keys: siteverify's answer is fixed by the key. */
export const TEST_SECRETS = {
  passes: '1x0000000000000000000000000000000AA',
  fails: '2x0000000000000000000000000000000AA',
  spent: '3x0000000000000000000000000000000AA',
} as const;

/** The token every test sitekey produces; only test secret keys accept it. */
export const DUMMY_TOKEN = 'XXXX.DUMMY.TOKEN.XXXX';

const BEHAVIOURS: Record<string, SitekeyBehaviour> = {
  [TEST_SITEKEYS.passes]: { outcome: 'pass', visible: true },
  [TEST_SITEKEYS.fails]: { outcome: 'fail', visible: true },
  [TEST_SITEKEYS.passesInvisible]: { outcome: 'pass', visible: false },
  [TEST_SITEKEYS.failsInvisible]: { outcome: 'fail', visible: false },
  [TEST_SITEKEYS.interactive]: { outcome: 'interactive', visible: true },
};

const PATH = '/turnstile/v0';

/** siteverify's answer (Cloudflare's server-side validation page). */
export type SiteverifyAnswer = {
  success: boolean;
  'error-codes': string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
};

/** What siteverify answers for `secret` and `response` with the test keys. */
export function siteverify(secret: string | undefined, response: string | undefined) {
  const refused = (code: string): SiteverifyAnswer => ({ success: false, 'error-codes': [code] });
  if (!secret) return refused('missing-input-secret');
  if (!response) return refused('missing-input-response');
  if (secret === TEST_SECRETS.fails) return refused('invalid-input-response');
  if (secret === TEST_SECRETS.spent) return refused('timeout-or-duplicate');
  // The always-passing test secret accepts only the dummy token; any other secret is a production
  // one here, and production secrets reject the dummy token, the only token this server issues.
  if (secret !== TEST_SECRETS.passes || response !== DUMMY_TOKEN) {
    return refused('invalid-input-response');
  }
  // The documented answer for a test key.
  return {
    success: true,
    challenge_ts: new Date().toISOString(),
    hostname: 'localhost',
    'error-codes': [],
    action: 'test',
    cdata: 'test-data',
  } satisfies SiteverifyAnswer;
}

const API_SCRIPT = `(${turnstileApi})(${JSON.stringify(BEHAVIOURS)});\n`;

const CHALLENGE_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Turnstile</title>
<style>body{margin:0;font:14px system-ui,sans-serif;display:flex;gap:12px;align-items:center;
height:63px;padding:0 12px;border:1px solid #ccc;box-sizing:border-box}p{margin:0}</style>
</head><body><script>(${challengeFrame})(${JSON.stringify(BEHAVIOURS)}, ${JSON.stringify(DUMMY_TOKEN)});</script></body></html>
`;

/** The stand-in's HTTP server (not yet listening). */
export function createTurnstile(): Server {
  return createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://turnstile');
    if (pathname === `${PATH}/api.js` && request.method === 'GET') {
      return send(response, 200, 'text/javascript; charset=utf-8', API_SCRIPT);
    }
    if (pathname === `${PATH}/challenge` && request.method === 'GET') {
      return send(response, 200, 'text/html; charset=utf-8', CHALLENGE_PAGE);
    }
    if (pathname === `${PATH}/siteverify`) {
      if (request.method !== 'POST') {
        return sendJson(response, 405, { success: false, 'error-codes': ['bad-request'] });
      }
      return readForm(request).then(
        (fields) => sendJson(response, 200, siteverify(fields.secret, fields.response)),
        () => sendJson(response, 400, { success: false, 'error-codes': ['bad-request'] }),
      );
    }
    return send(response, 404, 'text/plain; charset=utf-8', 'Não encontrado.');
  });
}

export type RunningTurnstile = {
  /** The stand-in's origin, in place of https://challenges.cloudflare.com. */
  origin: string;
  /** Where a server checks a token (Supabase Auth's siteverify URL). */
  siteverifyUrl: string;
  stop: () => Promise<void>;
};

/** The stand-in on 127.0.0.1 (a free test-range port unless given). */
export async function startTurnstile(port?: number): Promise<RunningTurnstile> {
  port ??= await freePort();
  const server = createTurnstile();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    siteverifyUrl: `${origin}${PATH}/siteverify`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** siteverify accepts a form-encoded or a JSON body. */
async function readForm(request: IncomingMessage): Promise<Record<string, string | undefined>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').startsWith('application/json')) {
    const value = JSON.parse(text) as Record<string, unknown>;
    const field = (name: string) => (typeof value[name] === 'string' ? value[name] : undefined);
    return { secret: field('secret'), response: field('response') };
  }
  const form = new URLSearchParams(text);
  return { secret: form.get('secret') ?? undefined, response: form.get('response') ?? undefined };
}

function send(response: ServerResponse, status: number, type: string, body: string) {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

function sendJson(response: ServerResponse, status: number, body: SiteverifyAnswer) {
  send(response, status, 'application/json', JSON.stringify(body));
}
