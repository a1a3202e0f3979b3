// An e-mailed link (a sign-up's confirmation, a recovery) works for `emailLinkSeconds` after it was
// sent and not a second longer, as GoTrue decides it (`isOtpExpired`: expired once
// "time.Now().After(sentAt.Add(time.Second * time.Duration(otpExp)))"), and answers an expired one
// with Supabase's words: Auth's own link redirects with `otp_expired`, "Email link is invalid or
// has expired"; the site's button (verifyOtp with the token hash) gets 403 `otp_expired`.
//
// Two requests cannot be timed to within a second of the hour, so each link is opened with the
// settings' `linkClock` (the time its age is measured at, instead of the database's now()) set
// from the time the database stored when it sent the link, to the millisecond: a second short of
// the hour, or a second past it, whatever the machine's load.
import { HOSTED_AUTH_CONFIG } from '@guia-fortim/db/auth-config';
import { HOSTED_EMAIL_CONFIG } from '@guia-fortim/db/auth-emails';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSettings } from '../config.ts';
import type { LocalSupabase, MailboxMessage } from '../index.ts';
import {
  BACKENDS,
  confirmationUrl,
  ownerQuery,
  signedInUser,
  startBackend,
  supabaseClient,
} from './support.ts';

/** How long a link works on a server started without options: the product's own setting. */
const LINK_SECONDS = authSettings('http://127.0.0.1:54321').emailLinkSeconds;

const SITE = 'http://127.0.0.1:3000';
const EXPIRED_LINK = `${SITE}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired&sb=`;

it('is an hour, the default the hosted project keeps', () => {
  // The Supabase CLI's template: "Number of seconds before the email OTP expires (defaults to 1
  // hour)." `otp_expiry = 3600`. The settings `npm run deploy` applies name no `mailer_otp_exp`, so
  // the hosted project keeps that default too.
  expect(LINK_SECONDS).toBe(3600);
  expect(HOSTED_AUTH_CONFIG).not.toHaveProperty('mailer_otp_exp');
  expect(HOSTED_EMAIL_CONFIG).not.toHaveProperty('mailer_otp_exp');
});

describe.each(BACKENDS)('an e-mailed link at the edge of its hour (%s)', (backend) => {
  let server: LocalSupabase;
  let clock = new Date();

  beforeAll(async () => {
    server = await startBackend(backend, { fixture: false, auth: { linkClock: () => clock } });
  });
  afterAll(() => server?.stop());

  async function mailTo(email: string): Promise<MailboxMessage> {
    const response = await fetch(`${server.mailboxUrl}?to=${encodeURIComponent(email)}`);
    const [message] = (await response.json()) as MailboxMessage[];
    if (!message) throw new Error(`nenhum e-mail para ${email}`);
    return message;
  }

  /** When the database stored the link as sent, in milliseconds (a fraction: microseconds). */
  async function sentAt(email: string, column: 'recovery_sent_at' | 'confirmation_sent_at') {
    const [row] = await ownerQuery<{ ms: number }>(
      server,
      `select extract(epoch from ${column})::float8 * 1000 as ms from auth.users where email = $1`,
      [email],
    );
    if (!row) throw new Error(`sem ${column} para ${email}`);
    return row.ms;
  }

  /**
   * Sets the clock `seconds` after `sent`: rounded down short of the hour and up past it, so the
   * age the server measures is on the same side of the edge as `seconds`, within a millisecond.
   */
  function openAt(sent: number, seconds: number) {
    const round = seconds <= LINK_SECONDS ? Math.floor : Math.ceil;
    clock = new Date(round(sent) + seconds * 1000);
  }

  async function follow(link: string) {
    const response = await fetch(link, { redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location') ?? '' };
  }

  it("Auth's recovery link: refused a second past the hour, the same link taken a second short of it", async () => {
    const email = 'recupera-link@teste.local';
    await signedInUser(server, email);
    expect((await supabaseClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const link = confirmationUrl(server.url, await mailTo(email));
    const sent = await sentAt(email, 'recovery_sent_at');

    openAt(sent, LINK_SECONDS + 1);
    expect(await follow(link)).toEqual({ status: 303, location: EXPIRED_LINK });
    // The refusal used nothing up: the same link, younger, signs the account in.
    openAt(sent, LINK_SECONDS - 1);
    const taken = await follow(link);
    expect(taken.status).toBe(303);
    const fragment = new URLSearchParams(new URL(taken.location).hash.slice(1));
    expect(taken.location.startsWith(`${SITE}#`)).toBe(true);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
  });

  it("the site's button (verifyOtp with the token hash): 403 otp_expired past the hour, a session short of it", async () => {
    const email = 'recupera-botao@teste.local';
    await signedInUser(server, email);
    expect((await supabaseClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const tokenHash = new URL((await mailTo(email)).link).searchParams.get('token_hash') ?? '';
    const sent = await sentAt(email, 'recovery_sent_at');
    const verify = () =>
      supabaseClient(server).auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });

    openAt(sent, LINK_SECONDS + 1);
    const expired = await verify();
    expect(expired.error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    expect(expired.data.session).toBeNull();
    openAt(sent, LINK_SECONDS - 1);
    const taken = await verify();
    expect(taken.error).toBeNull();
    expect(taken.data.session?.user.email).toBe(email);
  });

  it('the hour itself: a link exactly an hour old still works, a millisecond older it is refused', async () => {
    // GoTrue refuses a link only once now is After its sent time plus the hour, not at the hour.
    const email = 'recupera-hora-exata@teste.local';
    await signedInUser(server, email);
    expect((await supabaseClient(server).auth.resetPasswordForEmail(email)).error).toBeNull();
    const tokenHash = new URL((await mailTo(email)).link).searchParams.get('token_hash') ?? '';
    // The database stores microseconds and the clock counts milliseconds: the link is made to
    // have been sent on a whole second, so that the clock can stand exactly at the hour.
    const [row] = await ownerQuery<{ ms: number }>(
      server,
      `update auth.users set recovery_sent_at = date_trunc('second', recovery_sent_at)
       where email = $1 returning extract(epoch from recovery_sent_at)::float8 * 1000 as ms`,
      [email],
    );
    const sent = row?.ms ?? Number.NaN;
    expect(Number.isInteger(sent / 1000)).toBe(true);
    const verify = () =>
      supabaseClient(server).auth.verifyOtp({ token_hash: tokenHash, type: 'recovery' });

    clock = new Date(sent + LINK_SECONDS * 1000 + 1);
    expect((await verify()).error).toMatchObject({ status: 403, code: 'otp_expired' });
    clock = new Date(sent + LINK_SECONDS * 1000);
    const taken = await verify();
    expect(taken.error).toBeNull();
    expect(taken.data.session?.user.email).toBe(email);
  });

  it("a sign-up's confirmation link: refused past the hour, confirms the account short of it", async () => {
    const email = 'confirma@teste.local';
    const signUp = await supabaseClient(server).auth.signUp({ email, password: 'senha-forte-1' });
    expect(signUp.error).toBeNull();
    const link = confirmationUrl(server.url, await mailTo(email));
    const sent = await sentAt(email, 'confirmation_sent_at');

    openAt(sent, LINK_SECONDS + 1);
    expect(await follow(link)).toEqual({ status: 303, location: EXPIRED_LINK });
    const [unconfirmed] = await ownerQuery<{ confirmed: boolean }>(
      server,
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(unconfirmed?.confirmed).toBe(false);
    openAt(sent, LINK_SECONDS - 1);
    const taken = await follow(link);
    expect(new URLSearchParams(new URL(taken.location).hash.slice(1)).get('type')).toBe('signup');
    const [confirmed] = await ownerQuery<{ confirmed: boolean }>(
      server,
      'select email_confirmed_at is not null as confirmed from auth.users where email = $1',
      [email],
    );
    expect(confirmed?.confirmed).toBe(true);
  });
});
