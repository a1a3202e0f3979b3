// What recovery and sign-up tell about whether an address has an account: locally exactly what
// hosted Supabase tells, never less (the local stack must not hide what production reveals) and
// nothing of db/local's own making. Hosted GoTrue (internal/api/recover.go, mail.go, signup.go):
// - recovery answers 200 `{}` for any address, but a second request within the per-user interval
//   (smtp_max_frequency) is 429 over_email_send_rate_limit for an account only — an unknown
//   address has no interval;
// - a sign-up with a confirmed account's address answers a look-alike user (sanitizeUser): a new
//   id, no identities, an empty role, and the account's recovery_sent_at left in.
// The first recovery answer is the same for both in status, body and time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limits.ts';
import type { LocalSupabase } from '../index.ts';
import { BACKENDS, ownerQuery, startBackend, supabaseClient } from './support.ts';

const PASSWORD = 'senha-certa-1';
/** A PKCE challenge, as the site's recovery request carries one. */
const PKCE = { code_challenge: 'c'.repeat(43), code_challenge_method: 's256' };

async function createUser(server: LocalSupabase, email: string) {
  const admin = supabaseClient(server, server.keys.secretKey);
  const { error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
}

/** A recovery request as supabase-js sends it, answered as it came. */
async function recover(server: LocalSupabase, email: string, pkce = true) {
  const started = performance.now();
  const response = await fetch(`${server.url}/auth/v1/recover`, {
    method: 'POST',
    headers: {
      apikey: server.keys.publishableKey,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: JSON.stringify({ email, ...(pkce ? PKCE : {}) }),
  });
  const body = await response.text();
  return {
    ms: performance.now() - started,
    status: response.status,
    type: response.headers.get('content-type'),
    body,
  };
}

async function mailCount(server: LocalSupabase, email: string): Promise<number> {
  const response = await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

describe.each(BACKENDS)('what an address reveals, as on hosted Supabase (%s)', (backend) => {
  let server: LocalSupabase;
  beforeAll(async () => {
    server = await startBackend(backend, { fixture: false });
  });
  afterAll(() => server?.stop());

  it('recovery: the same first answer for an account and for nobody; a second one within the interval is refused for the account only', async () => {
    await createUser(server, 'conta@teste.local');
    for (const pkce of [true, false]) {
      const known = await recover(server, 'conta@teste.local', pkce);
      const unknown = await recover(server, `ninguem-${pkce}@teste.local`, pkce);
      expect({ ...known, ms: 0 }).toEqual({ ...unknown, ms: 0 });
      expect(known).toMatchObject({ status: 200, type: 'application/json', body: '{}' });

      // Within the interval: GoTrue's frequency limit, which only an account has.
      const again = await recover(server, 'conta@teste.local', pkce);
      expect(again.status).toBe(429);
      expect(JSON.parse(again.body)).toEqual({
        code: 'over_email_send_rate_limit',
        message: expect.stringMatching(
          /^For security purposes, you can only request this after \d+ seconds\.$/,
        ),
      });
      expect((await recover(server, `ninguem-${pkce}@teste.local`, pkce)).status).toBe(200);
      expect(await mailCount(server, 'conta@teste.local')).toBe(pkce ? 1 : 2);

      // Once the interval has passed, the account gets its link again.
      await ownerQuery(
        server,
        "update auth.users set recovery_sent_at = now() - interval '61 seconds' where email = $1",
        ['conta@teste.local'],
      );
    }
    // Nobody's requests left nothing behind: no flow of PKCE, no e-mail.
    const flows = await ownerQuery<{ n: number }>(
      server,
      "select count(*)::int as n from auth.flow_state where authentication_method = 'recovery'",
    );
    expect(flows[0]?.n).toBe(1);
    expect(await mailCount(server, 'ninguem-true@teste.local')).toBe(0);
  });

  it("the interval's refusal counts down from the last link, as GoTrue words it", async () => {
    await createUser(server, 'espera@teste.local');
    expect((await recover(server, 'espera@teste.local')).status).toBe(200);
    await ownerQuery(
      server,
      "update auth.users set recovery_sent_at = now() - interval '45.5 seconds' where email = $1",
      ['espera@teste.local'],
    );
    // 14.5 seconds left: GoTrue prints the whole seconds (Go's integer division).
    expect(JSON.parse((await recover(server, 'espera@teste.local')).body).message).toBe(
      'For security purposes, you can only request this after 14 seconds.',
    );
  });

  it("a sign-up with an account's address answers a look-alike user, as hosted's sanitizeUser does", async () => {
    await createUser(server, 'tomada@teste.local');
    expect((await recover(server, 'tomada@teste.local')).status).toBe(200);
    const [account] = await ownerQuery<{ id: string; recovery_sent_at: string }>(
      server,
      `select id::text, to_char(recovery_sent_at at time zone 'UTC',
         'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as recovery_sent_at
       from auth.users where email = 'tomada@teste.local'`,
    );
    const data = { full_name: 'Alguém' };
    const taken = await supabaseClient(server).auth.signUp({
      email: 'tomada@teste.local',
      password: 'outra-senha-3',
      options: { data },
    });
    const fresh = await supabaseClient(server).auth.signUp({
      email: 'nova@teste.local',
      password: 'outra-senha-3',
      options: { data },
    });
    expect(taken.error).toBeNull();
    expect(fresh.error).toBeNull();
    // What tells them apart on hosted too: no identities, an empty role, the account's last
    // recovery request.
    expect(taken.data.user).toMatchObject({
      aud: 'authenticated',
      role: '',
      email: 'tomada@teste.local',
      identities: [],
      user_metadata: data,
      app_metadata: { provider: 'email', providers: ['email'] },
      recovery_sent_at: account?.recovery_sent_at,
    });
    expect(taken.data.user?.id).not.toBe(account?.id);
    expect(fresh.data.user).toMatchObject({ role: 'authenticated', user_metadata: data });
    expect(fresh.data.user?.identities).toHaveLength(1);
    expect(fresh.data.user?.recovery_sent_at).toBeUndefined();
    // Nothing is sent to the account: only the recovery link from before.
    expect(await mailCount(server, 'tomada@teste.local')).toBe(1);
    expect(await mailCount(server, 'nova@teste.local')).toBe(1);
  });
});

describe('recovery time (db/local, PGlite)', () => {
  let server: LocalSupabase;
  const ROUNDS = 41;
  beforeAll(async () => {
    // More recovery requests from this one address than the hourly limit allows.
    const emailRequestsPerAddress = { max: 1000, windowSeconds: 3600 };
    server = await startBackend('PGlite', {
      fixture: false,
      auth: { rateLimits: { ...DEFAULT_RATE_LIMITS, emailRequestsPerAddress } },
    });
    for (let round = 0; round < ROUNDS; round++) await createUser(server, `k${round}@teste.local`);
  });
  afterAll(() => server?.stop());

  it('takes as long for an account as for nobody', async () => {
    // Each account asks once (a second request would meet the interval); the two kinds take
    // turns, and each pair is compared, so the machine's load drifts over both alike.
    await recover(server, 'aquecimento@teste.local');
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [`k${round}@teste.local`, `u${round}@teste.local`];
      if (round % 2) pair.reverse();
      const [first, second] = [
        await recover(server, pair[0] ?? ''),
        await recover(server, pair[1] ?? ''),
      ];
      const [known, unknown] = round % 2 ? [second, first] : [first, second];
      expect([known.status, unknown.status]).toEqual([200, 200]);
      ratios.push(known.ms / unknown.ms);
    }
    // An account's recovery writes its rows, a fraction of a millisecond well inside the spread
    // of either; running four statements to nobody's one would double it.
    expect(median(ratios)).toBeGreaterThan(1 / 1.5);
    expect(median(ratios)).toBeLessThan(1.5);
  });
});
