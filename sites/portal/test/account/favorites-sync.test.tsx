// @vitest-environment happy-dom
// The account's favourites (FavoritesSync and lib/favorites/sync.ts) against the real db/local,
// in its own process, with the unmodified supabase-js. A small relay between the two holds a
// request (so another tab's write can land first) or cuts it, as without signal.
import { FAVORITES_MAX, FAVORITES_MESSAGES } from '@guia-fortim/domain';
import {
  type LocalSupabaseProcess,
  startLocalSupabaseProcess,
} from '@guia-fortim/local-supabase/process';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { cleanup, configure, render, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import type {
  DeviceFavorites,
  Favorite,
  FavoritePlace,
  FavoritesEventDetail,
} from '../../src/lib/favorites/device.ts';
import { type Relay, startRelay } from '../support/relay.ts';

configure({ asyncUtilTimeout: 20_000 });

const PASSWORD = 'segredo123';
const EMAIL = 'rui.favoritos@example.com';
const DEVICE_KEY = 'guia-fortim:favoritos';
const FAVORITES_PATH = '/rest/v1/favorites';

let dbLocal: LocalSupabaseProcess | undefined;
let dbLocalUrl = '';
let publishableKey = '';
let relay: Relay;
/** Two published places of the demo seed, as a heart names them. */
let first: FavoritePlace;
let second: FavoritePlace;

/** A new sign-in (a new session) of the test user, as supabase-js stores it in the browser. */
async function signIn(): Promise<{ access_token: string; user: { id: string } }> {
  const response = await fetch(`${dbLocalUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  const session = (await response.json()) as { access_token: string; user: { id: string } };
  localStorage.setItem('sb-127-auth-token', JSON.stringify(session));
  return session;
}

/** The account as another tab or device sees it, straight to db/local. */
let account: SupabaseClient;
let me = '';

const row = (ref: { kind: string; id: string }) => ({
  listing_kind: ref.kind,
  listing_id: ref.id,
});
async function accountRows(): Promise<string[]> {
  const { data, error } = await account.from('favorites').select('listing_kind, listing_id');
  expect(error).toBeNull();
  return (data ?? []).map((r) => `${r.listing_kind}:${r.listing_id}`).sort();
}
async function addToAccount(refs: { kind: string; id: string }[]) {
  const { error } = await account.from('favorites').insert(refs.map(row));
  expect(error).toBeNull();
}

/** A uuid no listing has: a place removed since it was saved. */
const gone = (n: number): FavoritePlace => ({
  kind: 'hospedagem',
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  slug: `removido-${n}`,
  name: `Removido ${n}`,
  photo: '',
  phone: '',
});
const key = (place: { kind: string; id: string }) => `${place.kind}:${place.id}`;

function writeDevice(items: Favorite[]) {
  localStorage.setItem(DEVICE_KEY, JSON.stringify({ items, removed: [] }));
}
function readDevice(): DeviceFavorites {
  return JSON.parse(localStorage.getItem(DEVICE_KEY) ?? '{"items":[],"removed":[]}');
}

let FavoritesSync: ComponentType<{ supabaseUrl: string }>;
/** Every toast shown, in order. */
let toasts: string[] = [];
let consoleError: MockInstance<typeof console.error>;

/** A page of a signed-in visitor: the header's FavoritesSync hydrates. */
const openPage = () => render(<FavoritesSync supabaseUrl={relay.url} />);

/** A heart tapped (the favourites script's event), for FavoritesSync to write to the account. */
function tap(place: FavoritePlace, saved: boolean) {
  const detail: FavoritesEventDetail = { change: { place, saved } };
  dispatchEvent(new CustomEvent('gf:favoritos', { detail }));
}

const requests = (method: string) =>
  relay.seen.filter((s) => s.method === method && s.path.startsWith(FAVORITES_PATH)).length;

beforeAll(async () => {
  dbLocal = await startLocalSupabaseProcess({ autoconfirm: true, seed: true });
  dbLocalUrl = dbLocal.url;
  publishableKey = dbLocal.publishableKey;
  const signUp = await fetch(`${dbLocalUrl}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: EMAIL,
      password: PASSWORD,
      data: { full_name: 'Rui Favoritos', username: 'rui.favoritos', avatar_url: null },
    }),
  });
  expect(signUp.status).toBe(200);
  account = createClient(dbLocalUrl, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const signed = await account.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  expect(signed.error).toBeNull();
  me = signed.data.user?.id ?? '';
  const { data } = await account
    .from('hospedagens')
    .select('id, slug, name, image_url, phone')
    .limit(2);
  const [a, b] = (data ?? []).map((p) => ({
    kind: 'hospedagem' as const,
    id: p.id,
    slug: p.slug,
    name: p.name,
    photo: p.image_url,
    phone: p.phone,
  }));
  if (!a || !b) throw new Error('the demo seed has no two hospedagens');
  first = a;
  second = b;

  relay = await startRelay(dbLocalUrl);
}, 120_000);

afterAll(async () => {
  await relay?.close();
  await dbLocal?.stop();
});

beforeEach(async () => {
  vi.stubEnv('PUBLIC_SUPABASE_URL', relay.url);
  vi.stubEnv('PUBLIC_SUPABASE_PUBLISHABLE_KEY', publishableKey);
  vi.resetModules();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('Multiple GoTrueClient instances')) warn(...args);
  });
  // The island and the toasts from one module graph, as on a page.
  FavoritesSync = (await import('../../src/islands/FavoritesSync.tsx')).default;
  const { currentToasts, subscribeToasts } = await import('../../src/lib/toast.ts');
  toasts = [];
  let last = 0;
  subscribeToasts(() => {
    for (const shown of currentToasts()) {
      if (shown.id > last) {
        toasts.push(shown.title);
        last = shown.id;
      }
    }
  });
  const { error } = await account.from('favorites').delete().eq('user_id', me);
  expect(error).toBeNull();
});

afterEach(() => {
  cleanup();
  relay.reset();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  localStorage.clear();
});

const own = (place: FavoritePlace, savedAt: number): Favorite => ({ ...place, savedAt });
const mine = (place: FavoritePlace, savedAt: number): Favorite => ({
  ...place,
  savedAt,
  account: me,
});

describe('the merge of the device with the account', () => {
  it('happens once per sign-in: later pages only bring the account down, without the notice', async () => {
    // The account is full and this device has one more of its own.
    const full = Array.from({ length: FAVORITES_MAX }, (_, i) => gone(i + 1));
    await addToAccount(full);
    writeDevice([...full.map((place, i) => mine(place, i)), own(first, 1000)]);
    await signIn();
    const firstPage = openPage();
    await waitFor(() => expect(toasts).toEqual([FAVORITES_MESSAGES.mergeTruncated(1)]));
    firstPage.unmount();
    expect(requests('GET')).toBe(1);

    // Removed on another device before the next page.
    const removed = await account.from('favorites').delete().eq('listing_id', gone(2).id);
    expect(removed.error).toBeNull();
    openPage();
    // A heart tapped there reaches the account after what the page queued before it.
    tap(gone(1), false);
    await waitFor(async () => expect(await accountRows()).toHaveLength(FAVORITES_MAX - 2));
    expect(requests('GET')).toBe(2);
    expect(requests('POST')).toBe(0);
    expect(toasts).toEqual([FAVORITES_MESSAGES.mergeTruncated(1)]);
    const keys = readDevice().items.map(key);
    expect(keys).not.toContain(key(gone(2)));
    expect(keys).toContain(key(first));
    cleanup();

    // Signed in again: a new session, merged again; the account has room now.
    await signIn();
    openPage();
    await waitFor(() =>
      expect(readDevice().items.find((item) => item.id === first.id)?.account).toBe(me),
    );
    expect(requests('POST')).toBe(1);
    expect(await accountRows()).toContain(key(first));
  });

  it('offline, fails without a word and runs when the browser is back online; a tap that fails says so', async () => {
    writeDevice([own(first, 1)]);
    await signIn();
    const dropped = relay.when('GET', FAVORITES_PATH, 'drop');
    openPage();
    await dropped;
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith(
        'Erro ao atualizar os favoritos da conta:',
        expect.anything(),
      ),
    );
    expect(toasts).toEqual([]);
    expect(await accountRows()).toEqual([]);

    relay.reset();
    dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await accountRows()).toEqual([key(first)]));
    await waitFor(() => expect(readDevice().items[0]?.account).toBe(me));
    expect(toasts).toEqual([]);

    const saveDropped = relay.when('POST', FAVORITES_PATH, 'drop');
    tap(second, true);
    await saveDropped;
    await waitFor(() => expect(toasts).toEqual([FAVORITES_MESSAGES.saveFailed]));
  });

  it('skips a favourite another tab saved meanwhile, and saves the rest', async () => {
    writeDevice([own(first, 1), own(second, 2)]);
    await signIn();
    const held = relay.when('POST', FAVORITES_PATH, 'hold');
    openPage();
    await held;
    await addToAccount([first]);
    relay.releaseAll();
    await waitFor(() => expect(readDevice().items.map((item) => item.account)).toEqual([me, me]));
    expect(await accountRows()).toEqual([key(first), key(second)].sort());
    expect(toasts).toEqual([]);
  });

  it('when the account filled up meanwhile, keeps the device’s here and says so once', async () => {
    const almost = Array.from({ length: FAVORITES_MAX - 1 }, (_, i) => gone(i + 1));
    await addToAccount(almost);
    writeDevice([...almost.map((place, i) => mine(place, i)), own(first, 1000)]);
    await signIn();
    const held = relay.when('POST', FAVORITES_PATH, 'hold');
    openPage();
    await held;
    await addToAccount([gone(500)]);
    relay.releaseAll();
    await waitFor(() => expect(toasts).toEqual([FAVORITES_MESSAGES.mergeTruncated(1)]));
    const here = readDevice().items.find((item) => item.id === first.id);
    expect(here).toBeDefined();
    expect(here?.account).toBeUndefined();
    expect(await accountRows()).toHaveLength(FAVORITES_MAX);
  });

  it('takes a favourite whose place no longer exists off the account and the device', async () => {
    await addToAccount([gone(1), first]);
    await signIn();
    openPage();
    await waitFor(() =>
      expect(readDevice().items.map((item) => [item.id, item.account])).toEqual([[first.id, me]]),
    );
    expect(await accountRows()).toEqual([key(first)]);
    expect(toasts).toEqual([]);
  });
});
