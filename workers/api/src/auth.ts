// Who is calling: the Supabase access token verified with jose, then the role read from the
// database on every mutation (a token stays valid after its role is removed; the role check must
// not).
import type { MiddlewareHandler } from 'hono';
import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { database, databaseError, dataOf } from './database.ts';
import type { AppEnv, Bindings, Caller } from './env.ts';
import { ApiError, forbidden, MESSAGES, unauthorized } from './errors.ts';

const AUDIENCE = 'authenticated';
const ASYMMETRIC = ['ES256', 'RS256'];

// One JWKS per Supabase URL, kept for the isolate's lifetime: jose caches the keys (10 minutes)
// and refetches when a token names an unknown key.
const keySets = new Map<string, JWTVerifyGetKey>();

function keySetFor(supabaseUrl: string): JWTVerifyGetKey {
  let keySet = keySets.get(supabaseUrl);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(`${supabaseUrl}/auth/v1/.well-known/jwks.json`));
    keySets.set(supabaseUrl, keySet);
  }
  return keySet;
}

const AUTH_FAILURES = new Set([
  'ERR_JWT_CLAIM_VALIDATION_FAILED',
  'ERR_JWT_EXPIRED',
  'ERR_JWT_INVALID',
  'ERR_JWS_INVALID',
  'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
  'ERR_JOSE_ALG_NOT_ALLOWED',
  'ERR_JOSE_NOT_SUPPORTED',
  'ERR_JWKS_NO_MATCHING_KEY',
  'ERR_JWKS_MULTIPLE_MATCHING_KEYS',
  'ERR_JWK_INVALID',
]);

export async function verifyAccessToken(token: string, env: Bindings): Promise<Caller> {
  const supabaseUrl = env.SUPABASE_URL.replace(/\/+$/, '');
  const options = { issuer: `${supabaseUrl}/auth/v1`, audience: AUDIENCE, requiredClaims: ['sub'] };
  let alg: string | undefined;
  try {
    ({ alg } = decodeProtectedHeader(token));
  } catch {
    throw unauthorized();
  }
  let payload: JWTPayload;
  try {
    if (alg === 'HS256' && env.SUPABASE_JWT_SECRET) {
      const secret = new TextEncoder().encode(env.SUPABASE_JWT_SECRET);
      ({ payload } = await jwtVerify(token, secret, { ...options, algorithms: ['HS256'] }));
    } else {
      // The project's signing key from its JWKS: ECC (ES256, the default of new projects) or
      // RSA (RS256), the two asymmetric kinds Supabase offers.
      ({ payload } = await jwtVerify(token, keySetFor(supabaseUrl), {
        ...options,
        algorithms: ASYMMETRIC,
      }));
    }
  } catch (err) {
    if (err instanceof errors.JOSEError && AUTH_FAILURES.has(err.code)) throw unauthorized();
    // The key set could not be fetched or read: Supabase Auth is unreachable, not the caller.
    throw new ApiError(503, 'auth_unavailable', MESSAGES.authUnavailable);
  }
  if (payload.role !== AUDIENCE || typeof payload.sub !== 'string') throw unauthorized();
  return {
    id: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : null,
    token,
  };
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

/** Any signed-in user. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw unauthorized();
  c.set('caller', await verifyAccessToken(token, c.env));
  await next();
};

/** What admin_access() answers for a live session with a role of the panel. */
type StaffRole = NonNullable<Caller['role']>;

/**
 * A signed-in user who holds one of these roles right now and whose session is still live, as the
 * database says in one round trip: a token outlives its sign-out, its session does not.
 */
function requireRole(roles: readonly StaffRole[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireUser(c, async () => {
      const access = await dataOf<string>(database(c).rpc('admin_access', {})).catch((err) =>
        databaseError(err, MESSAGES.internal),
      );
      if (access === 'session_ended') throw unauthorized();
      if (!roles.includes(access as StaffRole)) throw forbidden();
      c.set('caller', { ...c.get('caller'), role: access as StaffRole });
      await next();
    });
  };
}

/** An administrator: roles, settings, purging the trash. */
export const requireAdmin = requireRole(['admin']);

/** An administrator or a moderator: the content, its order, its photos, the trash and history. */
export const requireStaff = requireRole(['admin', 'moderator']);
