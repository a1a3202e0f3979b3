// The worker accepts access tokens of either asymmetric signing key a Supabase project may have:
// ECC P-256 (ES256, new projects' default, which every other suite uses) and RSA (RS256). Here
// the worker runs under wrangler dev beside a db/local whose project signs with RSA: a real
// session's token passes, a token of a key the project does not publish does not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../stack/api-worker.ts';
import type { BuildService } from '../stack/build-service.ts';
import { startLocalBuilds } from '../stack/local-builds.ts';

let dataDir: string;
let rsa: LocalSupabase;
let hook: BuildService;
let worker: Awaited<ReturnType<typeof startWorker>>;
let token: string;
const EMAIL = 'rsa@teste.local';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'signing-keys-'));
  rsa = await startLocalSupabase({
    port: await freePort(),
    quiet: true,
    autoconfirm: true,
    signingAlgorithm: 'RS256',
  });
  hook = await startLocalBuilds();
  worker = await startWorker({
    port: await freePort(),
    persistDir: join(dataDir, 'wrangler'),
    supabaseUrl: rsa.url,
    publishableKey: rsa.keys.publishableKey,
    siteUrl: 'http://127.0.0.1:9',
    builds: hook,
  });
  const reply = await fetch(`${rsa.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: rsa.keys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: 'senha-forte-1' }),
  });
  token = ((await reply.json()) as { access_token: string }).access_token;
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await hook?.stop();
  await rsa?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The first-administrator grant: any signed-in caller reaches the database. */
const grant = (bearer: string) =>
  fetch(`${worker.url}/api/admin/grant`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL }),
  });

describe('a project that signs with RSA', () => {
  it('refuses an RS256 token of a key the project does not publish', async () => {
    const stranger = await generateKeyPair('RS256');
    const forged = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'RS256', kid: decodeProtectedHeader(token).kid, typ: 'JWT' })
      .sign(stranger.privateKey);
    expect((await grant(forged)).status).toBe(401);
  });

  it('refuses the same claims under an algorithm outside ES256 and RS256 (PS256)', async () => {
    const pss = await generateKeyPair('PS256');
    const other = await new SignJWT(decodeJwt(token))
      .setProtectedHeader({ alg: 'PS256', typ: 'JWT' })
      .sign(pss.privateKey);
    expect((await grant(other)).status).toBe(401);
  });

  it("accepts its session's RS256 token, verified against the project's JWKS", async () => {
    expect(decodeProtectedHeader(token).alg).toBe('RS256');
    const reply = await grant(token);
    expect([reply.status, ((await reply.json()) as { email?: string }).email]).toEqual([
      200,
      EMAIL,
    ]);
  });
});
