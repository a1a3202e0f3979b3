// Who is asking, as PostgREST decides it (`Auth/Jwt.hs`): no `Authorization` header means the
// API key's role; a bearer token must be one of the project's keys or a JWT verified with the
// project's keys (30 s clock skew), whose `role` claim becomes the database role.
import type { KeyRole } from '../api-keys.ts';
import { keyRole } from '../api-keys.ts';
import type { ProjectKeys } from '../keys.ts';
import type { Claims, TokenService } from '../tokens.ts';
import { RestError } from './errors.ts';

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const;
export type ApiRole = (typeof API_ROLES)[number];
export type Caller = { role: ApiRole; claims: Claims };

const CLOCK_SKEW_SECONDS = 30;

function jwtError(code: 'PGRST301' | 'PGRST303', message: string) {
  return new RestError(401, code, message, null, null, { 'WWW-Authenticate': 'Bearer' });
}

export async function restCaller(
  authorization: string | undefined,
  apiKeyRole: KeyRole,
  keys: ProjectKeys,
  tokens: TokenService,
): Promise<Caller> {
  if (!authorization) return { role: apiKeyRole, claims: { role: apiKeyRole } };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
  if (!match?.[1]) throw jwtError('PGRST301', 'Authorization header is not a Bearer token');
  const token = match[1];
  const role = keyRole(keys, token);
  if (role && !token.includes('.')) return { role, claims: { role } };
  const verified = await tokens.verify(token, CLOCK_SKEW_SECONDS);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? jwtError('PGRST303', 'JWT expired')
      : jwtError('PGRST301', `JWT ${verified.message}`);
  }
  const claimed = verified.claims.role ?? 'anon';
  if (!API_ROLES.includes(claimed as ApiRole)) {
    throw jwtError('PGRST301', `JWT role "${String(claimed)}" is not allowed`);
  }
  return { role: claimed as ApiRole, claims: { ...verified.claims, role: claimed } };
}
