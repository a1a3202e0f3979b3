// A database that dies in the middle of an answer (headers sent, the body cut off, as when db/local
// is killed while replying): the admin gets the README's 503 `database_unavailable` in Portuguese,
// never a 500. This file runs its own worker, pointed at a Supabase whose REST answers are cut;
// Auth's key set comes from the suite's db/local, tokens are re-issued for this issuer.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartedServer } from '@guia-fortim/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, api, stack } from './support/client.ts';
import { validListing } from './support/fixtures.ts';
import { NO_BUILDS } from './support/hook.ts';
import { startWorker } from './support/stack.ts';
import { reissuedToken } from './support/tokens.ts';

let dying: Server;
let worker: StartedServer;
let dir: string;
let token: string;

beforeAll(async () => {
  dying = createServer(async (req, res) => {
    if (req.url?.startsWith('/auth/v1/.well-known/jwks.json')) {
      const jwks = await fetch(`${stack.supabaseUrl}${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(await jwks.text());
      return;
    }
    // Status and headers go out, then the connection dies before the promised body.
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '100' });
    res.write('[{"id":');
    setTimeout(() => res.socket?.destroy(), 20);
  });
  await new Promise<void>((resolve) => dying.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(dying.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'gf-api-faults-'));
  worker = await startWorker({
    supabaseUrl: url,
    publishableKey: stack.publishableKey,
    builds: NO_BUILDS,
    persistTo: join(dir, 'wrangler'),
  });
  token = await reissuedToken((await admin()).token, { iss: `${url}/auth/v1` });
});

afterAll(async () => {
  await worker?.stop();
  await new Promise((resolve) => dying?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('a database answer cut off midway', () => {
  it('gives 503 database_unavailable in Portuguese for admin checks and saves', async () => {
    for (const [method, path, json] of [
      ['POST', '/api/hospedagens', validListing('hospedagem')],
      ['GET', '/api/publish', undefined],
    ] as const) {
      const reply = await api(method, path, { token, json }, worker.url);
      expect([path, reply.status]).toEqual([path, 503]);
      expect(reply.body).toEqual({
        error: {
          code: 'database_unavailable',
          message: 'O banco de dados não respondeu. Tente novamente em instantes.',
        },
      });
    }
  });
});
