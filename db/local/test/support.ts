// Shared by the db/local suites: the two database backends every suite runs on, a started server
// with the contract fixture schema, and supabase-js clients configured for Node tests.

import { startPostgres } from '@guia-fortim/db/testing/postgres';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  type LocalSupabase,
  type LocalSupabaseOptions,
  type MailboxMessage,
  startLocalSupabase,
} from '../index.ts';
import { FIXTURE_SQL } from './fixture-schema.ts';

export const BACKENDS = ['PGlite', 'PostgreSQL 17'] as const;
export type Backend = (typeof BACKENDS)[number];

/**
 * A server on `backend`, with the fixture schema unless `fixture: false`. Passwords are hashed
 * with bcrypt cost 4 instead of 10: the same algorithm and checks, far less CPU per sign-in.
 */
export async function startBackend(
  backend: Backend,
  options: LocalSupabaseOptions & { fixture?: boolean } = {},
): Promise<LocalSupabase> {
  const { fixture = true, auth, ...rest } = options;
  const postgres = backend === 'PostgreSQL 17' ? await startPostgres() : undefined;
  try {
    const server = await startLocalSupabase({
      port: 0,
      quiet: true,
      auth: { bcryptCost: 4, ...auth },
      ...rest,
      ...(postgres ? { databaseUrl: postgres.url } : {}),
    });
    if (fixture) {
      await server.database.exec(FIXTURE_SQL);
      await server.reloadSchema();
    }
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await postgres?.stop();
      },
    };
  } catch (error) {
    await postgres?.stop();
    throw error;
  }
}

/** A supabase-js client as a Node app would make it, without background token refreshes. */
export function supabaseClient(
  server: LocalSupabase,
  key: string = server.keys.publishableKey,
  options: { persistSession?: boolean } = {},
): SupabaseClient {
  return createClient(server.url, key, {
    auth: {
      autoRefreshToken: false,
      persistSession: options.persistSession ?? false,
      detectSessionInUrl: false,
    },
  });
}

/** Runs SQL as the database owner and returns the rows. */
export async function ownerQuery<T = Record<string, unknown>>(
  server: LocalSupabase,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return (await server.database.query<T>(sql, params)).rows;
}

/** A confirmed user created through the service-role admin API, signed in. */
export async function signedInUser(
  server: LocalSupabase,
  email: string,
  password = 'senha-forte-1',
): Promise<{ client: SupabaseClient; userId: string; accessToken: string }> {
  const admin = supabaseClient(server, server.keys.secretKey);
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const client = supabaseClient(server);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error || !signIn.data.session) throw signIn.error ?? new Error('sem sessão');
  return {
    client,
    userId: signIn.data.session.user.id,
    accessToken: signIn.data.session.access_token,
  };
}

/**
 * Auth's own link for a mailed message's token (what `{{ .ConfirmationURL }}` renders, GET
 * /verify): the portal's templates link the site's page instead, but Auth still answers this one.
 */
export function confirmationUrl(
  authUrl: string,
  message: Pick<MailboxMessage, 'link' | 'type'>,
  redirectTo?: string,
): string {
  const query = new URLSearchParams({
    token: new URL(message.link).searchParams.get('token_hash') ?? '',
    type: message.type,
    ...(redirectTo ? { redirect_to: redirectTo } : {}),
  });
  return `${authUrl}/auth/v1/verify?${query}`;
}
