// The API gateway in front of Supabase: every /rest/v1 and /auth/v1 request must carry one of the
// project's keys in the `apikey` header (or `?apikey=`); the key also decides the role of a
// request that has no `Authorization` header.
import type { Context } from 'hono';
import type { ProjectKeys } from './keys.ts';

export type KeyRole = 'anon' | 'service_role';

export function keyRole(keys: ProjectKeys, value: string): KeyRole | undefined {
  if (value === keys.publishableKey || value === keys.anonKey) return 'anon';
  if (value === keys.secretKey || value === keys.serviceRoleKey) return 'service_role';
  return undefined;
}

/** The role of the request's API key, or the gateway's 401 response. */
export function checkApiKey(c: Context, keys: ProjectKeys): KeyRole | Response {
  const value = c.req.header('apikey') ?? c.req.query('apikey');
  if (!value) {
    return c.json(
      {
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      },
      401,
    );
  }
  const role = keyRole(keys, value);
  if (!role) {
    return c.json(
      {
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      },
      401,
    );
  }
  return role;
}
