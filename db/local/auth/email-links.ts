// E-mailed links (sign-up confirmation and password recovery), the local mailbox they are
// delivered to, and the PKCE flow states that let a link be exchanged for a session by code.
// Only a hash of each link token is stored; a link works once and for `emailLinkSeconds`.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AUTH_EMAILS, type AuthEmail, confirmLink, plainText } from '@guia-fortim/db/auth-emails';
import { type AuthSettings, isAllowedRedirect } from '../config.ts';
import type { Sql } from '../database.ts';
import { AuthError } from './errors.ts';
import { type UserRow, userByLinkToken } from './users.ts';

export type LinkKind = 'signup' | 'recovery';
export type Pkce = { challenge: string; method: 's256' | 'plain' };

export type MailboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  link: string;
  type: LinkKind;
  createdAt: string;
};

const COLUMNS = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
} as const;

/** Each link's e-mail: the words hosted Auth sends too (db/supabase's AUTH_EMAILS). */
const MESSAGES: Record<LinkKind, AuthEmail> = {
  signup: AUTH_EMAILS.confirmation,
  recovery: AUTH_EMAILS.recovery,
};

/** Verification types a link or `verifyOtp` may name, and the link kind each one uses. */
export const VERIFY_TYPES: Record<string, LinkKind> = {
  signup: 'signup',
  email: 'signup',
  invite: 'signup',
  magiclink: 'signup',
  recovery: 'recovery',
};

const PKCE_PREFIX = 'pkce_';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `requested` when the allow-list accepts it, else the site URL (as GoTrue does). */
export function redirectTarget(settings: AuthSettings, requested: string | undefined): string {
  return requested && isAllowedRedirect(requested, settings.allowedRedirects)
    ? requested
    : settings.siteUrl;
}

/** Whose link: an account by id (sign-up), or whoever has this address, if anyone (recovery). */
export type LinkTarget = { id: string } | { email: string };

/**
 * Sends `kind`'s link to the target account, if there is one, in one statement: finding the
 * account, GoTrue's per-account interval (429 `over_email_send_rate_limit` within
 * `emailMinIntervalSeconds` of the last link), the token, the PKCE flow and the mailbox. An
 * address without an account costs the same single statement, so recovery takes as long for it.
 */
export async function sendLink(
  tx: Sql,
  settings: AuthSettings,
  target: LinkTarget,
  kind: LinkKind,
  pkce: Pkce | undefined,
): Promise<MailboxMessage | undefined> {
  const { token: tokenColumn, sentAt } = COLUMNS[kind];
  const token = randomBytes(28).toString('hex');
  const message = MESSAGES[kind];
  // The site's confirmation page, as hosted Auth's templates link it (db/supabase's
  // auth-emails.ts): the token is used up only by its button (POST /verify with the token hash).
  const linkToken = pkce ? `${PKCE_PREFIX}${token}` : token;
  const link = confirmLink(settings.siteUrl, linkToken, message.type);
  const { rows } = await tx.query<{
    seconds: number | null;
    id: number | null;
    to_email: string | null;
    created_at: string | null;
  }>(
    `with target as (
       select id, email, ${sentAt} as sent_at from auth.users
       where deleted_at is null
         and ${'id' in target ? 'id::text = $1' : 'lower(email) = lower($1)'}
       for update
     ),
     waiting as (
       select floor(extract(epoch from sent_at + make_interval(secs => $2) - now()))::int
         as seconds
       from target where sent_at > now() - make_interval(secs => $2)
     ),
     sent as (
       update auth.users u set ${tokenColumn} = $3, ${sentAt} = now(), updated_at = now()
       from target where u.id = target.id and not exists (select from waiting)
       returning u.id, u.email
     ),
     flow as (
       insert into auth.flow_state
         (id, user_id, code_challenge, code_challenge_method, authentication_method)
       select $4::uuid, id, $5, $6, $7 from sent where $5::text is not null
     ),
     mail as (
       insert into auth.local_mailbox (to_email, subject, body, link, kind)
       select coalesce(email, ''), $8, $9, $10, $7 from sent
       returning id::int as id, to_email,
         to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
     )
     select (select seconds from waiting) as seconds, mail.id, mail.to_email, mail.created_at
     from (select) as answer left join mail on true`,
    [
      'id' in target ? target.id : target.email,
      settings.emailMinIntervalSeconds,
      hashToken(token),
      randomUUID(),
      pkce?.challenge ?? null,
      pkce?.method ?? null,
      kind,
      message.subject,
      plainText(message, link),
      link,
    ],
  );
  const answer = rows[0];
  if (answer?.seconds !== null && answer?.seconds !== undefined) {
    // GoTrue's words, with its whole seconds left.
    throw new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${answer.seconds} seconds.`,
    );
  }
  if (!answer?.id) return undefined;
  return {
    id: answer.id,
    to: answer.to_email ?? '',
    subject: message.subject,
    text: plainText(message, link),
    link,
    type: kind,
    createdAt: answer.created_at ?? new Date().toISOString(),
  };
}

export type ConsumedLink = { user: UserRow; pkce: boolean };

/** Uses up a link token: confirms the e-mail and clears the token, or returns undefined. */
export async function consumeLink(
  tx: Sql,
  settings: AuthSettings,
  kind: LinkKind,
  rawToken: string,
): Promise<ConsumedLink | undefined> {
  const pkce = rawToken.startsWith(PKCE_PREFIX);
  const token = pkce ? rawToken.slice(PKCE_PREFIX.length) : rawToken;
  if (token === '') return undefined;
  const { token: tokenColumn } = COLUMNS[kind];
  const user = await userByLinkToken(tx, tokenColumn, hashToken(token), settings.linkClock?.());
  if (
    !user ||
    user.link_age_seconds === null ||
    user.link_age_seconds > settings.emailLinkSeconds
  ) {
    return undefined;
  }
  await tx.query(
    `update auth.users set ${tokenColumn} = '',
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id::text = $1`,
    [user.id],
  );
  return { user, pkce };
}

/** Issues the one-time code of the user's latest PKCE flow for `kind`. */
export async function issueAuthCode(
  tx: Sql,
  userId: string,
  kind: LinkKind,
): Promise<string | undefined> {
  const code = randomUUID();
  const { rows } = await tx.query(
    `update auth.flow_state set auth_code = $1, auth_code_issued_at = now()
     where id = (select id from auth.flow_state where user_id::text = $2
                 and authentication_method = $3 order by created_at desc limit 1)
     returning id`,
    [code, userId, kind],
  );
  return rows.length > 0 ? code : undefined;
}

/** Checks a PKCE code and verifier; returns the user id and the flow's kind. */
export async function redeemAuthCode(
  tx: Sql,
  settings: AuthSettings,
  authCode: string,
  verifier: string,
): Promise<{ userId: string; kind: LinkKind }> {
  const { rows } = await tx.query<{
    id: string;
    user_id: string;
    code_challenge: string;
    code_challenge_method: string;
    authentication_method: LinkKind;
    age: number;
  }>(
    `delete from auth.flow_state where auth_code = $1
     returning id::text, user_id::text, code_challenge, code_challenge_method,
       authentication_method, extract(epoch from now() - auth_code_issued_at)::float8 as age`,
    [authCode],
  );
  const flow = rows[0];
  if (!flow) {
    throw new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  if (flow.age > settings.pkceCodeSeconds) {
    throw new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
  }
  const computed =
    flow.code_challenge_method === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  if (computed !== flow.code_challenge) {
    throw new AuthError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
  return { userId: flow.user_id, kind: flow.authentication_method };
}

export async function readMailbox(sql: Sql, to: string | undefined): Promise<MailboxMessage[]> {
  const { rows } = await sql.query<{
    id: number;
    to_email: string;
    subject: string;
    body: string;
    link: string;
    kind: LinkKind;
    created_at: string;
  }>(
    `select id::int as id, to_email, subject, body, link, kind,
       to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
     from auth.local_mailbox
     where $1::text is null or lower(to_email) = lower($1::text)
     order by id desc`,
    [to ?? null],
  );
  return rows.map((r) => ({
    id: r.id,
    to: r.to_email,
    subject: r.subject,
    text: r.body,
    link: r.link,
    type: r.kind,
    createdAt: r.created_at,
  }));
}
