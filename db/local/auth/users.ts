// Reading users from `auth.users` and shaping them as GoTrue's User JSON (`models/user.go`).
import { createHash } from 'node:crypto';
import type { Sql } from '../database.ts';

export type UserRow = {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  app_metadata: string | null;
  user_metadata: string | null;
  banned: boolean;
  is_anonymous: boolean;
};

/** A timestamptz as GoTrue prints it: RFC 3339 in UTC with microseconds. */
const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const USER_COLUMNS = `u.id::text as id, u.aud, u.role, u.email, u.phone, u.encrypted_password,
  ${iso('u.email_confirmed_at')} as email_confirmed_at,
  ${iso('u.confirmation_sent_at')} as confirmation_sent_at,
  ${iso('u.recovery_sent_at')} as recovery_sent_at,
  ${iso('u.last_sign_in_at')} as last_sign_in_at,
  ${iso('u.created_at')} as created_at,
  ${iso('u.updated_at')} as updated_at,
  u.raw_app_meta_data::text as app_metadata,
  u.raw_user_meta_data::text as user_metadata,
  coalesce(u.banned_until > now(), false) as banned,
  coalesce(u.is_anonymous, false) as is_anonymous`;

export async function userById(sql: Sql, id: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where u.id::text = $1 and u.deleted_at is null`,
    [id],
  );
  return rows[0];
}

export async function userByEmail(sql: Sql, email: string): Promise<UserRow | undefined> {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u
     where lower(u.email) = lower($1) and u.deleted_at is null`,
    [email],
  );
  return rows[0];
}

/**
 * The user whose e-mailed link carries `tokenHash` in `column`, with the link's age at `at` (the
 * database's `now()` without it).
 */
export async function userByLinkToken(
  sql: Sql,
  column: 'confirmation_token' | 'recovery_token',
  tokenHash: string,
  at?: Date,
): Promise<(UserRow & { link_age_seconds: number | null }) | undefined> {
  const sentAt = column === 'confirmation_token' ? 'confirmation_sent_at' : 'recovery_sent_at';
  const { rows } = await sql.query<UserRow & { link_age_seconds: number | null }>(
    `select ${USER_COLUMNS},
       extract(epoch from coalesce($2::timestamptz, now()) - u.${sentAt})::float8
         as link_age_seconds
     from auth.users u where u.${column} = $1 and u.deleted_at is null for update`,
    [tokenHash, at?.toISOString() ?? null],
  );
  return rows[0];
}

export async function listUsers(
  sql: Sql,
  page: number,
  perPage: number,
): Promise<{ users: UserRow[]; total: number }> {
  const { rows } = await sql.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users u where u.deleted_at is null
     order by u.created_at, u.id limit $1 offset $2`,
    [perPage, (page - 1) * perPage],
  );
  const count = await sql.query<{ n: number }>(
    'select count(*)::int as n from auth.users where deleted_at is null',
  );
  return { users: rows, total: count.rows[0]?.n ?? 0 };
}

function parseObject(text: string | null): Record<string, unknown> {
  if (!text) return {};
  const value = JSON.parse(text) as unknown;
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function appMetadata(row: UserRow): Record<string, unknown> {
  return parseObject(row.app_metadata);
}

export function userMetadata(row: UserRow): Record<string, unknown> {
  return parseObject(row.user_metadata);
}

/** A stable identity id per user (local users have exactly one e-mail identity). */
function identityId(userId: string): string {
  const hex = createHash('sha256').update(`email-identity:${userId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function userJson(row: UserRow): Record<string, unknown> {
  const email = row.email ?? '';
  const optional = (key: string, value: string | null) => (value ? { [key]: value } : {});
  return {
    id: row.id,
    aud: row.aud ?? 'authenticated',
    role: row.role ?? 'authenticated',
    email,
    ...optional('email_confirmed_at', row.email_confirmed_at),
    phone: row.phone ?? '',
    ...optional('confirmation_sent_at', row.confirmation_sent_at),
    ...optional('confirmed_at', row.email_confirmed_at),
    ...optional('recovery_sent_at', row.recovery_sent_at),
    ...optional('last_sign_in_at', row.last_sign_in_at),
    app_metadata: appMetadata(row),
    user_metadata: userMetadata(row),
    identities: [
      {
        identity_id: identityId(row.id),
        id: row.id,
        user_id: row.id,
        identity_data: {
          email,
          email_verified: row.email_confirmed_at !== null,
          phone_verified: false,
          sub: row.id,
        },
        provider: 'email',
        ...optional('last_sign_in_at', row.last_sign_in_at),
        ...optional('created_at', row.created_at),
        ...optional('updated_at', row.updated_at),
        email,
      },
    ],
    ...optional('created_at', row.created_at),
    ...optional('updated_at', row.updated_at),
    is_anonymous: row.is_anonymous,
  };
}

/**
 * What GoTrue answers to a repeated sign-up when e-mails must be confirmed (its sanitizeUser): a
 * look-alike of the account with a fresh id, an empty role, no identities and the request's own
 * metadata — and, as there, whatever sanitizeUser leaves of the account (its last recovery
 * request). Hosted tells a taken address by these; db/local tells no less, and no more.
 */
export function obfuscatedUserJson(account: UserRow, data: Record<string, unknown>) {
  // Written as the database writes a real user's times (microseconds), so the precision does not
  // tell a taken e-mail from a new one.
  const now = new Date().toISOString().replace(/Z$/, '000Z');
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: '',
    email: account.email ?? '',
    phone: '',
    confirmation_sent_at: now,
    ...(account.recovery_sent_at ? { recovery_sent_at: account.recovery_sent_at } : {}),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}
