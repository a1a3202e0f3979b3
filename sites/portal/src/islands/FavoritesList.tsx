// 'Meus favoritos': the favourites kept on this device (for someone signed in, the account's too,
// merged by FavoritesSync), by kind, each opening the place's page and its WhatsApp. Drawn from
// what the device keeps, so it works without signal; the empty list says where favourites are
// kept: the account, for someone signed in, or this device. The hearts remove a place (the page's
// favourites script answers them, as everywhere), and the list follows every change.
import { KINDS, LISTING_KINDS, listingPath } from '@guia-fortim/domain';
import { useEffect, useState } from 'react';
import { FavoriteButton } from '../components/FavoriteButton.tsx';
import { ListingImage } from '../components/ListingImage.tsx';
import { WhatsAppLink } from '../components/WhatsAppLink.tsx';
import { sessionStorageKey } from '../lib/auth/session-key.ts';
import {
  FAVORITES_EVENT,
  FAVORITES_STORAGE_KEY,
  type Favorite,
  favoriteKey,
  readDevice,
} from '../lib/favorites/device.ts';
import { readStoredUser, SESSION_CHANGED_EVENT } from '../lib/session.ts';

type Props = { supabaseUrl: string };

/** The list's sizes: a small photo beside the name. */
const THUMB_SIZES = '96px';

const heading = (plural: string) => plural.charAt(0).toUpperCase() + plural.slice(1);

export default function FavoritesList({ supabaseUrl }: Props) {
  // null until the device has been read (the page's HTML cannot know it).
  const [favorites, setFavorites] = useState<Favorite[] | null>(null);
  const [signedIn, setSignedIn] = useState(false);

  useEffect(() => {
    const sessionKey = sessionStorageKey(supabaseUrl);
    const read = () => setFavorites(readDevice(localStorage).items);
    const readSession = () => setSignedIn(!!readStoredUser(localStorage.getItem(sessionKey)));
    const onStorage = (event: StorageEvent) => {
      if (event.key === FAVORITES_STORAGE_KEY || event.key === null) read();
      if (event.key === sessionKey || event.key === null) readSession();
    };
    read();
    readSession();
    addEventListener(FAVORITES_EVENT, read);
    addEventListener(SESSION_CHANGED_EVENT, readSession);
    addEventListener('storage', onStorage);
    return () => {
      removeEventListener(FAVORITES_EVENT, read);
      removeEventListener(SESSION_CHANGED_EVENT, readSession);
      removeEventListener('storage', onStorage);
    };
  }, [supabaseUrl]);

  if (favorites === null) return null;
  if (favorites.length === 0) {
    return (
      <div className="rounded-xl bg-white p-6 text-slate-700 shadow-sm ring-1 ring-slate-200">
        <p className="font-semibold text-slate-900">Você ainda não tem favoritos.</p>
        <p className="mt-2">
          Toque no coração de uma hospedagem, de um comércio ou de um passeio para guardá-lo aqui.
          {signedIn
            ? 'Seus favoritos ficam guardados na sua conta e abrem mesmo sem internet.'
            : 'Seus favoritos ficam neste aparelho e abrem mesmo sem internet.'}
        </p>
        <ul className="mt-4 flex flex-wrap gap-3">
          {LISTING_KINDS.map((kind) => (
            <li key={kind}>
              <a href={KINDS[kind].path} className="font-medium text-mar hover:underline">
                Ver {KINDS[kind].plural}
              </a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-8">
      {LISTING_KINDS.map((kind) => {
        const ofKind = favorites
          .filter((favorite) => favorite.kind === kind)
          .sort((a, b) => b.savedAt - a.savedAt);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-labelledby={`favoritos-${kind}`}>
            <h2 id={`favoritos-${kind}`} className="text-xl font-bold text-slate-900">
              {heading(KINDS[kind].plural)}
            </h2>
            <ul className="mt-3 grid gap-3 md:grid-cols-2">
              {ofKind.map((favorite) => (
                <li
                  key={favoriteKey(favorite)}
                  className="flex items-center gap-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
                  data-favorito-item={favoriteKey(favorite)}
                >
                  <div className="relative size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100">
                    <ListingImage url={favorite.photo} alt="" variant="thumb" sizes={THUMB_SIZES} />
                  </div>
                  <div className="flex min-w-0 flex-1 flex-col items-start gap-2">
                    <a
                      href={listingPath(favorite.kind, favorite.slug)}
                      className="font-semibold text-slate-900 hover:text-mar hover:underline"
                    >
                      {favorite.name}
                    </a>
                    <WhatsAppLink item={favorite} />
                  </div>
                  <FavoriteButton item={{ ...favorite, images: [favorite.photo] }} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
