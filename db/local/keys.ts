// The project's keys, as a current Supabase project has them: a publishable key (anon) and a
// secret key (service role), the legacy JWT anon/service_role keys signed with a legacy HS256
// secret, and the key pair that signs user access tokens (published as a JWKS): ES256, as new
// projects get, or RS256, the other asymmetric kind a project may choose. Generated on first start
// and kept in the data directory (mode 0600), or generated per process in memory — except the
// publishable key, LOCAL_PUBLISHABLE_KEY.
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';

/** The asymmetric signing keys Supabase offers: ECC (P-256) and RSA (2048 bits). */
export type SigningAlgorithm = 'ES256' | 'RS256';

export type ProjectKeys = {
  publishableKey: string;
  secretKey: string;
  anonKey: string;
  serviceRoleKey: string;
  legacyJwtSecret: string;
  signingKey: { kid: string; privateJwk: JWK; publicJwk: JWK };
};

/**
 * The publishable key of every local project, the one the Supabase CLI's local stack gives each
 * (`supabase status`). It is public by nature — the site and the panel ship it — and one value for
 * every data directory keeps the site's build environment, and so its Worker bundle, the same
 * after `.data` is emptied (scripts/stack/site-worker-bundles.ts keeps bundles by it).
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

const TEN_YEARS_SECONDS = 10 * 365 * 24 * 3600;

export async function generateKeys(algorithm: SigningAlgorithm = 'ES256'): Promise<ProjectKeys> {
  const legacyJwtSecret = randomBytes(32).toString('base64url');
  const secret = new TextEncoder().encode(legacyJwtSecret);
  const iat = Math.floor(Date.now() / 1000);
  const legacyKey = (role: string) =>
    new SignJWT({ iss: 'supabase', ref: 'local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + TEN_YEARS_SECONDS)
      .sign(secret);
  const pair = await generateKeyPair(algorithm, { extractable: true });
  const kid = randomUUID();
  const publicJwk = await exportJWK(pair.publicKey);
  return {
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: `sb_secret_${randomBytes(24).toString('base64url')}`,
    anonKey: await legacyKey('anon'),
    serviceRoleKey: await legacyKey('service_role'),
    legacyJwtSecret,
    signingKey: {
      kid,
      privateJwk: { ...(await exportJWK(pair.privateKey)), kid, alg: algorithm, use: 'sig' },
      publicJwk: { ...publicJwk, kid, alg: algorithm, use: 'sig', key_ops: ['verify'] },
    },
  };
}

/** Reads the keys kept in `file`, or generates and keeps them there (readable by the owner only). */
export async function loadOrCreateKeys(file: string): Promise<ProjectKeys> {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as ProjectKeys;
  const keys = await generateKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}
