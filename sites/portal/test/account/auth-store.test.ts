// The account pages' auth state against the real local Supabase and the real supabase-js:
// loading until the session is read, profile and roles reloaded on every change, all cleared on
// sign-out, and the admin role read from user_roles.
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthStore, createAuthStore, isAdmin } from '../../src/lib/auth/auth-store.ts';

let local: LocalSupabase;
let client: SupabaseClient;
let store: AuthStore;

function until(predicate: () => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    if (predicate()) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`estado não alcançado: ${JSON.stringify(store.getState().roles)}`));
    }, 5_000);
    const stop = store.subscribe(() => {
      if (!predicate()) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

beforeAll(async () => {
  local = await startLocalSupabase({ port: 0, autoconfirm: true, quiet: true });
  client = createClient(local.url, local.keys.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  store = createAuthStore(client);
}, 60_000);

afterAll(async () => {
  store?.stop();
  await local?.stop();
});

describe('auth store', () => {
  it('stops loading once the (absent) session is read', async () => {
    await until(() => !store.getState().loading);
    expect(store.getState()).toMatchObject({ user: null, profile: null, roles: [] });
  });

  it('loads the profile and roles on sign-in, reloads them on each change, clears on sign-out', async () => {
    const email = 'lia@example.com';
    const signUp = await client.auth.signUp({
      email,
      password: 'segredo1',
      options: { data: { full_name: 'Lia Souza', username: 'lia.souza', avatar_url: null } },
    });
    expect(signUp.error).toBeNull();
    await until(() => store.getState().profile?.full_name === 'Lia Souza');
    expect(store.getState().user?.email).toBe(email);
    expect(store.getState().roles).toEqual(['user']);
    expect(isAdmin(store.getState().roles)).toBe(false);

    // Made admin behind the page's back: the next session event reloads the roles.
    await local.database.exec(`
      begin;
      select set_config('request.jwt.claims', '{"role":"service_role"}', true);
      select public.grant_admin_access('${email}');
      commit;
    `);
    expect((await client.auth.refreshSession()).error).toBeNull();
    await until(() => isAdmin(store.getState().roles));

    expect((await client.auth.signOut()).error).toBeNull();
    await until(() => store.getState().user === null);
    expect(store.getState()).toMatchObject({ session: null, profile: null, roles: [] });
  });
});
