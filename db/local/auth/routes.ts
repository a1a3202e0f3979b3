// `/auth/v1`: the part of GoTrue that supabase-js and ra-supabase use — sign-up (with e-mail
// confirmation or autoconfirm), token grants (password, refresh_token, pkce), logout, the user
// (read, password and metadata change), recovery, the e-mailed link (`/verify`), settings, JWKS —
// plus the service-role user administration local tooling needs.
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { checkApiKey } from '../api-keys.ts';
import type { AuthSettings } from '../config.ts';
import type { Database, Sql } from '../database.ts';
import type { ProjectKeys } from '../keys.ts';
import type { Claims, TokenService } from '../tokens.ts';
import { CAPTCHA_FREE_GRANTS, verifyCaptcha } from './captcha.ts';
import {
  consumeLink,
  issueAuthCode,
  type LinkKind,
  type MailboxMessage,
  type Pkce,
  redeemAuthCode,
  redirectTarget,
  sendLink,
  VERIFY_TYPES,
} from './email-links.ts';
import { AuthError, authErrorResponse, invalidCredentials, validationFailed } from './errors.ts';
import {
  checkPassword,
  hashPassword,
  passwordMatches,
  passwordMatchesAccount,
} from './passwords.ts';
import { clientAddress, RateCounter, rateLimited } from './rate-limits.ts';
import {
  endSessions,
  isLinkSession,
  refreshSession,
  sessionExists,
  startSession,
} from './sessions.ts';
import {
  listUsers,
  obfuscatedUserJson,
  type UserRow,
  userByEmail,
  userById,
  userJson,
} from './users.ts';

export type AuthDeps = {
  db: Database;
  settings: AuthSettings;
  keys: ProjectKeys;
  tokens: TokenService;
  /** Called with every e-mail once its transaction has committed. */
  onEmail: (message: MailboxMessage) => void;
};

const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const metadata = z.record(z.string(), z.unknown());
const captchaFields = {
  gotrue_meta_security: z.object({ captcha_token: z.string().nullish() }).nullish(),
};
const pkceFields = {
  code_challenge: z.string().nullish(),
  code_challenge_method: z.string().nullish(),
};
const schemas = {
  captcha: z.object(captchaFields),
  signup: z.object({
    email: z.string().nullish(),
    password: z.string().nullish(),
    data: metadata.nullish(),
    ...pkceFields,
  }),
  password: z.object({ email: z.string().nullish(), password: z.string().nullish() }),
  refresh: z.object({ refresh_token: z.string().nullish() }),
  pkce: z.object({ auth_code: z.string().nullish(), code_verifier: z.string().nullish() }),
  updateUser: z.object({
    email: z.string().nullish(),
    password: z.string().nullish(),
    current_password: z.string().nullish(),
    nonce: z.string().nullish(),
    phone: z.string().nullish(),
    data: metadata.nullish(),
  }),
  recover: z.object({ email: z.string().nullish(), ...pkceFields }),
  verify: z.object({
    type: z.string().nullish(),
    token_hash: z.string().nullish(),
    token: z.string().nullish(),
    redirect_to: z.string().nullish(),
  }),
  adminCreate: z.object({
    email: z.string().nullish(),
    password: z.string().nullish(),
    email_confirm: z.boolean().nullish(),
    user_metadata: metadata.nullish(),
    app_metadata: metadata.nullish(),
  }),
  adminUpdate: z.object({
    password: z.string().nullish(),
    email_confirm: z.boolean().nullish(),
    user_metadata: metadata.nullish(),
    app_metadata: metadata.nullish(),
    ban_duration: z.string().nullish(),
  }),
};

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new AuthError(
        400,
        'bad_json',
        `Could not parse request body as JSON: ${(error as Error).message}`,
      );
    }
  }
  // PostgreSQL text cannot hold NUL: refused here instead of failing in a query with a 500.
  if (hasNul(value)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: NUL character');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AuthError(
      400,
      'bad_json',
      `Could not parse request body as JSON: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid body'}`,
    );
  }
  return parsed.data;
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNul(item));
}

function normalizeEmail(email: string | null | undefined, missingMessage: string): string {
  const value = (email ?? '').trim();
  if (value === '') throw validationFailed(missingMessage);
  if (value.length > 255 || !EMAIL_PATTERN.test(value)) {
    throw validationFailed('Unable to validate email address: invalid format');
  }
  return value.toLowerCase();
}

function readPkce(body: {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}): Pkce | undefined {
  if (!body.code_challenge) return undefined;
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (method !== 's256' && method !== 'plain') {
    throw validationFailed('Code challenge method must be either s256 or plain');
  }
  if (body.code_challenge.length < 43 || body.code_challenge.length > 128) {
    throw validationFailed('code challenge has to be between 43 and 128 characters');
  }
  return { challenge: body.code_challenge, method };
}

type Authenticated = { user: UserRow; claims: Claims; sessionId: string | undefined };

export function authRoutes(deps: AuthDeps): Hono {
  const app = new Hono();
  const { db, settings } = deps;
  const sessionDeps = { settings, tokens: deps.tokens };
  const limits = settings.rateLimits;
  const counter = new RateCounter();

  // Runs `work` in a transaction and announces its e-mails only after it committed.
  async function transact<T>(work: (tx: Sql, outbox: MailboxMessage[]) => Promise<T>) {
    const outbox: MailboxMessage[] = [];
    const result = await db.transaction((tx) => work(tx, outbox));
    for (const message of outbox) deps.onEmail(message);
    return result;
  }

  async function authenticate(c: Context, tx: Sql): Promise<Authenticated> {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1]) {
      throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    }
    const verified = await deps.tokens.verify(match[1], 0);
    if (!verified.ok) {
      throw new AuthError(
        403,
        'bad_jwt',
        `invalid JWT: unable to parse or verify signature, ${verified.message}`,
      );
    }
    const sub = verified.claims.sub;
    if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    const sessionId =
      typeof verified.claims.session_id === 'string' ? verified.claims.session_id : undefined;
    if (sessionId !== undefined && !(await sessionExists(tx, sessionId))) {
      throw new AuthError(
        403,
        'session_not_found',
        'Session from session_id claim in JWT does not exist',
      );
    }
    const user = await userById(tx, sub);
    if (!user) {
      throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    }
    return { user, claims: verified.claims, sessionId };
  }

  function isServiceRole(c: Context): boolean {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    return token === deps.keys.secretKey || token === deps.keys.serviceRoleKey;
  }

  function requireServiceRole(c: Context) {
    if (!isServiceRole(c)) throw new AuthError(403, 'not_admin', 'User not allowed');
  }

  /** Supabase Auth's CAPTCHA, when configured; the service role is never asked for it. */
  async function requireCaptcha(c: Context) {
    if (!settings.captcha || isServiceRole(c)) return;
    const body = await readJson(c, schemas.captcha);
    const token = body.gotrue_meta_security?.captcha_token;
    await verifyCaptcha(settings.captcha, token, clientAddress(c));
  }

  app.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error);
    console.error('[db/local] erro inesperado em /auth/v1:', error);
    return authErrorResponse(
      c,
      new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs'),
    );
  });

  app.get('/.well-known/jwks.json', (c) => c.json(deps.tokens.jwks));

  // Auth's own link (`{{ .ConfirmationURL }}`), opened by a browser without any key. The portal's
  // e-mails link the site's confirmation page instead (db/supabase's auth-emails.ts); GoTrue still
  // answers this, and so does its stand-in.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = redirectTarget(settings, c.req.query('redirect_to'));
    const kind = VERIFY_TYPES[type];
    if (!kind) throw validationFailed('Verify requires a verification type');
    type Outcome = { code: string } | { session: Record<string, unknown> } | undefined;
    const outcome = await transact(async (tx): Promise<Outcome> => {
      const consumed = await consumeLink(tx, settings, kind, token);
      if (!consumed) return undefined;
      if (consumed.pkce) {
        const code = await issueAuthCode(tx, consumed.user.id, kind);
        return code ? { code } : undefined;
      }
      return { session: await startSession(tx, sessionDeps, consumed.user, 'otp') };
    });
    if (!outcome) return c.redirect(errorRedirect(redirectTo, token.startsWith('pkce_')), 303);
    if ('code' in outcome) {
      const separator = redirectTo.includes('?') ? '&' : '?';
      return c.redirect(`${redirectTo}${separator}code=${encodeURIComponent(outcome.code)}`, 303);
    }
    const s = outcome.session;
    const fragment = goQueryEncode({
      access_token: String(s.access_token),
      expires_at: String(s.expires_at),
      expires_in: String(s.expires_in),
      refresh_token: String(s.refresh_token),
      sb: '',
      token_type: 'bearer',
      type,
    });
    return c.redirect(`${redirectTo}#${fragment}`, 303);
  });

  app.use('*', async (c, next) => {
    const role = checkApiKey(c, deps.keys);
    if (role instanceof Response) return role;
    await next();
  });

  app.get('/health', (c) =>
    c.json({ version: 'db-local', name: 'GoTrue', description: 'Supabase Auth local (db/local)' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: true,
        facebook: false,
        github: false,
        gitlab: false,
        google: false,
        phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.post('/signup', async (c) => {
    await requireCaptcha(c);
    const body = await readJson(c, schemas.signup);
    const address = clientAddress(c);
    if (
      counter.exhausted(`sign-up@${address}`, limits.signUpsPerAddress) ||
      (!settings.autoconfirm &&
        counter.exhausted(`e-mail@${address}`, limits.emailRequestsPerAddress))
    ) {
      throw rateLimited();
    }
    counter.add(`sign-up@${address}`, limits.signUpsPerAddress);
    if (!settings.autoconfirm) counter.add(`e-mail@${address}`, limits.emailRequestsPerAddress);
    const email = normalizeEmail(body.email, 'To signup, please provide your email');
    if (!body.password) throw validationFailed('Signup requires a valid password', 422);
    checkPassword(body.password, settings);
    const pkce = readPkce(body);
    const data = body.data ?? {};
    // bcrypt runs before the transaction, so the database is not held while it computes.
    const hash = await hashPassword(body.password, settings.bcryptCost);
    const response = await transact(async (tx, outbox) => {
      const existing = await userByEmail(tx, email);
      if (existing) {
        if (settings.autoconfirm) {
          throw new AuthError(422, 'user_already_exists', 'User already registered');
        }
        if (existing.email_confirmed_at) return obfuscatedUserJson(existing, data);
        const sent = await sendLink(tx, settings, existing, 'signup', pkce);
        if (sent) outbox.push(sent);
        return userJson((await userById(tx, existing.id)) ?? existing);
      }
      const { rows } = await tx
        .query<{ id: string }>(
          `insert into auth.users (aud, role, email, encrypted_password, raw_app_meta_data,
           raw_user_meta_data, email_confirmed_at)
         values ('authenticated', 'authenticated', $1, $2,
           '{"provider":"email","providers":["email"]}'::jsonb, $3::jsonb,
           case when $4::boolean then now() end)
         returning id::text`,
          [email, hash, JSON.stringify(data), settings.autoconfirm],
        )
        .catch((error: unknown) => {
          console.error('[db/local] erro ao criar usuário:', error);
          throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
        });
      const user = await userById(tx, rows[0]?.id ?? '');
      if (!user) throw new Error('created user not found');
      if (settings.autoconfirm) return startSession(tx, sessionDeps, user, 'password');
      const sent = await sendLink(tx, settings, user, 'signup', pkce);
      if (sent) outbox.push(sent);
      return userJson((await userById(tx, user.id)) ?? user);
    });
    return c.json(response);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    if (!CAPTCHA_FREE_GRANTS.has(grant)) await requireCaptcha(c);
    if (grant === 'password') {
      const body = await readJson(c, schemas.password);
      if (!body.email || !body.password) throw invalidCredentials();
      const email = body.email.trim().toLowerCase();
      // Failures are limited per client address only, as hosted Supabase limits sign-ins per IP:
      // a limit per e-mail would let anyone lock its owner out by typing wrong passwords.
      const perAddress = `sign-in@${clientAddress(c)}`;
      if (counter.exhausted(perAddress, limits.signInFailuresPerAddress)) throw rateLimited();
      const user = await userByEmail(db.sql, email);
      const matches = await passwordMatchesAccount(
        body.password,
        user?.encrypted_password,
        settings.bcryptCost,
      );
      if (!user || !matches) {
        counter.add(perAddress, limits.signInFailuresPerAddress);
        throw invalidCredentials();
      }
      if (!user.email_confirmed_at) {
        throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
      }
      if (user.banned) throw new AuthError(400, 'user_banned', 'User is banned');
      return c.json(await transact((tx) => startSession(tx, sessionDeps, user, 'password')));
    }
    if (grant === 'refresh_token') {
      const body = await readJson(c, schemas.refresh);
      if (!body.refresh_token) {
        throw new AuthError(
          400,
          'refresh_token_not_found',
          'Invalid Refresh Token: Refresh Token Not Found',
        );
      }
      const token = body.refresh_token;
      const refreshed = await transact((tx) => refreshSession(tx, sessionDeps, token));
      if (refreshed instanceof AuthError) throw refreshed;
      return c.json(refreshed);
    }
    if (grant === 'pkce') {
      const body = await readJson(c, schemas.pkce);
      if (!body.auth_code || !body.code_verifier) {
        throw validationFailed(
          'invalid request: both auth code and code verifier should be non-empty',
        );
      }
      const authCode = body.auth_code;
      const verifier = body.code_verifier;
      const session = await transact(async (tx) => {
        const { userId, kind } = await redeemAuthCode(tx, settings, authCode, verifier);
        const user = await userById(tx, userId);
        if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
        return startSession(tx, sessionDeps, user, kind === 'recovery' ? 'recovery' : 'otp');
      });
      return c.json(session);
    }
    throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') {
      throw validationFailed(`Unsupported logout scope "${scope}"`);
    }
    await transact(async (tx) => {
      const { user, sessionId } = await authenticate(c, tx);
      await endSessions(tx, user.id, sessionId, scope);
    });
    return c.body(null, 204);
  });

  app.get('/user', async (c) => {
    const { user } = await authenticate(c, db.sql);
    return c.json(userJson(user));
  });

  app.put('/user', async (c) => {
    const body = await readJson(c, schemas.updateUser);
    const { user, sessionId } = await authenticate(c, db.sql);
    if (body.email && body.email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
      throw validationFailed('Email address change is not allowed', 422);
    }
    if (body.phone && body.phone !== (user.phone ?? '')) {
      throw validationFailed('Phone number change is not allowed', 422);
    }
    let hash: string | undefined;
    if (body.password !== undefined && body.password !== null) {
      checkPassword(body.password, settings);
      // A stolen access token alone cannot change the password: the current one must come with
      // it, unless the session itself came from an e-mailed link (a recovery).
      if (
        settings.requireCurrentPassword &&
        user.encrypted_password &&
        !(await isLinkSession(db.sql, sessionId))
      ) {
        if (!body.current_password) {
          throw new AuthError(
            400,
            'current_password_required',
            'Current password required when setting new password.',
          );
        }
        if (!(await passwordMatches(body.current_password, user.encrypted_password))) {
          throw new AuthError(
            400,
            'current_password_invalid',
            'Current password required when setting new password.',
          );
        }
      }
      if (await passwordMatches(body.password, user.encrypted_password)) {
        throw new AuthError(
          422,
          'same_password',
          'New password should be different from the old password.',
        );
      }
      hash = await hashPassword(body.password, settings.bcryptCost);
    }
    const updated = await transact(async (tx) => {
      if (hash) {
        await tx.query(
          'update auth.users set encrypted_password = $1, updated_at = now() where id::text = $2',
          [hash, user.id],
        );
        await endSessions(tx, user.id, sessionId, 'others');
      }
      if (body.data) await mergeUserMetadata(tx, user.id, body.data);
      return (await userById(tx, user.id)) ?? user;
    });
    return c.json(userJson(updated));
  });

  app.post('/recover', async (c) => {
    const body = await readJson(c, schemas.recover);
    counter.take(`e-mail@${clientAddress(c)}`, limits.emailRequestsPerAddress);
    await requireCaptcha(c);
    const email = normalizeEmail(body.email, 'Password recovery requires an email');
    const pkce = readPkce(body);
    // The same work whether or not the address has an account: one statement finds it and sends.
    await transact(async (tx, outbox) => {
      const sent = await sendLink(tx, settings, { email }, 'recovery', pkce);
      if (sent) outbox.push(sent);
    });
    return c.json({});
  });

  app.post('/verify', async (c) => {
    const body = await readJson(c, schemas.verify);
    const type = body.type ?? '';
    const kind: LinkKind | undefined = VERIFY_TYPES[type];
    if (!kind) throw validationFailed('Verify requires a verification type');
    const token = body.token_hash ?? '';
    if (token === '') {
      throw validationFailed('Verify requires either a token or a token hash');
    }
    // The e-mailed link's button (the site's confirmation page) sends its token hash here, in a
    // PKCE flow as in any other: the session goes to whoever holds the link.
    const session = await transact(async (tx) => {
      const consumed = await consumeLink(tx, settings, kind, token);
      if (!consumed) {
        throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
      }
      return startSession(tx, sessionDeps, consumed.user, 'otp');
    });
    return c.json(session);
  });

  app.post('/admin/users', async (c) => {
    requireServiceRole(c);
    const body = await readJson(c, schemas.adminCreate);
    const email = normalizeEmail(body.email, 'Unable to validate email address: invalid format');
    if (body.password) checkPassword(body.password, settings);
    const hash = body.password ? await hashPassword(body.password, settings.bcryptCost) : null;
    const created = await transact(async (tx) => {
      if (await userByEmail(tx, email)) {
        throw new AuthError(
          422,
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      const appMeta = { provider: 'email', providers: ['email'], ...(body.app_metadata ?? {}) };
      const { rows } = await tx
        .query<{ id: string }>(
          `insert into auth.users (aud, role, email, encrypted_password, raw_app_meta_data,
           raw_user_meta_data, email_confirmed_at)
         values ('authenticated', 'authenticated', $1, $2, $3::jsonb, $4::jsonb,
           case when $5::boolean then now() end)
         returning id::text`,
          [
            email,
            hash,
            JSON.stringify(appMeta),
            JSON.stringify(body.user_metadata ?? {}),
            body.email_confirm === true,
          ],
        )
        .catch((error: unknown) => {
          console.error('[db/local] erro ao criar usuário:', error);
          throw new AuthError(500, 'unexpected_failure', 'Database error creating new user');
        });
      return userById(tx, rows[0]?.id ?? '');
    });
    if (!created) throw new Error('created user not found');
    return c.json(userJson(created));
  });

  app.get('/admin/users', async (c) => {
    requireServiceRole(c);
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const perPage = Math.min(
      1000,
      Math.max(1, Number.parseInt(c.req.query('per_page') ?? '50', 10) || 50),
    );
    const { users, total } = await listUsers(db.sql, page, perPage);
    c.header('x-total-count', String(total));
    return c.json({ users: users.map(userJson), aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    requireServiceRole(c);
    const user = await userById(db.sql, c.req.param('id'));
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return c.json(userJson(user));
  });

  app.put('/admin/users/:id', async (c) => {
    requireServiceRole(c);
    const body = await readJson(c, schemas.adminUpdate);
    const id = c.req.param('id');
    if (body.password) checkPassword(body.password, settings);
    const hash = body.password ? await hashPassword(body.password, settings.bcryptCost) : null;
    const updated = await transact(async (tx) => {
      const user = await userById(tx, id);
      if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
      if (hash) {
        await tx.query(
          'update auth.users set encrypted_password = $1, updated_at = now() where id::text = $2',
          [hash, id],
        );
      }
      if (body.email_confirm === true) {
        await tx.query(
          `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
             updated_at = now() where id::text = $1`,
          [id],
        );
      }
      if (body.user_metadata) await mergeUserMetadata(tx, id, body.user_metadata);
      if (body.app_metadata) {
        await tx.query(
          `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}') || $1::jsonb,
             updated_at = now() where id::text = $2`,
          [JSON.stringify(body.app_metadata), id],
        );
      }
      if (body.ban_duration) {
        const ban = body.ban_duration === 'none' ? null : parseBanDuration(body.ban_duration);
        await tx.query(
          `update auth.users set banned_until = now() + make_interval(secs => $1::float8),
             updated_at = now() where id::text = $2`,
          [ban, id],
        );
      }
      return (await userById(tx, id)) ?? user;
    });
    return c.json(userJson(updated));
  });

  app.delete('/admin/users/:id', async (c) => {
    requireServiceRole(c);
    const id = c.req.param('id');
    await transact(async (tx) => {
      const user = await userById(tx, id);
      if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
      await tx.query('delete from auth.users where id::text = $1', [id]);
    });
    return c.json({});
  });

  return app;
}

/** Merges metadata as GoTrue does: new keys are set, keys given as null are removed. */
async function mergeUserMetadata(tx: Sql, id: string, data: Record<string, unknown>) {
  const removed = Object.keys(data).filter((key) => data[key] === null);
  const set = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== null));
  await tx.query(
    `update auth.users
     set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}') || $1::jsonb)
       - array(select json_array_elements_text($2::json)),
       updated_at = now()
     where id::text = $3`,
    [JSON.stringify(set), JSON.stringify(removed), id],
  );
}

/** Go duration strings such as `24h`, `90m`, `1h30m`, `10s`, in seconds. */
function parseBanDuration(value: string): number {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|m|s|ms)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value) {
    throw validationFailed(`invalid format for ban duration: ${value}`);
  }
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2] as keyof typeof unit], 0);
}

/** Go's `url.Values.Encode`: keys sorted, `QueryEscape`d values (spaces as `+`). */
function goQueryEncode(values: Record<string, string>): string {
  const queryEscape = (s: string) =>
    encodeURIComponent(s)
      .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
      .replaceAll('%20', '+');
  return Object.keys(values)
    .sort()
    .map((key) => `${queryEscape(key)}=${queryEscape(values[key] ?? '')}`)
    .join('&');
}

function errorRedirect(redirectTo: string, pkce: boolean): string {
  const error = goQueryEncode({
    error: 'access_denied',
    error_code: 'otp_expired',
    error_description: 'Email link is invalid or has expired',
    sb: '',
  });
  if (!pkce) return `${redirectTo}#${error}`;
  const separator = redirectTo.includes('?') ? '&' : '?';
  return `${redirectTo}${separator}${error}#${error}`;
}
