// The favourites kept on this device, and the one controller of every heart: a small inline
// script at the end of each page (components/FavoritesScript.astro, minified at build), so list
// and listing pages still load no script file. The hearts are plain buttons (FavoriteButton.tsx)
// wherever they are drawn — static cards, a listing's page, the list islands' cards and dialogs —
// and this script, listening on the document, marks them pressed and saves or removes a place on
// a tap. A tap inside a list island before it is hydrated is held by client:interaction and
// replayed once, so it reaches the document once.
//
// What is kept is what 'Meus favoritos' needs to draw a place offline. Signed in, the account is
// kept in step by the header's FavoritesSync island (client:session), which hears every change
// as FAVORITES_EVENT; a favourite already in the account carries its id in `account`, and one
// removed before the account heard of it waits in `removed`.
//
// Self-contained (type imports only): its source is the inline script.
import type { ListingKind } from '@guia-fortim/domain';

export const FAVORITES_STORAGE_KEY = 'guia-fortim:favoritos';

/** Dispatched on the window after the device's favourites change (detail: FavoritesEventDetail). */
export const FAVORITES_EVENT = 'gf:favoritos';

/** The heart's attribute: the place, as JSON (FavoritePlace). */
export const HEART_ATTRIBUTE = 'data-favorito';

/** A place as a heart names it: what 'Meus favoritos' draws. */
export type FavoritePlace = {
  kind: ListingKind;
  id: string;
  slug: string;
  name: string;
  /** The main photo (its hero address; '' without one). */
  photo: string;
  phone: string;
};

export type Favorite = FavoritePlace & {
  /** When it was saved here (ms), so the oldest go to the account first. */
  savedAt: number;
  /** The account it is kept in, once the account has it. */
  account?: string;
};

/** An account's favourite removed here, for the account to forget too. */
export type RemovedFavorite = { kind: ListingKind; id: string; account: string };

export type DeviceFavorites = { items: Favorite[]; removed: RemovedFavorite[] };

/** `change` when a heart was tapped (FavoritesSync writes it to the account); none for a redraw. */
export type FavoritesEventDetail = { change?: { place: FavoritePlace; saved: boolean } };

export type HeartWords = { add: string; remove: string; full: string };

export const favoriteKey = (place: { kind: string; id: string }): string =>
  `${place.kind}:${place.id}`;

const isText = (value: unknown): value is string => typeof value === 'string';

// The account's favourites take a listing's uuid: an entry with anything else (an old or edited
// device) would make the account refuse the whole merge.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A place from a heart or from storage, or null when anything is missing, not text, or not a uuid id. */
export function parsePlace(value: unknown): FavoritePlace | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, id, slug, name, photo, phone } = value as Record<string, unknown>;
  if (kind !== 'hospedagem' && kind !== 'comercio' && kind !== 'passeio') return null;
  if (![id, slug, name, photo, phone].every(isText)) return null;
  if (!UUID.test(id as string)) return null;
  return { kind, id, slug, name, photo, phone } as FavoritePlace;
}

/** What storage holds, read leniently: anything unreadable is left out, never thrown. */
export function parseDevice(raw: string | null): DeviceFavorites {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  const { items, removed } = (stored && typeof stored === 'object' ? stored : {}) as Record<
    string,
    unknown
  >;
  const seen = new Set<string>();
  const favorites: Favorite[] = [];
  for (const entry of Array.isArray(items) ? items : []) {
    const place = parsePlace(entry);
    if (!place || seen.has(favoriteKey(place))) continue;
    seen.add(favoriteKey(place));
    const { savedAt, account } = entry as Record<string, unknown>;
    favorites.push({
      ...place,
      savedAt: typeof savedAt === 'number' ? savedAt : 0,
      ...(isText(account) ? { account } : {}),
    });
  }
  const gone: RemovedFavorite[] = [];
  for (const entry of Array.isArray(removed) ? removed : []) {
    const { kind, id, account } = (entry ?? {}) as Record<string, unknown>;
    const place = parsePlace({ kind, id, slug: '', name: '', photo: '', phone: '' });
    if (place && isText(account)) gone.push({ kind: place.kind, id: place.id, account });
  }
  return { items: favorites, removed: gone };
}

export function readDevice(storage: Storage): DeviceFavorites {
  try {
    return parseDevice(storage.getItem(FAVORITES_STORAGE_KEY));
  } catch {
    return { items: [], removed: [] }; // storage blocked: nothing kept
  }
}

/** Stores the favourites; false when the device refuses (storage blocked or full). */
export function writeDevice(storage: Storage, state: DeviceFavorites): boolean {
  try {
    storage.setItem(FAVORITES_STORAGE_KEY, JSON.stringify(state));
    return true;
  } catch {
    return false;
  }
}

/**
 * A heart tapped: the place removed if it was a favourite (an account's remembered in
 * `removed`), else saved, unless the device already keeps `max` (`full`).
 */
export function toggleFavorite(
  state: DeviceFavorites,
  place: FavoritePlace,
  now: number,
  max: number,
): { state: DeviceFavorites; saved: boolean; full: boolean } {
  const key = favoriteKey(place);
  const current = state.items.find((item) => favoriteKey(item) === key);
  if (current) {
    return {
      state: {
        items: state.items.filter((item) => item !== current),
        removed: current.account
          ? [...state.removed, { kind: current.kind, id: current.id, account: current.account }]
          : state.removed,
      },
      saved: false,
      full: false,
    };
  }
  if (state.items.length >= max) return { state, saved: false, full: true };
  return {
    state: {
      items: [...state.items, { ...place, savedAt: now }],
      // Saved again before the account forgot it: nothing to forget.
      removed: state.removed.filter((gone) => favoriteKey(gone) !== key),
    },
    saved: true,
    full: false,
  };
}

/**
 * The inline controller of every heart on the page (see the top of this file). The cap and the
 * words come from its script element's attributes (`data-max`, `data-words`), so the script's
 * text, and its hash in the Content-Security-Policy, is the same in every build.
 */
export function listenForFavorites(config: { max?: string; words?: string }): void {
  const max = Number(config.max);
  const words = JSON.parse(config.words ?? '') as HeartWords;
  const selector = `[${HEART_ATTRIBUTE}]`;
  const mark = (root: ParentNode) => {
    const saved = new Set(readDevice(localStorage).items.map(favoriteKey));
    const hearts = [...root.querySelectorAll<HTMLElement>(selector)];
    if (root instanceof HTMLElement && root.matches(selector)) hearts.push(root);
    for (const heart of hearts) {
      let on = false;
      try {
        const place = parsePlace(JSON.parse(heart.getAttribute(HEART_ATTRIBUTE) ?? ''));
        on = !!place && saved.has(favoriteKey(place));
      } catch {}
      heart.setAttribute('aria-pressed', String(on));
      heart.setAttribute('aria-label', on ? words.remove : words.add);
    }
  };
  const say = (text: string) => {
    const note = document.createElement('div');
    note.setAttribute('role', 'status');
    note.className =
      'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-sm rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg';
    note.textContent = text;
    document.body.append(note);
    setTimeout(() => note.remove(), 6000);
  };
  document.addEventListener('click', (event) => {
    const heart = (event.target as Element | null)?.closest?.(selector);
    if (!heart) return;
    event.preventDefault();
    let place: FavoritePlace | null = null;
    try {
      place = parsePlace(JSON.parse(heart.getAttribute(HEART_ATTRIBUTE) ?? ''));
    } catch {}
    if (!place) return;
    const result = toggleFavorite(readDevice(localStorage), place, Date.now(), max);
    if (result.full) return say(words.full);
    writeDevice(localStorage, result.state);
    const detail: FavoritesEventDetail = { change: { place, saved: result.saved } };
    dispatchEvent(new CustomEvent(FAVORITES_EVENT, { detail }));
  });
  addEventListener(FAVORITES_EVENT, () => mark(document));
  addEventListener('storage', (event: StorageEvent) => {
    if (event.key === FAVORITES_STORAGE_KEY || event.key === null) mark(document);
  });
  // Hearts an island draws later (a dialog, the next cards, a filter's results).
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof Element) mark(node);
    }
  }).observe(document.body, { childList: true, subtree: true });
  mark(document);
}
