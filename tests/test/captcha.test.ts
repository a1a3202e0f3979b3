// Supabase Auth's CAPTCHA in db/local, checked by the local Turnstile: what GoTrue does
// (`internal/api/middleware.go`, verifyCaptcha and isIgnoreCaptchaRoute; `internal/security/
// captcha.go`). Sign-up, password sign-in and recovery need `gotrue_meta_security.captcha_token`,
// which Auth posts form-encoded to siteverify (secret, response, remoteip); the refresh and PKCE
// grants and the service role need none. Refusals are 400 `captcha_failed`: "captcha protection:
// request disallowed (no captcha_token found)", or the error codes siteverify gave, joined by
// ", ". Through the unmodified supabase-js, as the site calls Auth.
import { freePort } from '@guia-fortim/db/testing';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import {
  DUMMY_TOKEN,
  type RunningTurnstile,
  startTurnstile,
  TEST_SECRETS,
} from '@guia-fortim/stack/turnstile';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PASSWORD = 'senha-certa-1';
const NO_TOKEN = 'captcha protection: request disallowed (no captcha_token found)';

let turnstile: RunningTurnstile;
beforeAll(async () => {
  turnstile = await startTurnstile();
});
afterAll(() => turnstile?.stop());

/** db/local with CAPTCHA on, checking tokens against the local Turnstile with `secret`. */
function startAuth(secret: string, verifyUrl = turnstile.siteverifyUrl): Promise<LocalSupabase> {
  return startLocalSupabase({
    port: 0,
    quiet: true,
    auth: { bcryptCost: 4, captcha: { secret, verifyUrl } },
  });
}

/** A browser-like client: PKCE, its code verifier kept in memory. */
function client(server: LocalSupabase, key = server.keys.publishableKey): SupabaseClient {
  const stored = new Map<string, string>();
  return createClient(server.url, key, {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      flowType: 'pkce',
      storage: {
        getItem: (name) => stored.get(name) ?? null,
        setItem: (name, value) => void stored.set(name, value),
        removeItem: (name) => void stored.delete(name),
      },
    },
  });
}

async function createUser(server: LocalSupabase, email: string) {
  const { error } = await client(server, server.keys.secretKey).auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
}

async function mailTo(server: LocalSupabase, email: string): Promise<{ link: string }[]> {
  return (await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(email)}`)).json();
}

/** The three requests Auth guards, each with `captchaToken` (or none). */
function guarded(server: LocalSupabase, email: string, captchaToken?: string) {
  const options = captchaToken === undefined ? {} : { captchaToken };
  return {
    signUp: () => client(server).auth.signUp({ email, password: PASSWORD, options }),
    signIn: () => client(server).auth.signInWithPassword({ email, password: PASSWORD, options }),
    recover: () => client(server).auth.resetPasswordForEmail(email, options),
  };
}

describe('db/local with CAPTCHA on (always-passes test secret)', () => {
  let server: LocalSupabase;
  beforeAll(async () => {
    server = await startAuth(TEST_SECRETS.passes);
  });
  afterAll(() => server?.stop());

  it('refuses sign-up, password sign-in and recovery without a token, before doing any of them', async () => {
    await createUser(server, 'conta@teste.local');
    for (const token of [undefined, '', '   ']) {
      const requests = guarded(server, 'conta@teste.local', token);
      const newcomer = guarded(server, 'novo@teste.local', token);
      for (const [name, request] of Object.entries({ ...requests, signUp: newcomer.signUp })) {
        const { error } = await request();
        expect(error, `${name} com ${JSON.stringify(token)}`).toMatchObject({
          status: 400,
          code: 'captcha_failed',
          message: NO_TOKEN,
        });
      }
    }
    // Refused before the work: no account made, no e-mail sent.
    expect(await mailTo(server, 'novo@teste.local')).toEqual([]);
    expect(await mailTo(server, 'conta@teste.local')).toEqual([]);
    const listed = await client(server, server.keys.secretKey).auth.admin.listUsers();
    expect(listed.data.users.map((user) => user.email)).toEqual(['conta@teste.local']);
  });

  it('refuses a token siteverify does not accept, naming its error codes', async () => {
    const { error } = await guarded(server, 'conta@teste.local', 'um.token.qualquer').signIn();
    expect(error).toMatchObject({
      status: 400,
      code: 'captcha_failed',
      message: 'captcha protection: request disallowed (invalid-input-response)',
    });
  });

  it('lets a passed challenge through: sign-up sends its e-mail, sign-in opens a session, recovery sends its link', async () => {
    const newcomer = guarded(server, 'passou@teste.local', DUMMY_TOKEN);
    const signedUp = await newcomer.signUp();
    expect(signedUp.error).toBeNull();
    expect(signedUp.data.user?.identities).toHaveLength(1);
    expect(await mailTo(server, 'passou@teste.local')).toHaveLength(1);

    await createUser(server, 'entra@teste.local');
    const known = guarded(server, 'entra@teste.local', DUMMY_TOKEN);
    const signedIn = await known.signIn();
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session?.access_token).toBeTruthy();
    expect(await known.recover()).toEqual({ data: {}, error: null });
    expect(await mailTo(server, 'entra@teste.local')).toHaveLength(1);
  });

  it('the refresh and PKCE grants need no token', async () => {
    await createUser(server, 'grants@teste.local');
    const browser = client(server);
    const signedIn = await browser.auth.signInWithPassword({
      email: 'grants@teste.local',
      password: PASSWORD,
      options: { captchaToken: DUMMY_TOKEN },
    });
    expect(signedIn.error).toBeNull();
    const refreshed = await browser.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(signedIn.data.session?.refresh_token);

    // The recovery: the request needs a token; the e-mailed link's button (verifyOtp with its
    // token hash, on the site's confirmation page) does not.
    const asking = client(server);
    expect(
      (await asking.auth.resetPasswordForEmail('grants@teste.local', { captchaToken: DUMMY_TOKEN }))
        .error,
    ).toBeNull();
    const [mail] = await mailTo(server, 'grants@teste.local');
    const tokenHash = new URL(mail?.link ?? '').searchParams.get('token_hash') ?? '';
    const verified = await asking.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('grants@teste.local');
  });

  it('the service role needs no token', async () => {
    const response = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: {
        apikey: server.keys.secretKey,
        Authorization: `Bearer ${server.keys.secretKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ email: 'servico@teste.local', password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    expect(await mailTo(server, 'servico@teste.local')).toHaveLength(1);
  });

  it('the right password always gets in with a passed challenge, after many wrong ones for that e-mail', async () => {
    await createUser(server, 'alvo@teste.local');
    for (let attempt = 0; attempt < 30; attempt++) {
      const { error } = await client(server).auth.signInWithPassword({
        email: 'alvo@teste.local',
        password: `errada-${attempt}`,
        options: { captchaToken: DUMMY_TOKEN },
      });
      expect(error?.code, `tentativa ${attempt + 1}`).toBe('invalid_credentials');
    }
    const owner = await guarded(server, 'alvo@teste.local', DUMMY_TOKEN).signIn();
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toBeTruthy();
  });
});

describe('db/local with CAPTCHA on: what siteverify refuses', () => {
  it.each([
    [TEST_SECRETS.fails, 'invalid-input-response'],
    [TEST_SECRETS.spent, 'timeout-or-duplicate'],
  ])(
    'a passed challenge is still refused when siteverify refuses it (secret %s)',
    async (secret, codes) => {
      const server = await startAuth(secret);
      try {
        await createUser(server, 'conta@teste.local');
        for (const request of Object.values(guarded(server, 'conta@teste.local', DUMMY_TOKEN))) {
          expect((await request()).error).toMatchObject({
            status: 400,
            code: 'captcha_failed',
            message: `captcha protection: request disallowed (${codes})`,
          });
        }
      } finally {
        await server.stop();
      }
    },
  );

  it('an unreachable siteverify is a server error, never a pass', async () => {
    const server = await startAuth(
      TEST_SECRETS.passes,
      `http://127.0.0.1:${await freePort()}/turnstile/v0/siteverify`,
    );
    try {
      const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({
          email: 'conta@teste.local',
          password: PASSWORD,
          gotrue_meta_security: { captcha_token: DUMMY_TOKEN },
        }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({
        code: 'unexpected_failure',
        message: 'captcha verification process failed',
      });
    } finally {
      await server.stop();
    }
  });
});
