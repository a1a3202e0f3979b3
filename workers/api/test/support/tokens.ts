// Tokens an attacker (or a stale browser tab) might send: expired, signed with another key, with
// "alg": "none", with an altered payload, for another issuer or audience.
import { decodeJwt, generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import { stack } from './client.ts';

const now = () => Math.floor(Date.now() / 1000);
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function signEs256(claims: JWTPayload, key?: CryptoKey | Uint8Array): Promise<string> {
  const signingKey = key ?? (await importJWK(stack.signingKey.privateJwk, 'ES256'));
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', kid: stack.signingKey.kid, typ: 'JWT' })
    .sign(signingKey);
}

/** Signed with the project's real key, but expired two minutes ago. */
export function expiredToken(token: string): Promise<string> {
  return signEs256({ ...decodeJwt(token), iat: now() - 3720, exp: now() - 120 });
}

/** Signed with the project's real key, with claims changed (issuer, audience…). */
export function reissuedToken(token: string, changes: JWTPayload): Promise<string> {
  return signEs256({ ...decodeJwt(token), ...changes });
}

/** The same claims and key id, signed with a key that is not the project's. */
export async function wrongKeyToken(token: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return signEs256(decodeJwt(token), privateKey);
}

/** "alg": "none" and no signature. */
export function unsignedToken(token: string): string {
  return `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodeJwt(token))}.`;
}

/** A real user's token whose payload was edited to claim another identity; signature kept. */
export function alteredToken(token: string, sub: string): string {
  const [header, , signature] = token.split('.');
  return `${header}.${b64url({ ...decodeJwt(token), sub })}.${signature}`;
}

/** HS256 with the given secret (the legacy Supabase signing method). */
export function hs256Token(claims: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}
