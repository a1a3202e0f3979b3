// Hosted Supabase's limits, locally: repeated sign-in failures, sign-ups and e-mails get 429 per
// client address (never per account), and an unknown account takes as long to refuse as a known
// one. Through supabase-js, over a real socket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, RateCounter } from '../auth/rate-limits.ts';
import { authSettings } from '../config.ts';
import type { LocalSupabase } from '../index.ts';
import { startBackend, supabaseClient } from './support.ts';

const PASSWORD = 'senha-certa-1';

async function mailCount(server: LocalSupabase, email: string): Promise<number> {
  const response = await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as unknown[]).length;
}

async function createUser(server: LocalSupabase, email: string) {
  const admin = supabaseClient(server, server.keys.secretKey);
  const { error } = await admin.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  expect(error).toBeNull();
}

function signIn(server: LocalSupabase, email: string, password: string) {
  return supabaseClient(server).auth.signInWithPassword({ email, password });
}

describe('rate limits (db/local, PGlite)', () => {
  let server: LocalSupabase;
  beforeAll(async () => {
    server = await startBackend('PGlite', { fixture: false });
  });
  afterAll(() => server?.stop());

  it('wrong passwords never lock an account: its owner gets in after as many as the address allows', async () => {
    await createUser(server, 'alvo@teste.local');
    const { max } = DEFAULT_RATE_LIMITS.signInFailuresPerAddress;
    // Just inside the address's threshold: every failure was for this one account.
    for (let attempt = 0; attempt < max - 1; attempt++) {
      const { error } = await signIn(server, 'ALVO@teste.local', `errada-${attempt}`);
      expect(error?.code, `tentativa ${attempt + 1}`).toBe('invalid_credentials');
    }
    const owner = await signIn(server, 'alvo@teste.local', PASSWORD);
    expect(owner.error).toBeNull();
    expect(owner.data.session?.access_token).toBeTruthy();
  }, 120_000);

  it('failures spread over many e-mails stop at the per-address threshold', async () => {
    const fresh = await startBackend('PGlite', { fixture: false });
    try {
      await createUser(fresh, 'depois@teste.local');
      const { max } = DEFAULT_RATE_LIMITS.signInFailuresPerAddress;
      for (let attempt = 0; attempt < max; attempt++) {
        const { error } = await signIn(fresh, `ninguem-${attempt}@teste.local`, 'qualquer');
        expect(error?.code, `tentativa ${attempt + 1}`).toBe('invalid_credentials');
      }
      const { error } = await signIn(fresh, 'depois@teste.local', PASSWORD);
      expect(error?.status).toBe(429);
    } finally {
      await fresh.stop();
    }
  }, 120_000);

  it('a second recovery e-mail to one address within 60 s is refused; unknown ones send none', async () => {
    await createUser(server, 'esqueci@teste.local');
    const client = supabaseClient(server);
    expect((await client.auth.resetPasswordForEmail('esqueci@teste.local')).error).toBeNull();
    const again = await client.auth.resetPasswordForEmail('esqueci@teste.local');
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/only request this after \d+ seconds/);
    expect(await mailCount(server, 'esqueci@teste.local')).toBe(1);
  });

  it('recovery and sign-up requests from one address stop at their thresholds', async () => {
    const fresh = await startBackend('PGlite', { fixture: false });
    try {
      const client = supabaseClient(fresh);
      const { max } = DEFAULT_RATE_LIMITS.emailRequestsPerAddress;
      for (let attempt = 0; attempt < max; attempt++) {
        const { error } = await client.auth.resetPasswordForEmail(`r${attempt}@teste.local`);
        expect(error, `pedido ${attempt + 1}`).toBeNull();
      }
      const recovery = await client.auth.resetPasswordForEmail('mais-um@teste.local');
      expect(recovery.error?.status).toBe(429);
      // Sign-up with confirmation sends an e-mail too: it shares the address's e-mail budget.
      const signUp = await client.auth.signUp({ email: 'novo@teste.local', password: PASSWORD });
      expect(signUp.error?.status).toBe(429);
      expect(await mailCount(fresh, 'novo@teste.local')).toBe(0);
    } finally {
      await fresh.stop();
    }
  }, 120_000);

  it('sign-ups from one address stop at their threshold', async () => {
    const fresh = await startBackend('PGlite', { fixture: false, autoconfirm: true });
    try {
      const { max } = DEFAULT_RATE_LIMITS.signUpsPerAddress;
      for (let attempt = 0; attempt < max; attempt++) {
        const { error } = await supabaseClient(fresh).auth.signUp({
          email: `conta${attempt}@teste.local`,
          password: PASSWORD,
        });
        expect(error, `cadastro ${attempt + 1}`).toBeNull();
      }
      const { data, error } = await supabaseClient(fresh).auth.signUp({
        email: 'uma-a-mais@teste.local',
        password: PASSWORD,
      });
      expect(error?.status).toBe(429);
      expect(data.user).toBeNull();
    } finally {
      await fresh.stop();
    }
  }, 120_000);
});

describe('sign-in timing (db/local, PGlite, bcrypt cost 10)', () => {
  let server: LocalSupabase;
  beforeAll(async () => {
    server = await startBackend('PGlite', { fixture: false, auth: { bcryptCost: 10 } });
    await createUser(server, 'existe@teste.local');
  });
  afterAll(() => server?.stop());

  it('a wrong password for an unknown account takes about as long as for a known one', async () => {
    const time = async (email: string) => {
      const started = performance.now();
      const { error } = await signIn(server, email, 'senha-errada');
      expect(error?.code).toBe('invalid_credentials');
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 5; round++) {
      known.push(await time('existe@teste.local'));
      unknown.push(await time(`nao-existe-${round}@teste.local`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] as number;
    // bcrypt at cost 10 takes tens of milliseconds; a lookup alone, a few.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });
});

describe('the limits a server starts with (DEFAULT_RATE_LIMITS)', () => {
  it("are the numbers db/local's README promises, and the ones a server without options uses", () => {
    // README, "Limites de tentativas": "entrada com senha: 100 falhas por endereço do cliente em
    // 5 min"; "cadastros: 100 por endereço em 5 min; pedidos que enviam e-mail (cadastro com
    // confirmação, recuperação): 60 por endereço por hora". These are db/local's own thresholds,
    // kept generous for many visitors behind one mobile-network address. Hosted Supabase counts
    // otherwise: its CLI's `sign_in_sign_ups = 30`, "Number of sign up and sign-in requests that
    // can be made in a 5 minute interval per IP address", and e-mails as a "Sum of combined
    // requests project-wide" per hour (its "Rate limits" guide).
    expect(DEFAULT_RATE_LIMITS).toEqual({
      signInFailuresPerAddress: { max: 100, windowSeconds: 5 * 60 },
      signUpsPerAddress: { max: 100, windowSeconds: 5 * 60 },
      emailRequestsPerAddress: { max: 60, windowSeconds: 60 * 60 },
    });
    expect(authSettings('http://127.0.0.1:54321').rateLimits).toBe(DEFAULT_RATE_LIMITS);
  });

  // The servers above prove each limit's count at its edge (max answered, max + 1 refused); its
  // window's edge is the counter's clock, which a server cannot be made to wait out.
  it.each(Object.entries(DEFAULT_RATE_LIMITS))(
    '%s: max in a window, not one more until its last millisecond, a new window from its end',
    (_, limit) => {
      let now = 0;
      const counter = new RateCounter(() => now);
      for (let request = 0; request < limit.max; request++) counter.take('endereço', limit);
      expect(() => counter.take('endereço', limit)).toThrow('Request rate limit reached');
      now = limit.windowSeconds * 1000 - 1;
      expect(() => counter.take('endereço', limit)).toThrow('Request rate limit reached');
      now = limit.windowSeconds * 1000;
      expect(() => counter.take('endereço', limit)).not.toThrow();
    },
  );
});

describe('RateCounter', () => {
  it('forgets a key once its window has passed', () => {
    let now = 0;
    const counter = new RateCounter(() => now);
    const limit = { max: 2, windowSeconds: 60 };
    counter.take('k', limit);
    counter.take('k', limit);
    expect(() => counter.take('k', limit)).toThrow('Request rate limit reached');
    expect(counter.exhausted('outra', limit)).toBe(false);
    now += 60_000;
    expect(counter.exhausted('k', limit)).toBe(false);
  });
});
