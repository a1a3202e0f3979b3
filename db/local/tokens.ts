// Signing user access tokens (with the project's signing key: ES256 or RS256, and its key id) and
// verifying any bearer JWT the way Supabase does: tokens of the signing key's algorithm against the
// JWKS key, HS256 tokens against the legacy secret, every other algorithm (including "none")
// refused.
import { errors, importJWK, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { ProjectKeys } from './keys.ts';

export type Claims = JWTPayload & Record<string, unknown>;

export type Verification =
  | { ok: true; claims: Claims }
  | { ok: false; reason: 'malformed' | 'invalid' | 'expired'; message: string };

export type TokenService = {
  sign(claims: Claims, expiresInSeconds: number): Promise<string>;
  verify(token: string, clockToleranceSeconds: number): Promise<Verification>;
  jwks: { keys: unknown[] };
};

export async function createTokenService(keys: ProjectKeys): Promise<TokenService> {
  const alg = keys.signingKey.publicJwk.alg ?? 'ES256';
  const privateKey = await importJWK(keys.signingKey.privateJwk, alg);
  const publicKey = await importJWK(keys.signingKey.publicJwk, alg);
  const legacySecret = new TextEncoder().encode(keys.legacyJwtSecret);
  const { kid } = keys.signingKey;
  return {
    jwks: { keys: [keys.signingKey.publicJwk] },
    sign(claims, expiresInSeconds) {
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token, clockToleranceSeconds) {
      if (token.split('.').length !== 3) {
        return {
          ok: false,
          reason: 'malformed',
          message: 'token is malformed: token contains an invalid number of segments',
        };
      }
      try {
        const { payload } = await jwtVerify(
          token,
          (header) => {
            if (header.alg === 'HS256') return legacySecret;
            if (header.alg === alg && (header.kid === undefined || header.kid === kid)) {
              return publicKey;
            }
            throw new errors.JOSEAlgNotAllowed('signing method is invalid');
          },
          { algorithms: [alg, 'HS256'], clockTolerance: clockToleranceSeconds },
        );
        return { ok: true, claims: payload as Claims };
      } catch (error) {
        if (error instanceof errors.JWTExpired) {
          return {
            ok: false,
            reason: 'expired',
            message: 'token has invalid claims: token is expired',
          };
        }
        if (error instanceof errors.JOSEError) {
          const malformed =
            error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid;
          return {
            ok: false,
            reason: malformed ? 'malformed' : 'invalid',
            message: malformed
              ? 'token is malformed: could not parse the token'
              : 'token signature is invalid: signature is invalid',
          };
        }
        throw error;
      }
    },
  };
}
