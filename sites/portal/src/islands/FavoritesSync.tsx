// The account's favourites, for someone signed in: hydrated with the header's account menu
// (client:session), so anonymous visitors never download it nor supabase-js. At hydration (the
// first page after signing in, and every page after) it merges the device's favourites with the
// account's; then each heart tapped here (FAVORITES_EVENT) is written to the account too; at
// sign-out the account's favourites leave this device. Draws nothing: its messages are toasts,
// shown by the account menu's Toaster.
import { FAVORITES_MESSAGES } from '@guia-fortim/domain';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect } from 'react';
import { sessionStorageKey } from '../lib/auth/session-key.ts';
import { dropFavorite, forgetAccounts } from '../lib/favorites/account.ts';
import {
  FAVORITES_EVENT,
  type FavoritesEventDetail,
  readDevice,
  writeDevice,
} from '../lib/favorites/device.ts';
import { readStoredUser, SESSION_CHANGED_EVENT } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

type Props = { supabaseUrl: string };

const redraw = () => dispatchEvent(new CustomEvent(FAVORITES_EVENT, { detail: {} }));

export default function FavoritesSync({ supabaseUrl }: Props) {
  useEffect(() => {
    const key = sessionStorageKey(supabaseUrl);
    let userId: string | null = null;
    // One account call at a time, in the order of the taps: a merge never sees half a change.
    let queue: Promise<void> = Promise.resolve();
    const enqueue = (work: (supabase: SupabaseClient) => Promise<void>, failure: string) => {
      queue = queue
        .then(async () => {
          const { getSupabase } = await import('../lib/auth/client.ts');
          await work(getSupabase());
        })
        .catch((error) => {
          console.error('Erro ao atualizar os favoritos da conta:', error);
          toast({ title: failure, variant: 'destructive' });
        });
    };
    const onSession = () => {
      const user = readStoredUser(localStorage.getItem(key));
      if ((user?.id ?? null) === userId) return;
      userId = user?.id ?? null;
      if (!user) {
        writeDevice(localStorage, forgetAccounts(readDevice(localStorage)));
        redraw();
        return;
      }
      enqueue(async (supabase) => {
        const { mergeWithAccount } = await import('../lib/favorites/sync.ts');
        const { left } = await mergeWithAccount(supabase, user.id);
        redraw();
        if (left > 0) toast({ title: FAVORITES_MESSAGES.mergeTruncated(left) });
      }, FAVORITES_MESSAGES.saveFailed);
    };
    const onChange = (event: Event) => {
      const change = (event as CustomEvent<FavoritesEventDetail>).detail?.change;
      const me = userId;
      if (!change || !me) return;
      const { place, saved } = change;
      if (saved) {
        enqueue(async (supabase) => {
          const { saveInAccount } = await import('../lib/favorites/sync.ts');
          if ((await saveInAccount(supabase, me, place)) === 'full') {
            writeDevice(localStorage, dropFavorite(readDevice(localStorage), place));
            redraw();
            toast({ title: FAVORITES_MESSAGES.full, variant: 'destructive' });
          }
        }, FAVORITES_MESSAGES.saveFailed);
      } else {
        enqueue(async (supabase) => {
          const { removeFromAccount } = await import('../lib/favorites/sync.ts');
          await removeFromAccount(supabase, me, place);
        }, FAVORITES_MESSAGES.removeFailed);
      }
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) onSession();
    };
    onSession();
    addEventListener(FAVORITES_EVENT, onChange);
    addEventListener(SESSION_CHANGED_EVENT, onSession);
    addEventListener('storage', onStorage);
    return () => {
      removeEventListener(FAVORITES_EVENT, onChange);
      removeEventListener(SESSION_CHANGED_EVENT, onSession);
      removeEventListener('storage', onStorage);
    };
  }, [supabaseUrl]);
  return null;
}
