// The account's side of the favourites (public.favorites), from the browser with the visitor's
// own session, as the profile is: the merge at sign-in and each heart tapped while signed in.
// Only FavoritesSync (hydrated for someone signed in) imports it, so supabase-js stays off the
// pages of anonymous visitors.
import {
  FAVORITES_FULL_CODE,
  FAVORITES_MAX,
  LISTING_KINDS,
  LISTING_TABLE,
  type ListingKind,
} from '@guia-fortim/domain';
import type { SupabaseClient } from '@supabase/supabase-js';
import { forgetRemoval, type ListingRef, markInAccount, planMerge, reconcile } from './account.ts';
import {
  type DeviceFavorites,
  type FavoritePlace,
  favoriteKey,
  readDevice,
  writeDevice,
} from './device.ts';

type Row = { listing_kind: ListingKind; listing_id: string };
type PlaceRow = { id: string; slug: string; name: string; image_url: string; phone: string };

const toRow = (ref: ListingRef) => ({ listing_kind: ref.kind, listing_id: ref.id });
const toRef = (row: Row): ListingRef => ({ kind: row.listing_kind, id: row.listing_id });

/** The places of the account's favourites this device lacks, as a visitor reads them. */
async function readPlaces(
  supabase: SupabaseClient,
  refs: ListingRef[],
): Promise<Map<string, FavoritePlace>> {
  const places = new Map<string, FavoritePlace>();
  await Promise.all(
    LISTING_KINDS.map(async (kind) => {
      const ids = refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
      if (ids.length === 0) return;
      const { data, error } = await supabase
        .from(LISTING_TABLE[kind])
        .select('id, slug, name, image_url, phone')
        .in('id', ids);
      if (error) throw error;
      for (const row of (data ?? []) as PlaceRow[]) {
        const place = { kind, id: row.id, slug: row.slug, name: row.name, phone: row.phone };
        places.set(favoriteKey(place), { ...place, photo: row.image_url });
      }
    }),
  );
  return places;
}

/** Removes `refs` from the account, one request per kind. */
async function deleteFromAccount(supabase: SupabaseClient, refs: ListingRef[]): Promise<void> {
  for (const kind of LISTING_KINDS) {
    const ids = refs.filter((ref) => ref.kind === kind).map((ref) => ref.id);
    if (ids.length === 0) continue;
    const { error } = await supabase
      .from('favorites')
      .delete()
      .eq('listing_kind', kind)
      .in('listing_id', ids);
    if (error) throw error;
  }
}

/**
 * Merges the device's favourites with the account's (their union, within the cap) and stores
 * the result here. Answers how many of this device's the account had no room for. With
 * `addDevice` false (a later page of the same sign-in) the account only comes down: what it
 * gained or lost elsewhere reaches this device, and those kept here only stay here. An account's
 * favourite whose place no longer exists (the listing was removed) leaves the account and this
 * device: nothing would show it, yet it would hold one of the account's places.
 */
export async function mergeWithAccount(
  supabase: SupabaseClient,
  userId: string,
  addDevice = true,
): Promise<{ left: number; state: DeviceFavorites }> {
  const { data, error } = await supabase.from('favorites').select('listing_kind, listing_id');
  if (error) throw error;
  const rows = ((data ?? []) as Row[]).map(toRef);
  const plan = planMerge(readDevice(localStorage), rows, userId, FAVORITES_MAX);
  await deleteFromAccount(supabase, plan.toDelete);
  let left = addDevice ? plan.left : 0;
  let toInsert = addDevice ? plan.toInsert : [];
  if (toInsert.length > 0) {
    // Another tab may have saved one of them meanwhile: already there, it is skipped, not a
    // refusal of the whole batch.
    const inserted = await supabase.from('favorites').upsert(toInsert.map(toRow), {
      onConflict: 'user_id,listing_kind,listing_id',
      ignoreDuplicates: true,
    });
    if (inserted.error?.code === FAVORITES_FULL_CODE) {
      // Filled up meanwhile (another tab, another device): none was saved, all stay here only.
      left += toInsert.length;
      toInsert = [];
    } else if (inserted.error) throw inserted.error;
  }
  const places = await readPlaces(supabase, plan.missing);
  const vanished = plan.missing.filter((ref) => !places.has(favoriteKey(ref)));
  await deleteFromAccount(supabase, vanished);
  const dropped = new Set([...plan.toDelete, ...vanished].map(favoriteKey));
  const account = new Map<string, FavoritePlace | null>();
  for (const ref of [...rows, ...toInsert]) {
    const key = favoriteKey(ref);
    if (!dropped.has(key)) account.set(key, places.get(key) ?? null);
  }
  // Read again: the device may have changed while the account answered.
  const reconciled = reconcile(
    readDevice(localStorage),
    userId,
    account,
    plan.toDelete,
    Date.now(),
  );
  const gone = new Set(vanished.map(favoriteKey));
  const state = {
    ...reconciled,
    items: reconciled.items.filter((item) => !gone.has(favoriteKey(item))),
  };
  writeDevice(localStorage, state);
  return { left, state };
}

/** A heart saved while signed in: 'saved', or 'full' when the account has no room. */
export async function saveInAccount(
  supabase: SupabaseClient,
  userId: string,
  place: ListingRef,
): Promise<'saved' | 'full'> {
  const { error } = await supabase.from('favorites').insert(toRow(place));
  // Already there (saved on another device): the account has it all the same.
  if (error && error.code !== '23505') {
    if (error.code === FAVORITES_FULL_CODE) return 'full';
    throw error;
  }
  writeDevice(localStorage, markInAccount(readDevice(localStorage), place, userId));
  return 'saved';
}

/** A heart removed while signed in: the account forgets it too. */
export async function removeFromAccount(
  supabase: SupabaseClient,
  userId: string,
  place: ListingRef,
): Promise<void> {
  const { error } = await supabase
    .from('favorites')
    .delete()
    .eq('listing_kind', place.kind)
    .eq('listing_id', place.id);
  if (error) throw error;
  writeDevice(localStorage, forgetRemoval(readDevice(localStorage), place, userId));
}
