// @vitest-environment happy-dom
// Visitors' favourites on the device: the storage and merge rules at their edges, the hearts'
// inline script exactly as the build writes it (lib/favorites/script.ts) answering the hearts of
// a card and a dialog, and 'Meus favoritos' drawn from what the device keeps. The account's side
// (supabase-js against the database) is in tests/e2e/favorites.spec.ts.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ListingCard } from '../../src/components/cards/ListingCard.tsx';
import { FavoriteButton } from '../../src/components/FavoriteButton.tsx';
import FavoritesList from '../../src/islands/FavoritesList.tsx';
import {
  dropFavorite,
  forgetAccounts,
  forgetRemoval,
  markInAccount,
  planMerge,
  reconcile,
} from '../../src/lib/favorites/account.ts';
import {
  type DeviceFavorites,
  type Favorite,
  type FavoritePlace,
  parseDevice,
  parsePlace,
  readDevice,
  toggleFavorite,
  writeDevice,
} from '../../src/lib/favorites/device.ts';
import { favoritesScript, favoritesScriptData } from '../../src/lib/favorites/script.ts';
import { comercio, hospedagem, listingId, passeio } from './fixtures.ts';

const ME = 'usuario-1';
const SUPABASE_URL = 'http://127.0.0.1:54321';
const OTHER = 'usuario-2';

const place = (n: number, kind: FavoritePlace['kind'] = 'hospedagem'): FavoritePlace => ({
  kind,
  id: listingId(`lugar-${n}`),
  slug: `lugar-${n}`,
  name: `Lugar ${n}`,
  photo: `/demo/lugar-${n}-hero.jpg`,
  phone: '5588999990000',
});
const saved = (n: number, extra: Partial<Favorite> = {}): Favorite => ({
  ...place(n),
  savedAt: n,
  ...extra,
});
const device = (items: Favorite[], removed: DeviceFavorites['removed'] = []): DeviceFavorites => ({
  items,
  removed,
});
const refs = (numbers: number[]) =>
  numbers.map((n) => ({ kind: 'hospedagem' as const, id: place(n).id }));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

describe('the device keeps favourites', () => {
  it('saves the 100th and refuses the 101st', () => {
    const ninetyNine = device(range(1, 99).map((n) => saved(n)));
    const hundredth = toggleFavorite(ninetyNine, place(100), 1000, 100);
    expect([hundredth.saved, hundredth.full, hundredth.state.items.length]).toEqual([
      true,
      false,
      100,
    ]);
    const refused = toggleFavorite(hundredth.state, place(101), 1001, 100);
    expect([refused.saved, refused.full]).toEqual([false, true]);
    expect(refused.state).toBe(hundredth.state);
    // At the cap, removing one still works.
    expect(toggleFavorite(hundredth.state, place(50), 1002, 100).state.items).toHaveLength(99);
  });

  it("remembers the removal of an account's favourite only, and forgets it when saved again", () => {
    const state = device([saved(1, { account: ME }), saved(2)]);
    const removedBoth = toggleFavorite(
      toggleFavorite(state, place(1), 10, 100).state,
      place(2),
      11,
      100,
    ).state;
    expect(removedBoth).toEqual(device([], [{ kind: 'hospedagem', id: place(1).id, account: ME }]));
    const again = toggleFavorite(removedBoth, place(1), 12, 100).state;
    expect(again).toEqual(device([saved(1, { savedAt: 12 })], []));
  });

  it('reads storage leniently: anything unreadable is left out, never thrown', () => {
    expect(parseDevice(null)).toEqual(device([]));
    expect(parseDevice('{não é json')).toEqual(device([]));
    expect(parseDevice('[1,2]')).toEqual(device([]));
    const raw = JSON.stringify({
      items: [
        saved(1),
        saved(1), // twice: one favourite
        { ...saved(2), kind: 'hotel' },
        { ...saved(3), name: 42 },
        null,
        { ...saved(4), account: ME, extra: '<b>x</b>' },
      ],
      removed: [
        { kind: 'passeio', id: place(9).id, account: ME },
        { kind: 'passeio', id: place(8).id },
        7,
      ],
    });
    expect(parseDevice(raw)).toEqual(
      device(
        [saved(1), saved(4, { account: ME })],
        [{ kind: 'passeio', id: place(9).id, account: ME }],
      ),
    );
    writeDevice(localStorage, device([saved(5)]));
    expect(readDevice(localStorage)).toEqual(device([saved(5)]));
    localStorage.clear();
  });

  it('accepts only a uuid id and a known kind, so a malformed entry never reaches the account', () => {
    const id = place(1).id;
    expect(parsePlace(place(1))).toEqual(place(1));
    expect(parsePlace({ ...place(1), id: id.toUpperCase() })).not.toBeNull();
    for (const bad of ['', 'x', `${id}0`, id.slice(1), `${id.slice(0, -1)}g`, ` ${id}`]) {
      expect(parsePlace({ ...place(1), id: bad })).toBeNull();
    }
    expect(parsePlace({ ...place(1), kind: 'hotel' })).toBeNull();
    const raw = JSON.stringify({
      items: [saved(1), { ...saved(2), id: 'não-é-uuid' }],
      removed: [{ kind: 'passeio', id: '1;drop', account: ME }],
    });
    expect(parseDevice(raw)).toEqual(device([saved(1)]));
  });
});

describe('merging with the account at sign-in', () => {
  it("is the union: the device's go to the account, the account's come to the device", () => {
    const plan = planMerge(device([saved(1), saved(2)]), refs([2, 3]), ME, 100);
    expect(plan).toEqual({ toDelete: [], toInsert: [saved(1)], missing: refs([3]), left: 0 });
    const account = new Map([
      [`hospedagem:${place(1).id}`, null],
      [`hospedagem:${place(2).id}`, null],
      [`hospedagem:${place(3).id}`, place(3)],
    ]);
    expect(reconcile(device([saved(1), saved(2)]), ME, account, [], 99)).toEqual(
      device([
        saved(1, { account: ME }),
        saved(2, { account: ME }),
        { ...place(3), savedAt: 99, account: ME },
      ]),
    );
  });

  it('fills the account up to 100, oldest first, and keeps the rest on this device', () => {
    const mine = range(201, 3).map((n) => saved(n));
    // 97 + 3 = 100: all go.
    expect(planMerge(device(mine), refs(range(1, 97)), ME, 100)).toMatchObject({
      toInsert: mine,
      left: 0,
    });
    // 98 + 3: the two oldest go, one stays here.
    const plan = planMerge(device([...mine].reverse()), refs(range(1, 98)), ME, 100);
    expect(plan).toMatchObject({ toInsert: [saved(201), saved(202)], left: 1 });
    // 100 already: none go, none is lost.
    expect(planMerge(device(mine), refs(range(1, 100)), ME, 100)).toMatchObject({
      toInsert: [],
      left: 3,
    });
    const account = new Map(range(1, 100).map((n) => [`hospedagem:${place(n).id}`, null]));
    expect(reconcile(device(mine), ME, account, [], 0).items).toEqual(mine);
  });

  it('removal works both ways', () => {
    // Removed here while signed in: the account forgets it, even if it answered with it.
    const removed = [{ kind: 'hospedagem' as const, id: place(1).id, account: ME }];
    const plan = planMerge(device([], removed), refs([1, 2]), ME, 100);
    expect(plan).toEqual({ toDelete: removed, toInsert: [], missing: refs([2]), left: 0 });
    // The account's favourite removed on another device leaves this one; one saved here only stays.
    const here = device([saved(1, { account: ME }), saved(2)]);
    expect(reconcile(here, ME, new Map(), [], 0)).toEqual(device([saved(2)]));
    // Another account's removals wait for that account.
    const theirs = [{ kind: 'hospedagem' as const, id: place(3).id, account: OTHER }];
    expect(planMerge(device([], theirs), [], ME, 100).toDelete).toEqual([]);
    expect(reconcile(device([], [...removed, ...theirs]), ME, new Map(), removed, 0)).toEqual(
      device([], theirs),
    );
  });

  it("signing out takes the account's favourites off the device, and the single-change steps", () => {
    const state = device(
      [saved(1, { account: ME }), saved(2)],
      [{ kind: 'hospedagem', id: place(3).id, account: ME }],
    );
    expect(forgetAccounts(state)).toEqual(device([saved(2)]));
    expect(markInAccount(state, place(2), ME).items[1]).toEqual(saved(2, { account: ME }));
    expect(dropFavorite(state, place(1)).items).toEqual([saved(2)]);
    expect(forgetRemoval(state, place(3), OTHER).removed).toHaveLength(1);
    expect(forgetRemoval(state, place(3), ME).removed).toEqual([]);
  });
});

describe('the hearts, answered by the inline script', () => {
  beforeAll(() => {
    const element = document.createElement('script');
    for (const [name, value] of Object.entries(favoritesScriptData)) {
      element.setAttribute(name, value);
    }
    Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
    new Function(favoritesScript())();
    Object.defineProperty(document, 'currentScript', { value: null, configurable: true });
  });
  beforeEach(() => localStorage.clear());
  afterEach(() => cleanup());

  it('is small and cannot be closed by what it says', () => {
    const script = favoritesScript();
    expect(script.length).toBeLessThan(3000);
    expect(script).not.toContain('</');
    expect(favoritesScriptData['data-max']).toBe('100');
  });

  it("a card's heart saves the place for 'Meus favoritos' and removes it, without opening the card", async () => {
    const item = hospedagem('azul', { name: 'Pousada Azul', phone: '5588911112222' });
    render(<ListingCard item={item} onOpen={() => expect.unreachable('opened')} />);
    const heart = await screen.findByRole('button', { name: 'Salvar nos favoritos' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-label')).toBe('Remover dos favoritos');
    expect(readDevice(localStorage).items).toEqual([
      {
        kind: 'hospedagem',
        id: item.id,
        slug: 'azul',
        name: 'Pousada Azul',
        photo: item.images[0],
        phone: '5588911112222',
        savedAt: expect.any(Number),
      },
    ]);
    fireEvent.click(heart);
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(readDevice(localStorage).items).toEqual([]);
  });

  it('every heart of the same place follows, those drawn later included', async () => {
    const item = passeio('barco');
    render(<FavoriteButton item={item} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nos favoritos' }));
    // A dialog opened afterwards draws its own heart: marked as it appears.
    const later = document.createElement('div');
    document.body.append(later);
    render(<FavoriteButton item={item} />, { container: later });
    await expect
      .poll(() =>
        screen
          .getAllByRole('button', { name: /favoritos/ })
          .map((heart) => heart.getAttribute('aria-pressed')),
      )
      .toEqual(['true', 'true']);
    later.remove();
  });

  it('the 101st is refused with the reason, and nothing is saved', () => {
    writeDevice(localStorage, device(range(1, 100).map((n) => saved(n))));
    render(<FavoriteButton item={comercio('cheio')} />);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar nos favoritos' }));
    expect(screen.getByRole('status').textContent).toBe(
      'Você já tem 100 favoritos. Remova algum para salvar outro.',
    );
    expect(readDevice(localStorage).items).toHaveLength(100);
  });
});

describe("'Meus favoritos'", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => cleanup());

  it('says in Portuguese that there is none yet, and where they are kept', () => {
    render(<FavoritesList supabaseUrl={SUPABASE_URL} />);
    expect(screen.getByText('Você ainda não tem favoritos.')).toBeTruthy();
    expect(screen.getByText(/ficam neste aparelho/)).toBeTruthy();
    expect(screen.queryByText(/na sua conta/)).toBeNull();
    cleanup();

    localStorage.setItem(
      'sb-127-auth-token',
      JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: ME, email: 'a@b.c' } }),
    );
    render(<FavoritesList supabaseUrl={SUPABASE_URL} />);
    expect(screen.getByText(/ficam guardados na sua conta/)).toBeTruthy();
    expect(screen.queryByText(/ficam neste aparelho/)).toBeNull();
  });

  it('lists them by kind, each opening its page and its WhatsApp, hostile names as text', () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    writeDevice(
      localStorage,
      device([
        { ...place(1, 'passeio'), savedAt: 1 },
        { ...place(2, 'hospedagem'), name: hostile, savedAt: 2 },
        { ...place(3, 'comercio'), phone: '', savedAt: 3 },
      ]),
    );
    render(<FavoritesList supabaseUrl={SUPABASE_URL} />);
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Hospedagens',
      'Comércios',
      'Passeios',
    ]);
    const lodging = screen.getByRole('region', { name: 'Hospedagens' });
    const link = within(lodging).getByRole('link', { name: hostile });
    expect(link.getAttribute('href')).toBe('/hospedagem/lugar-2');
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(
      within(lodging)
        .getByRole('link', { name: /Fale agora/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/5588999990000\?/);
    // No phone: no WhatsApp link.
    const shop = screen.getByRole('region', { name: 'Comércios' });
    expect(within(shop).queryByRole('link', { name: /Fale agora/ })).toBeNull();
    expect(within(shop).getByRole('link', { name: 'Lugar 3' }).getAttribute('href')).toBe(
      '/comercio/lugar-3',
    );
  });
});
