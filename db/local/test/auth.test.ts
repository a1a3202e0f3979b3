// Contract: GoTrue as supabase-js uses it (wire reference section C) — sign-up with confirmation
// and with autoconfirm, sign-in, tokens and their claims, refresh rotation, reuse window and
// revocation, logout scopes, the user endpoints, recovery through the mailbox (implicit, verifyOtp
// and PKCE), every error of table C.1, and the onAuthStateChange events each call fires.
import { type AuthChangeEvent, createClient, type Session } from '@supabase/supabase-js';
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase, MailboxMessage } from '../index.ts';
import {
  BACKENDS,
  confirmationUrl,
  ownerQuery,
  signedInUser,
  startBackend,
  supabaseClient,
} from './support.ts';

const APP = 'http://127.0.0.1:4321';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/**
 * A client that keeps its session (in memory) and records every auth event, once its
 * INITIAL_SESSION is in: the one event supabase-js sends on its own, after it starts. Every other
 * event is handed to the listeners before the call that fires it returns, so what is recorded
 * when a call returns is all that call sends: no wait is needed to see that nothing more came.
 */
async function recordingClient(server: LocalSupabase, flowType: 'implicit' | 'pkce' = 'implicit') {
  const client = createClient(server.url, server.keys.publishableKey, {
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      detectSessionInUrl: false,
      storage: memoryStorage(),
      flowType,
    },
  });
  const events: AuthChangeEvent[] = [];
  await new Promise<void>((resolve) => {
    client.auth.onAuthStateChange((event) => {
      events.push(event);
      if (event === 'INITIAL_SESSION') resolve();
    });
  });
  return { client, events };
}

async function mailTo(server: LocalSupabase, email: string): Promise<MailboxMessage[]> {
  const response = await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as MailboxMessage[];
}

async function follow(link: string): Promise<{ status: number; location: string }> {
  const response = await fetch(link, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

function fragment(location: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(location.slice(location.indexOf('#') + 1)));
}

describe.each(BACKENDS)('GoTrue through supabase-js (%s)', (backend) => {
  let server: LocalSupabase;
  let autoconfirm: LocalSupabase;

  beforeAll(async () => {
    server = await startBackend(backend, { fixture: false, auth: { refreshTokenReuseSeconds: 2 } });
    autoconfirm = await startBackend(backend, { fixture: false, autoconfirm: true });
  });
  afterAll(async () => {
    await server?.stop();
    await autoconfirm?.stop();
  });

  it('signs up with e-mail confirmation: a bare user, no session, a link in the mailbox', async () => {
    const { client, events } = await recordingClient(server);
    const signUp = await client.auth.signUp({
      email: 'Nova@Teste.Local',
      password: 'segredo1',
      options: { data: { username: 'nova', full_name: 'Nova Pessoa' }, emailRedirectTo: `${APP}/` },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email: 'nova@teste.local',
      aud: 'authenticated',
      role: 'authenticated',
      user_metadata: { username: 'nova', full_name: 'Nova Pessoa' },
      app_metadata: { provider: 'email', providers: ['email'] },
      is_anonymous: false,
    });
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(events).toEqual(['INITIAL_SESSION']);

    const blocked = await client.auth.signInWithPassword({
      email: 'nova@teste.local',
      password: 'segredo1',
    });
    expect(blocked.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const [mail] = await mailTo(server, 'nova@teste.local');
    expect(mail).toMatchObject({ type: 'signup', subject: 'Confirme seu cadastro no Guia Fortim' });
    expect(mail?.text).toContain(mail?.link ?? '-');
    // The site's confirmation page (its button posts the token hash), as hosted templates link it.
    const link = new URL(mail?.link ?? '');
    expect(link.origin + link.pathname).toBe('http://127.0.0.1:3000/auth/confirmar');
    expect([...link.searchParams.keys()]).toEqual(['token_hash', 'type']);
    expect(link.searchParams.get('type')).toBe('email');

    // Auth's own link form for the same token, with the sign-up's redirect.
    const authLink = confirmationUrl(server.url, mail as MailboxMessage, `${APP}/`);
    const confirmed = await follow(authLink);
    expect(confirmed.status).toBe(303);
    expect(confirmed.location.startsWith(`${APP}/#access_token=`)).toBe(true);
    const params = fragment(confirmed.location);
    expect(
      confirmed.location
        .split('#')[1]
        ?.split('&')
        .map((p) => p.split('=')[0]),
    ).toEqual([
      'access_token',
      'expires_at',
      'expires_in',
      'refresh_token',
      'sb',
      'token_type',
      'type',
    ]);
    expect(params).toMatchObject({
      expires_in: '3600',
      token_type: 'bearer',
      type: 'signup',
      sb: '',
    });

    const signIn = await client.auth.signInWithPassword({
      email: 'nova@teste.local',
      password: 'segredo1',
    });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);

    const reused = await follow(authLink);
    expect(reused.location).toBe(
      `${APP}/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`,
    );
  });

  it('a repeated sign-up sends nothing and answers a look-alike user when confirmation is on, and is 422 with autoconfirm', async () => {
    await signedInUser(server, 'existente@teste.local');
    const again = await supabaseClient(server).auth.signUp({
      email: 'existente@teste.local',
      password: 'outra-senha-3',
    });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
    expect(await mailTo(server, 'existente@teste.local')).toEqual([]);

    const { client, events } = await recordingClient(autoconfirm);
    const first = await client.auth.signUp({ email: 'auto@teste.local', password: 'segredo1' });
    expect(first.error).toBeNull();
    expect(first.data.session?.access_token).toBeTruthy();
    expect(first.data.user?.email_confirmed_at).toBeTruthy();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN']);
    const duplicate = await supabaseClient(autoconfirm).auth.signUp({
      email: 'AUTO@teste.local',
      password: 'segredo1',
    });
    expect(duplicate.error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('rejects weak passwords (every reason at once) and bad e-mails at sign-up', async () => {
    const signUp = (password: string) =>
      supabaseClient(server).auth.signUp({ email: 'fraca@teste.local', password });
    expect((await signUp('123')).error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      message:
        'Password should be at least 8 characters. Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ, 0123456789.',
      reasons: ['length', 'characters'],
    });
    // The edges of each rule: 7 characters and 8, letters only and one digit more, a leaked one.
    expect((await signUp('jangad1')).error).toMatchObject({ reasons: ['length'] });
    expect((await signUp('jangadas')).error).toMatchObject({ reasons: ['characters'] });
    expect((await signUp('Password1')).error).toMatchObject({
      reasons: ['pwned'],
      message: 'Password is known to be weak and easy to guess, please choose a different one.',
    });
    expect(await ownerQuery(server, "select 1 from auth.users where email like 'fraca%'")).toEqual(
      [],
    );
    expect((await signUp('jangada1')).error).toBeNull();
    const badEmail = await supabaseClient(server).auth.signUp({
      email: 'não é e-mail',
      password: 'segredo1',
    });
    expect(badEmail.error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('signs in with a session whose access token carries Supabase’s claims, signed ES256', async () => {
    const { userId } = await signedInUser(server, 'claims@teste.local');
    const signIn = await supabaseClient(server).auth.signInWithPassword({
      email: 'claims@teste.local',
      password: 'senha-forte-1',
    });
    const session = signIn.data.session as Session;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.refresh_token.length).toBeGreaterThan(20);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: userId,
      aud: 'authenticated',
      role: 'authenticated',
      email: 'claims@teste.local',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      aal: 'aal1',
      amr: [{ method: 'password' }],
      is_anonymous: false,
    });
    expect(typeof claims.session_id).toBe('string');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);

    const jwks = createRemoteJWKSet(new URL(server.keys.jwksUrl));
    await expect(jwtVerify(session.access_token, jwks)).resolves.toBeTruthy();
    const viaClient = await supabaseClient(server).auth.getClaims(session.access_token);
    expect(viaClient.data?.claims.sub).toBe(userId);

    const wrong = await supabaseClient(server).auth.signInWithPassword({
      email: 'claims@teste.local',
      password: 'errada',
    });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await supabaseClient(server).auth.signInWithPassword({
      email: "ninguem@teste.local' or '1'='1",
      password: 'x',
    });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('rotates refresh tokens, tolerates reuse within the window, and revokes on late reuse', async () => {
    const { client, events } = await recordingClient(server);
    await signedInUser(server, 'rotacao@teste.local');
    expect(
      (
        await client.auth.signInWithPassword({
          email: 'rotacao@teste.local',
          password: 'senha-forte-1',
        })
      ).error,
    ).toBeNull();
    const first = (await client.auth.getSession()).data.session as Session;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    const second = refreshed.data.session as Session;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'TOKEN_REFRESHED']);

    const raw = (token: string) =>
      fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify({ refresh_token: token }),
      });
    const withinWindow = await raw(first.refresh_token);
    expect(withinWindow.status).toBe(200);
    expect(((await withinWindow.json()) as Session).refresh_token).toBe(second.refresh_token);

    // Past the server's 2 s reuse window (refreshTokenReuseSeconds): the wait is for time itself.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const late = await raw(first.refresh_token);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const revoked = await raw(second.refresh_token);
    expect(await revoked.json()).toEqual({
      code: 'refresh_token_not_found',
      message: 'Invalid Refresh Token: Refresh Token Not Found',
    });
    const user = await client.auth.getUser();
    expect(user.error?.name).toBe('AuthSessionMissingError');
  });

  it('logs out by scope: others, local and global', async () => {
    await signedInUser(server, 'sair@teste.local');
    const sessions = await Promise.all(
      [0, 1, 2].map(async () => {
        const { client, events } = await recordingClient(server);
        expect(
          (
            await client.auth.signInWithPassword({
              email: 'sair@teste.local',
              password: 'senha-forte-1',
            })
          ).error,
        ).toBeNull();
        return { client, events };
      }),
    );
    const [a, b] = sessions as [(typeof sessions)[0], (typeof sessions)[0]];
    const tokenOfB = (await b.client.auth.getSession()).data.session?.access_token ?? '';
    expect((await a.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.client.auth.getUser()).data.user?.email).toBe('sair@teste.local');
    const gone = await b.client.auth.getUser();
    expect(gone.error).toMatchObject({ name: 'AuthSessionMissingError' });
    expect(b.events.at(-1)).toBe('SIGNED_OUT');

    // Access tokens stay valid at PostgREST until they expire (stateless), as on Supabase.
    const rest = await fetch(`${server.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: server.keys.publishableKey, Authorization: `Bearer ${tokenOfB}` },
    });
    expect(rest.status).toBe(200);

    expect((await a.client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(a.events.at(-1)).toBe('SIGNED_OUT');
    expect((await a.client.auth.getSession()).data.session).toBeNull();

    const d = await recordingClient(server);
    expect(
      (
        await d.client.auth.signInWithPassword({
          email: 'sair@teste.local',
          password: 'senha-forte-1',
        })
      ).error,
    ).toBeNull();
    expect((await d.client.auth.signOut()).error).toBeNull();
    const userId = decodeJwt(tokenOfB).sub;
    expect(
      await ownerQuery(server, 'select id from auth.sessions where user_id = $1', [userId]),
    ).toEqual([]);
  });

  it('GET and PUT /user: bare user, password change rules, metadata merge, fixed e-mail', async () => {
    const { client, events } = await recordingClient(server);
    await signedInUser(server, 'perfil@teste.local');
    expect(
      (
        await client.auth.signInWithPassword({
          email: 'perfil@teste.local',
          password: 'senha-forte-1',
        })
      ).error,
    ).toBeNull();
    const other = await recordingClient(server);
    expect(
      (
        await other.client.auth.signInWithPassword({
          email: 'perfil@teste.local',
          password: 'senha-forte-1',
        })
      ).error,
    ).toBeNull();

    const got = await client.auth.getUser();
    expect(got.data.user).toMatchObject({
      email: 'perfil@teste.local',
      identities: [{ provider: 'email' }],
    });

    const weak = await client.auth.updateUser({ password: '12345', current_password: 'x' });
    expect(weak.error).toMatchObject({
      name: 'AuthWeakPasswordError',
      reasons: ['length', 'characters'],
    });
    // A password session changes the password only with the current one (what a stolen access
    // token does not carry).
    const bare = await client.auth.updateUser({ password: 'nova-senha-2' });
    expect(bare.error).toMatchObject({
      status: 400,
      code: 'current_password_required',
      message: 'Current password required when setting new password.',
    });
    const wrong = await client.auth.updateUser({
      password: 'nova-senha-2',
      current_password: 'senha-forte-2',
    });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    const same = await client.auth.updateUser({
      password: 'senha-forte-1',
      current_password: 'senha-forte-1',
    });
    expect(same.error).toMatchObject({
      status: 422,
      code: 'same_password',
      message: 'New password should be different from the old password.',
    });
    const email = await client.auth.updateUser({ email: 'novo-email@teste.local' });
    expect(email.error?.status).toBe(422);

    const changed = await client.auth.updateUser({
      password: 'nova-senha-2',
      current_password: 'senha-forte-1',
      data: { full_name: 'Perfil' },
    });
    expect(changed.error).toBeNull();
    expect(changed.data.user?.user_metadata).toEqual({ full_name: 'Perfil' });
    const merged = await client.auth.updateUser({ data: { username: 'perfil', full_name: null } });
    expect(merged.data.user?.user_metadata).toEqual({ username: 'perfil' });
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'USER_UPDATED', 'USER_UPDATED']);

    expect((await other.client.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
    const old = await supabaseClient(server).auth.signInWithPassword({
      email: 'perfil@teste.local',
      password: 'senha-forte-1',
    });
    expect(old.error?.code).toBe('invalid_credentials');
    const fresh = await supabaseClient(server).auth.signInWithPassword({
      email: 'perfil@teste.local',
      password: 'nova-senha-2',
    });
    expect(fresh.error).toBeNull();
  });

  it('recovers a password through the mailbox link (implicit flow) and sets a new one', async () => {
    await signedInUser(server, 'esqueci@teste.local');
    const unknown = await supabaseClient(server).auth.resetPasswordForEmail('ninguem@teste.local');
    expect(unknown).toEqual({ data: {}, error: null });
    const asked = await supabaseClient(server).auth.resetPasswordForEmail('esqueci@teste.local', {
      redirectTo: `${APP}/auth/reset-password`,
    });
    expect(asked).toEqual({ data: {}, error: null });
    const [mail] = await mailTo(server, 'esqueci@teste.local');
    expect(mail).toMatchObject({
      type: 'recovery',
      subject: 'Redefinição de senha do Guia Fortim',
    });

    const opened = await follow(
      confirmationUrl(server.url, mail as MailboxMessage, `${APP}/auth/reset-password`),
    );
    expect(opened.status).toBe(303);
    expect(opened.location.startsWith(`${APP}/auth/reset-password#access_token=`)).toBe(true);
    const tokens = fragment(opened.location);
    expect(tokens.type).toBe('recovery');

    const { client, events } = await recordingClient(server);
    const set = await client.auth.setSession({
      access_token: tokens.access_token ?? '',
      refresh_token: tokens.refresh_token ?? '',
    });
    expect(set.error).toBeNull();
    expect((await client.auth.updateUser({ password: 'recuperada-1' })).error).toBeNull();
    expect(events).toEqual(['INITIAL_SESSION', 'SIGNED_IN', 'USER_UPDATED']);
    const signIn = await supabaseClient(server).auth.signInWithPassword({
      email: 'esqueci@teste.local',
      password: 'recuperada-1',
    });
    expect(signIn.error).toBeNull();
  });

  it("sends Auth's links for disallowed redirects to the site URL, and refuses expired links", async () => {
    await signedInUser(server, 'redirecao@teste.local');
    expect(
      (
        await supabaseClient(server).auth.resetPasswordForEmail('redirecao@teste.local', {
          redirectTo: 'https://malicioso.example/roubar',
        })
      ).error,
    ).toBeNull();
    const [mail] = await mailTo(server, 'redirecao@teste.local');
    // The e-mail names no redirect at all: its link is the site's own page.
    expect(new URL(mail?.link ?? '').origin).toBe('http://127.0.0.1:3000');
    const tampered = confirmationUrl(
      server.url,
      mail as MailboxMessage,
      'http://127.0.0.1:1@malicioso.example/',
    );
    await ownerQuery(
      server,
      "update auth.users set recovery_sent_at = now() - interval '2 hours' where email = $1",
      ['redirecao@teste.local'],
    );
    const expired = await follow(tampered);
    expect(expired.status).toBe(303);
    expect(expired.location).toBe(
      'http://127.0.0.1:3000#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=',
    );
  });

  it('verifyOtp with the token hash fires PASSWORD_RECOVERY', async () => {
    await signedInUser(server, 'otp@teste.local');
    expect(
      (await supabaseClient(server).auth.resetPasswordForEmail('otp@teste.local')).error,
    ).toBeNull();
    const [mail] = await mailTo(server, 'otp@teste.local');
    const tokenHash = new URL(mail?.link ?? '').searchParams.get('token_hash') ?? '';
    const { client, events } = await recordingClient(server);
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('otp@teste.local');
    expect(events).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
    const again = await supabaseClient(server).auth.verifyOtp({
      token_hash: tokenHash,
      type: 'recovery',
    });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it("the site's button: a PKCE client's link verified by its token hash, once, in any browser", async () => {
    await signedInUser(server, 'botao@teste.local');
    const asking = (await recordingClient(server, 'pkce')).client;
    expect((await asking.auth.resetPasswordForEmail('botao@teste.local')).error).toBeNull();
    const [mail] = await mailTo(server, 'botao@teste.local');
    const tokenHash = new URL(mail?.link ?? '').searchParams.get('token_hash') ?? '';
    // Another browser than the one that asked (no code verifier there) still gets the session.
    const { client, events } = await recordingClient(server, 'pkce');
    const verified = await client.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe('botao@teste.local');
    expect(events).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);
    const again = await asking.auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('PKCE recovery: the link redirects with ?code= and the exchange fires PASSWORD_RECOVERY', async () => {
    await signedInUser(server, 'pkce@teste.local');
    const { client, events } = await recordingClient(server, 'pkce');
    expect(
      (
        await client.auth.resetPasswordForEmail('pkce@teste.local', {
          redirectTo: `${APP}/callback`,
        })
      ).error,
    ).toBeNull();
    const [mail] = await mailTo(server, 'pkce@teste.local');
    expect(new URL(mail?.link ?? '').searchParams.get('token_hash')?.startsWith('pkce_')).toBe(
      true,
    );
    const opened = await follow(
      confirmationUrl(server.url, mail as MailboxMessage, `${APP}/callback`),
    );
    expect(opened.status).toBe(303);
    const code = new URL(opened.location).searchParams.get('code') ?? '';
    expect(code).not.toBe('');
    const stranger = await supabaseClient(server).auth.exchangeCodeForSession(code);
    expect(stranger.error).toBeTruthy();

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe('pkce@teste.local');
    expect(events).toEqual(['INITIAL_SESSION', 'PASSWORD_RECOVERY']);

    const raw = async (body: Record<string, string>) => {
      const response = await fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: {
          apikey: server.keys.publishableKey,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    };
    expect(await raw({ auth_code: code, code_verifier: 'x'.repeat(43) })).toMatchObject({
      status: 404,
      body: { code: 'flow_state_not_found' },
    });
  });

  it('answers auth errors in both formats with the documented codes', async () => {
    const modern = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        apikey: server.keys.publishableKey,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email: 'ninguem@teste.local', password: 'x' }),
    });
    expect(modern.status).toBe(400);
    expect(modern.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await modern.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const legacy = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'ninguem@teste.local', password: 'x' }),
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get('x-sb-error-code')).toBe('invalid_credentials');
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });

    const user = (authorization?: string) =>
      fetch(`${server.url}/auth/v1/user`, {
        headers: {
          apikey: server.keys.publishableKey,
          'X-Supabase-Api-Version': '2024-01-01',
          ...(authorization ? { Authorization: authorization } : {}),
        },
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect(await user()).toEqual({
      status: 401,
      body: { code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' },
    });
    expect(await user(`Bearer ${server.keys.anonKey}`)).toEqual({
      status: 403,
      body: { code: 'bad_jwt', message: 'invalid claim: missing sub claim' },
    });
    expect(await user(`Bearer ${server.keys.publishableKey}`)).toMatchObject({
      status: 403,
      body: { code: 'bad_jwt' },
    });

    const malformed = await fetch(`${server.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: server.keys.publishableKey, 'Content-Type': 'application/json' },
      body: '{"email": "a@b.c", "password": ',
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error_code: string }).error_code).toBe('bad_json');

    const noKey = await fetch(`${server.url}/auth/v1/settings`);
    expect(noKey.status).toBe(401);
    const settings = await fetch(`${server.url}/auth/v1/settings`, {
      headers: { apikey: server.keys.publishableKey },
    });
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({
      mailer_autoconfirm: false,
      external: { email: true },
    });
  });

  it('lets the service role create, list and delete users', async () => {
    const admin = supabaseClient(server, server.keys.secretKey);
    const created = await admin.auth.admin.createUser({
      email: 'admin-criado@teste.local',
      password: 'segredo1',
      email_confirm: true,
      user_metadata: { username: 'criado' },
    });
    expect(created.error).toBeNull();
    expect(created.data.user?.email_confirmed_at).toBeTruthy();
    const list = await admin.auth.admin.listUsers();
    expect(list.data.users.map((u) => u.email)).toContain('admin-criado@teste.local');
    const id = created.data.user?.id ?? '';
    expect((await admin.auth.admin.deleteUser(id)).error).toBeNull();
    expect(await ownerQuery(server, 'select 1 from auth.users where id = $1', [id])).toEqual([]);
    const denied = await supabaseClient(server).auth.admin.listUsers();
    expect(denied.error?.status).toBe(403);
  });
});
