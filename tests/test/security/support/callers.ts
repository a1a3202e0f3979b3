// The five callers of the security suite and the ways they reach the stack: the worker (its test
// client, reused), PostgREST under /rest/v1 and Auth under /auth/v1, each with the publishable
// key as the browser sends it. Snapshots read everything with the secret key.

import {
  admin,
  api,
  type CallOptions,
  newAdmin,
  newUser,
  type Reply,
  r2ObjectCount,
  rows,
  stack,
  TABLES as WORKER_TABLES,
} from '@guia-fortim/api/testing/client';
import type { Stack } from '@guia-fortim/api/testing/global-setup';
import { signIn } from '@guia-fortim/api/testing/stack';

export { api, type Reply, stack };
export const suiteStack: Stack = stack;

export const CALLER_NAMES = ['anon', 'user', 'moderator', 'removedAdmin', 'admin'] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

/** Who is asking: anon has only the publishable key (no token, no account). */
export type Caller = { name: CallerName; token: string | null; id: string; email: string };

const ANON_ID = '00000000-0000-4000-8000-000000000000';

async function setRole(userId: string, role: 'user' | 'moderator') {
  const reply = await api('PUT', `/api/users/${userId}/role`, {
    token: (await admin()).token,
    json: { role },
  });
  if (reply.status !== 200) throw new Error(`role: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/**
 * The removed admin signs in while still an admin (so the token was issued to an admin), then
 * loses the role; the token stays cryptographically valid until it expires.
 */
export async function removedAdmin(): Promise<Caller> {
  const account = await newAdmin();
  const session = await signIn(
    stack.supabaseUrl,
    stack.publishableKey,
    account.email,
    'senha-teste-123',
  );
  await setRole(account.id, 'user');
  return { name: 'removedAdmin', token: session.token, id: account.id, email: account.email };
}

export async function makeCallers(): Promise<Record<CallerName, Caller>> {
  const [boss, user, moderator, removed] = await Promise.all([
    admin(),
    newUser('usuario'),
    newUser('moderador'),
    removedAdmin(),
  ]);
  await setRole(moderator.id, 'moderator');
  return {
    anon: { name: 'anon', token: null, id: ANON_ID, email: 'anonimo@testes.local' },
    user: { name: 'user', token: user.token, id: user.id, email: user.email },
    moderator: {
      name: 'moderator',
      token: moderator.token,
      id: moderator.id,
      email: moderator.email,
    },
    removedAdmin: removed,
    admin: { name: 'admin', token: boss.token, id: boss.id, email: boss.email },
  };
}

/** A call to db/local as the browser makes it: the publishable key, plus the session if any. */
export function supabase(
  method: string,
  path: string,
  token: string | null,
  options: Omit<CallOptions, 'token'> = {},
): Promise<Reply> {
  return api(
    method,
    path,
    { ...options, token, headers: { apikey: stack.publishableKey, ...options.headers } },
    stack.supabaseUrl,
  );
}

/** Every account as Auth's service-role endpoint lists it. */
export async function authUsers(): Promise<unknown[]> {
  const reply = await api(
    'GET',
    '/auth/v1/admin/users',
    { token: stack.secretKey, headers: { apikey: stack.secretKey } },
    stack.supabaseUrl,
  );
  if (reply.status !== 200) throw new Error(`admin/users: ${reply.status}`);
  return reply.body.users;
}

/**
 * Every table and view under /rest/v1: the worker suite's, the profiles it never writes, and the
 * listing statistics with the two views over them (written only through the worker's ingest key),
 * and the visitors' reviews with their public and staff views.
 */
export const TABLES = [
  ...WORKER_TABLES,
  'profiles',
  'listing_stats',
  'listing_daily_stats',
  'listing_names',
  'reviews',
  'published_reviews',
  'review_queue',
  'favorites',
] as const;
export type Table = (typeof TABLES)[number];

/** What a call may change: a table, the R2 bucket or the Auth accounts. */
export type Store = Table | 'r2' | 'users';

export async function read(store: Store): Promise<unknown> {
  if (store === 'r2') return r2ObjectCount();
  if (store === 'users') return authUsers();
  const order: Partial<Record<Store, string>> = {
    site_settings: 'setting_key.asc',
    listing_stats: 'listing_id.asc,day.asc,event.asc',
    favorites: 'user_id.asc,listing_kind.asc,listing_id.asc',
  };
  return rows(store, `order=${order[store] ?? 'id.asc'}`);
}

/** Every store, read with the secret key (row-level security bypassed). */
export async function snapshot(): Promise<Record<Store, unknown>> {
  const stores: Store[] = [...TABLES, 'r2', 'users'];
  const values = await Promise.all(stores.map(read));
  return Object.fromEntries(stores.map((store, i) => [store, values[i]])) as Record<Store, unknown>;
}
