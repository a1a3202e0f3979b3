// Visitors' favourites: the places a visitor saves with the heart on cards, dialogs and listing
// pages. Anonymous, they live on the device; signed in, in `public.favorites` (one row per
// account, kind and listing), written from the browser with the visitor's own token. The
// favorites migration states the same cap and refusal.
import type { ListingKind } from './types.ts';

/** Places one account may keep; the database refuses the next one, and the site says why. */
export const FAVORITES_MAX = 100;

/** The SQLSTATE the database raises when an account's favourites are full. */
export const FAVORITES_FULL_CODE = 'GF012';

export const FAVORITES_MESSAGES = {
  full: `Você já tem ${FAVORITES_MAX} favoritos. Remova algum para salvar outro.`,
  /** At sign-in, when the device's and the account's together pass the cap. */
  mergeTruncated: (left: number) =>
    `Você já tem ${FAVORITES_MAX} favoritos na sua conta: ${left === 1 ? '1 favorito deste aparelho não foi salvo' : `${left} favoritos deste aparelho não foram salvos`}.`,
  saveFailed: 'Não foi possível salvar o favorito. Tente novamente.',
  removeFailed: 'Não foi possível remover o favorito. Tente novamente.',
} as const;

/** The heart's two states, as its accessible name says them. */
export const FAVORITE_LABELS = {
  add: 'Salvar nos favoritos',
  remove: 'Remover dos favoritos',
} as const;

/** One favourite as the account keeps it (`public.favorites`). */
export type FavoriteRow = {
  user_id: string;
  listing_kind: ListingKind;
  listing_id: string;
  created_at: string;
};

/** `public.favorites`'s columns → PostgreSQL type name (as TABLE_COLUMNS states the others). */
export const FAVORITE_COLUMNS = {
  user_id: 'uuid',
  listing_kind: 'listing_kind',
  listing_id: 'uuid',
  created_at: 'timestamptz',
} as const satisfies Record<keyof FavoriteRow, string>;
