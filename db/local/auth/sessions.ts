// Sessions and their tokens: the ES256 access token with Supabase's claims, opaque refresh
// tokens that rotate on every use (the previous one stays usable for a short reuse window, any
// older one revokes the whole session), and logout by scope.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AuthSettings } from '../config.ts';
import type { Sql } from '../database.ts';
import type { TokenService } from '../tokens.ts';
import { AuthError } from './errors.ts';
import { appMetadata, type UserRow, userById, userJson, userMetadata } from './users.ts';

export type AmrMethod = 'password' | 'otp' | 'recovery';

export type SessionDeps = { settings: AuthSettings; tokens: TokenService };

function newRefreshToken(): string {
  return randomBytes(24).toString('base64url');
}

export async function startSession(
  tx: Sql,
  deps: SessionDeps,
  user: UserRow,
  method: AmrMethod,
): Promise<Record<string, unknown>> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await tx.query('insert into auth.sessions (id, user_id, amr_method) values ($1, $2, $3)', [
    sessionId,
    user.id,
    method,
  ]);
  await tx.query(
    'insert into auth.refresh_tokens (token, session_id, user_id) values ($1, $2, $3)',
    [refreshToken, sessionId, user.id],
  );
  await tx.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
  const fresh = (await userById(tx, user.id)) ?? user;
  return sessionJson(tx, deps, fresh, sessionId, refreshToken);
}

async function sessionJson(
  tx: Sql,
  deps: SessionDeps,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
): Promise<Record<string, unknown>> {
  const { rows } = await tx.query<{ amr_method: string; started: number }>(
    `select amr_method, floor(extract(epoch from created_at))::float8 as started
     from auth.sessions where id = $1`,
    [sessionId],
  );
  const session = rows[0];
  const expiresIn = deps.settings.accessTokenSeconds;
  const accessToken = await deps.tokens.sign(
    {
      iss: `${deps.settings.url}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: appMetadata(user),
      user_metadata: userMetadata(user),
      role: 'authenticated',
      aal: 'aal1',
      amr: [
        {
          method: session?.amr_method ?? 'password',
          timestamp: Math.floor(session?.started ?? Date.now() / 1000),
        },
      ],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    expiresIn,
  );
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

const refreshError = (code: string, message: string) => new AuthError(400, code, message);

/** The refreshed session, or the error to answer once the transaction has committed. */
export async function refreshSession(
  tx: Sql,
  deps: SessionDeps,
  refreshToken: string,
): Promise<Record<string, unknown> | AuthError> {
  const { rows } = await tx.query<{
    id: string;
    session_id: string;
    user_id: string;
    revoked: boolean;
    revoked_age: number | null;
  }>(
    `select id::text, session_id::text, user_id::text, revoked,
       extract(epoch from now() - revoked_at)::float8 as revoked_age
     from auth.refresh_tokens where token = $1 for update`,
    [refreshToken],
  );
  const current = rows[0];
  if (!current) {
    throw refreshError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  const user = await userById(tx, current.user_id);
  if (!user) {
    throw refreshError('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
  }
  if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned');

  let token: string;
  if (current.revoked) {
    const withinReuse = (current.revoked_age ?? Infinity) < deps.settings.refreshTokenReuseSeconds;
    const active = await tx.query<{ token: string }>(
      `select token from auth.refresh_tokens
       where session_id = $1 and not revoked order by id desc limit 1`,
      [current.session_id],
    );
    const activeToken = active.rows[0]?.token;
    if (!withinReuse || !activeToken) {
      // Reuse of an old token: treat it as stolen and end the session (the revocation must
      // commit, so the error is returned rather than thrown inside the transaction).
      await tx.query('delete from auth.sessions where id = $1', [current.session_id]);
      return refreshError('refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    token = activeToken;
  } else {
    token = newRefreshToken();
    await tx.query(
      'update auth.refresh_tokens set revoked = true, revoked_at = now() where id = $1',
      [current.id],
    );
    await tx.query(
      `insert into auth.refresh_tokens (token, session_id, user_id, parent)
       values ($1, $2, $3, $4)`,
      [token, current.session_id, current.user_id, refreshToken],
    );
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [
      current.session_id,
    ]);
  }
  return sessionJson(tx, deps, user, current.session_id, token);
}

export async function sessionExists(tx: Sql, sessionId: string): Promise<boolean> {
  const { rows } = await tx.query('select 1 from auth.sessions where id::text = $1', [sessionId]);
  return rows.length > 0;
}

/**
 * Whether the session was opened by an e-mailed link rather than a password (GoTrue's
 * Session.IsRecovery: an OTP, magic-link or recovery sign-in).
 */
export async function isLinkSession(tx: Sql, sessionId: string | undefined): Promise<boolean> {
  if (sessionId === undefined) return false;
  const { rows } = await tx.query<{ amr_method: AmrMethod }>(
    'select amr_method from auth.sessions where id::text = $1',
    [sessionId],
  );
  return rows[0] !== undefined && rows[0].amr_method !== 'password';
}

export async function endSessions(
  tx: Sql,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
) {
  if (scope === 'global') {
    await tx.query('delete from auth.sessions where user_id::text = $1', [userId]);
  } else if (sessionId === undefined) {
    return;
  } else if (scope === 'local') {
    await tx.query('delete from auth.sessions where id::text = $1', [sessionId]);
  } else {
    await tx.query('delete from auth.sessions where user_id::text = $1 and id::text <> $2', [
      userId,
      sessionId,
    ]);
  }
}
