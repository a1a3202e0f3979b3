// The HTTP surface every caller meets: health, request ids, CORS and security headers on every
// kind of answer, the error shape.
import { randomUUID } from 'node:crypto';
import { STATS_LIMITS } from '@guia-fortim/domain';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, handleError } from '../src/errors.ts';
import { admin, api, stack } from './support/client.ts';
import { type Beacon, newClientAddress, SITE_ORIGIN, sendBeacon } from './support/events.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('worker under wrangler dev (workerd)', () => {
  it('answers its health check with a request id', async () => {
    const reply = await api('GET', '/health');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true });
    expect(reply.headers.get('x-request-id')).toMatch(UUID);
  });

  it('gives every response its own request id, or keeps a well-formed one it was sent', async () => {
    const [a, b] = await Promise.all([api('GET', '/health'), api('GET', '/nada')]);
    expect([a.status, b.status]).toEqual([200, 404]);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    const kept = await api('GET', '/health', { headers: { 'X-Request-Id': 'painel-123' } });
    expect([kept.status, kept.headers.get('x-request-id')]).toEqual([200, 'painel-123']);
    const replaced = await api('GET', '/health', { headers: { 'X-Request-Id': 'a;b<script>' } });
    expect(replaced.status).toBe(200);
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers unknown routes with the error shape in Portuguese', async () => {
    const reply = await api('GET', '/api/nao-existe');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      error: { code: 'not_found', message: 'Endereço não encontrado.' },
    });
    expect(reply.headers.get('x-request-id')).toMatch(UUID);
  });

  it('sends security headers with every answer: JSON, refusals, errors and images', async () => {
    const answers = await Promise.all([
      api('GET', '/health'),
      api('POST', '/api/hospedagens', { json: {} }),
      api('GET', '/api/nao-existe'),
      api('GET', '/images/hospedagens/nao-existe-hero.jpg'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 401, 404, 404]);
    for (const { headers } of answers) {
      expect({
        nosniff: headers.get('x-content-type-options'),
        frames: headers.get('x-frame-options'),
        referrer: headers.get('referrer-policy'),
        csp: headers.get('content-security-policy'),
        // The site and the panel show the photos from another origin.
        resources: headers.get('cross-origin-resource-policy'),
      }).toEqual({
        nosniff: 'nosniff',
        frames: 'DENY',
        referrer: 'no-referrer',
        csp: "default-src 'none'; frame-ancestors 'none'",
        resources: 'cross-origin',
      });
    }
  });

  it('sends the same security, CORS and cache headers on its 400, 413, 429 and 204 answers as on a 200', async () => {
    // What app.ts's middleware adds to every answer, from the site's origin: Hono's secureHeaders
    // with the API's policy (nothing may load from it or frame it, its photos are shown from
    // other origins), CORS for the allowed origin, and no caching header on a JSON or empty answer
    // (only photos have one). A refusal that lost one of them, or gained one, would tell a browser
    // something else than the same route's success does. Written out, never read from the code.
    const SECURITY = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'cross-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=15552000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'x-powered-by': null,
      'cache-control': null,
      expires: null,
    };
    const CORS = {
      'access-control-allow-origin': SITE_ORIGIN,
      'access-control-allow-credentials': null,
      'access-control-expose-headers': 'X-Request-Id',
      vary: 'Origin',
    };
    const pick = (headers: Headers, names: string[]) =>
      Object.fromEntries(names.map((name) => [name, headers.get(name)]));
    const security = Object.keys(SECURITY);
    const cors = Object.keys(CORS);
    const fromSite = { Origin: SITE_ORIGIN };

    const ok = await api('GET', '/health', { headers: fromSite });
    expect(ok.status).toBe(200);
    expect(pick(ok.headers, [...security, ...cors])).toEqual({ ...SECURITY, ...CORS });

    const { token } = await admin();
    const beacon = { kind: 'passeio', id: randomUUID(), event: 'view' } as const;
    const answers: [string, number, Headers][] = [];
    const record = (what: string, reply: { status: number; headers: Headers }) =>
      answers.push([what, reply.status, reply.headers]);
    record('a malformed beacon', await sendBeacon(stack.apiUrl, '{'));
    record(
      'malformed JSON',
      await api('POST', '/api/categories', {
        token,
        body: '{"name": "Praia",',
        headers: { ...fromSite, 'Content-Type': 'application/json' },
      }),
    );
    record(
      'a body over the limit',
      await api('POST', '/api/categories', {
        json: { name: 'x'.repeat(300_000), type: 'hospedagem' },
        headers: fromSite,
      }),
    );
    record('a client over its per-minute limit', await rateLimited(beacon));
    record('an accepted beacon', await sendBeacon(stack.apiUrl, beacon));
    record('a bot', await sendBeacon(stack.apiUrl, beacon, { userAgent: 'curl/8.11.1' }));
    expect(answers.map(([what, status]) => [what, status])).toEqual([
      ['a malformed beacon', 400],
      ['malformed JSON', 400],
      ['a body over the limit', 413],
      ['a client over its per-minute limit', 429],
      ['an accepted beacon', 204],
      ['a bot', 204],
    ]);
    for (const [what, , headers] of answers) {
      expect({ what, headers: pick(headers, [...security, ...cors]) }).toEqual({
        what,
        headers: pick(ok.headers, [...security, ...cors]),
      });
    }

    // The preflight is CORS's own answer (its methods, headers and age, and Vary for the headers
    // it echoes), with the same security and cache headers and the same allowed origin.
    const preflight = await fetch(`${stack.apiUrl}/api/hospedagens`, {
      method: 'OPTIONS',
      headers: {
        ...fromSite,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(preflight.status).toBe(204);
    const shared = [...security, 'access-control-allow-origin', 'access-control-expose-headers'];
    expect(pick(preflight.headers, shared)).toEqual(pick(ok.headers, shared));
  });

  it('answers an image address too long to be a key with a 404 in Portuguese, not a 500', async () => {
    const reply = await api('GET', `/images/hospedagens/${'a'.repeat(1100)}-hero.jpg`);
    expect([reply.status, reply.body]).toEqual([
      404,
      { error: { code: 'not_found', message: 'Imagem não encontrada.' } },
    ]);
  });

  it('allows CORS for the site and admin origins only', async () => {
    const preflight = (origin: string) =>
      fetch(`${stack.apiUrl}/api/hospedagens`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const allowed = await preflight('http://localhost:4321');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(allowed.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(allowed.headers.get('access-control-allow-headers')?.toLowerCase()).toContain(
      'authorization',
    );
    expect(allowed.headers.get('x-request-id')).toMatch(UUID);
    const denied = await preflight('https://evil.example.com');
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();

    const simple = await api('GET', '/health', { headers: { Origin: 'http://127.0.0.1:4321' } });
    expect(simple.status).toBe(200);
    expect(simple.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    expect(simple.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('refuses malformed JSON and oversized bodies in Portuguese', async () => {
    const { token } = await admin();
    const malformed = await api('POST', '/api/categories', {
      token,
      body: '{"name": "Praia",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      error: { code: 'invalid_json', message: 'O corpo da requisição não é um JSON válido.' },
    });
    const huge = await api('POST', '/api/categories', {
      token,
      json: { name: 'x'.repeat(300_000), type: 'hospedagem' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('payload_too_large');
    expect(huge.body.error.message).toBe('O corpo da requisição é grande demais.');
  });

  it('treats a body that is not JSON as missing fields', async () => {
    const { token } = await admin();
    const reply = await api('POST', '/api/categories', {
      token,
      body: 'name=Praia',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: 'incomplete_fields',
      message: 'Por favor, preencha todos os campos obrigatórios.',
    });
  });
});

/**
 * A 429 from POST /api/events: one client's beacons past its per-minute limit. The first
 * perClientPerMinute + 1 reach the counter before the worker learns the client is over it; the
 * next ones are refused once it has. An unknown listing: nothing is counted anywhere.
 */
async function rateLimited(beacon: Beacon) {
  const ip = newClientAddress();
  const flood = await Promise.all(
    Array.from({ length: STATS_LIMITS.perClientPerMinute + 1 }, () =>
      sendBeacon(stack.apiUrl, beacon, { ip }),
    ),
  );
  const early = flood.find((reply) => reply.status === 429);
  if (early) return early;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const reply = await sendBeacon(stack.apiUrl, beacon, { ip });
    if (reply.status === 429) return reply;
    expect(reply.status).toBe(204);
    if (Date.now() > deadline) throw new Error('o cliente não foi limitado');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the error handler (the same function the worker installs)', () => {
  const app = new Hono();
  app.use(requestId());
  app.get('/boom', () => {
    throw new Error('senha do banco: hunter2 em /srv/app.ts:42');
  });
  app.get('/known', () => {
    throw new ApiError(409, 'last_slide', 'O carrossel deve ter pelo menos um slide.');
  });
  app.onError(handleError);

  it('turns anything unexpected into a 500 with no internals, and logs it with the request id', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await app.request('/boom');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'internal_error',
        message: 'Erro interno do servidor. Tente novamente mais tarde.',
      },
    });
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('app.ts');
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line.requestId).toBe(response.headers.get('x-request-id'));
    expect(line.error).toContain('hunter2');
    logged.mockRestore();
  });

  it('answers known failures with their status, code and message', async () => {
    const response = await app.request('/known');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'last_slide', message: 'O carrossel deve ter pelo menos um slide.' },
    });
  });
});
