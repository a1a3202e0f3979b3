// Each API role's statements run under hosted Supabase's timeouts (anon 3 s, authenticated 8 s,
// the service role none): a read that would be cancelled in production is cancelled here too,
// where the database enforces it (PostgreSQL; PGlite takes the setting without a timer).
import { HOSTED_STATEMENT_TIMEOUTS } from '@guia-fortim/db/api-config';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '../index.ts';
import { signedInUser, startBackend, supabaseClient } from './support.ts';

let server: LocalSupabase;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startBackend('PostgreSQL 17');
  await server.database.exec(
    `create function public.statement_timeout_now() returns text language sql stable
       as $$ select current_setting('statement_timeout') $$;
     create function public.wait_seconds(seconds float) returns text language sql stable
       as $$ select pg_sleep(seconds)::text $$;
     grant execute on function public.statement_timeout_now(), public.wait_seconds(float)
       to anon, authenticated, service_role;`,
  );
  await server.reloadSchema();
  anon = supabaseClient(server);
}, 120_000);
afterAll(() => server?.stop());

describe('statement timeouts per role', () => {
  it("sets each role's hosted timeout on its requests", async () => {
    expect((await anon.rpc('statement_timeout_now')).data).toBe('3s');
    const user = await signedInUser(server, 'tempo@teste.local');
    expect((await user.client.rpc('statement_timeout_now')).data).toBe('8s');
    const service = supabaseClient(server, server.keys.secretKey);
    expect((await service.rpc('statement_timeout_now')).data).toBe('0');
    expect(HOSTED_STATEMENT_TIMEOUTS).toEqual({
      anon: '3s',
      authenticated: '8s',
      service_role: '0',
    });
  });

  it('cancels an anonymous statement past 3 s, not one well inside', async () => {
    expect((await anon.rpc('wait_seconds', { seconds: 2 })).error).toBeNull();
    // PostgREST answers 500 with Postgres' query_canceled code.
    const { error, status } = await anon.rpc('wait_seconds', { seconds: 4 });
    expect([status, error?.code]).toEqual([500, '57014']);
  }, 30_000);
});
