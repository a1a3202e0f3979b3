// Keeping the device's favourites and the account's in step (FavoritesSync), as pure rules:
// at sign-in the two are merged into their union — nothing is lost — within the account's cap;
// a favourite removed on one side is removed on the other.
import {
  type DeviceFavorites,
  type Favorite,
  type FavoritePlace,
  favoriteKey,
  type RemovedFavorite,
} from './device.ts';

export type ListingRef = Pick<FavoritePlace, 'kind' | 'id'>;

export type MergePlan = {
  /** Removed here while signed in, not yet removed from the account. */
  toDelete: RemovedFavorite[];
  /** Saved here and not in the account: the oldest first, as many as the cap leaves room for. */
  toInsert: Favorite[];
  /** In the account and not on this device: to be drawn, their places are read. */
  missing: ListingRef[];
  /** Saved here that the account has no room for: they stay on this device only. */
  left: number;
};

/** What to do to merge this device's favourites with the account's `rows`. */
export function planMerge(
  state: DeviceFavorites,
  rows: ListingRef[],
  userId: string,
  max: number,
): MergePlan {
  const toDelete = state.removed.filter((gone) => gone.account === userId);
  const deleted = new Set(toDelete.map(favoriteKey));
  const inAccount = new Set(rows.map(favoriteKey).filter((key) => !deleted.has(key)));
  const here = new Set(state.items.map(favoriteKey));
  const candidates = state.items
    .filter((item) => !item.account && !inAccount.has(favoriteKey(item)))
    .sort((a, b) => a.savedAt - b.savedAt);
  const room = Math.max(0, max - inAccount.size);
  return {
    toDelete,
    toInsert: candidates.slice(0, room),
    missing: rows.filter((row) => inAccount.has(favoriteKey(row)) && !here.has(favoriteKey(row))),
    left: Math.max(0, candidates.length - room),
  };
}

/**
 * The device once the account holds `account` (every favourite it has now, with its place when
 * it was read) and has forgotten `forgotten`: what the account has is marked as the account's
 * (and added when missing here); an account's favourite it no longer has was removed elsewhere
 * and goes; one saved here only stays, unmarked.
 */
export function reconcile(
  state: DeviceFavorites,
  userId: string,
  account: Map<string, FavoritePlace | null>,
  forgotten: RemovedFavorite[],
  now: number,
): DeviceFavorites {
  const done = new Set(forgotten.map((gone) => `${gone.account}|${favoriteKey(gone)}`));
  const items: Favorite[] = [];
  for (const item of state.items) {
    if (account.has(favoriteKey(item))) items.push({ ...item, account: userId });
    else if (!item.account) items.push(item);
  }
  const here = new Set(items.map(favoriteKey));
  for (const [key, place] of account) {
    if (place && !here.has(key)) items.push({ ...place, savedAt: now, account: userId });
  }
  return {
    items,
    removed: state.removed.filter((gone) => !done.has(`${gone.account}|${favoriteKey(gone)}`)),
  };
}

/**
 * Signed out: the account's favourites leave this device (the account keeps them); those saved
 * here only stay.
 */
export function forgetAccounts(state: DeviceFavorites): DeviceFavorites {
  return { items: state.items.filter((item) => !item.account), removed: [] };
}

/** One favourite the account now has: marked as the account's. */
export function markInAccount(
  state: DeviceFavorites,
  place: ListingRef,
  userId: string,
): DeviceFavorites {
  const key = favoriteKey(place);
  return {
    ...state,
    items: state.items.map((item) =>
      favoriteKey(item) === key ? { ...item, account: userId } : item,
    ),
  };
}

/** One favourite the account refused (full): it leaves this device too. */
export function dropFavorite(state: DeviceFavorites, place: ListingRef): DeviceFavorites {
  const key = favoriteKey(place);
  return { ...state, items: state.items.filter((item) => favoriteKey(item) !== key) };
}

/** One removal the account has made as well: nothing left to forget. */
export function forgetRemoval(
  state: DeviceFavorites,
  place: ListingRef,
  userId: string,
): DeviceFavorites {
  const key = favoriteKey(place);
  return {
    ...state,
    removed: state.removed.filter((gone) => gone.account !== userId || favoriteKey(gone) !== key),
  };
}
