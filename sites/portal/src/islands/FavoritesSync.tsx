// The account's favourites, for someone signed in: hydrated with the header's account menu
// (client:session), so anonymous visitors never download it nor supabase-js. Once after each
// sign-in (the first page that hydrates it; merged.ts remembers it) it merges the device's
// favourites with the account's, with its notice when the account has no room; every later page
// only brings down what the account gained or lost elsewhere. Both run quietly when they fail
// and again when the browser is back online, since nobody tapped anything. Each heart tapped
// here (FAVORITES_EVENT) is written to the account too, and a tap that fails says so; at
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
import { forgetMerged, markMerged, sessionIdOf, wasMerged } from '../lib/favorites/merged.ts';
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
    /** `failure`: the toast of a tap that failed; null for the merge, which fails quietly. */
    const enqueue = (
      work: (supabase: SupabaseClient) => Promise<void>,
      failure: string | null,
      onFailure?: () => void,
    ) => {
      queue = queue
        .then(async () => {
          const { getSupabase } = await import('../lib/auth/client.ts');
          const supabase = getSupabase();
          // Only with the session of the account this page knows: while supabase-js is still
          // taking a sign-in in (or one just ended), its calls would go as the public, whom the
          // favourites refuse. A merge left for that waits for the session's next change; a tap
          // stays on the device, which the next merge brings up.
          const { data } = await supabase.auth.getSession();
          if (!data.session || data.session.user.id !== userId) {
            onFailure?.();
            return;
          }
          await work(supabase);
        })
        .catch((error) => {
          console.error('Erro ao atualizar os favoritos da conta:', error);
          onFailure?.();
          if (failure) toast({ title: failure, variant: 'destructive' });
        });
    };
    /** Set when a merge failed: the next 'online' tries it again. */
    let mergePending = false;
    const merge = (me: string, session: string) => {
      mergePending = false;
      enqueue(
        async (supabase) => {
          if (userId !== me) return;
          const first = !wasMerged(localStorage, me, session);
          const { mergeWithAccount } = await import('../lib/favorites/sync.ts');
          const { left } = await mergeWithAccount(supabase, me, first);
          markMerged(localStorage, me, session);
          redraw();
          if (left > 0) toast({ title: FAVORITES_MESSAGES.mergeTruncated(left) });
        },
        null,
        () => {
          if (userId === me) mergePending = true;
        },
      );
    };
    const onSession = () => {
      const raw = localStorage.getItem(key);
      const user = readStoredUser(raw);
      if ((user?.id ?? null) === userId && !mergePending) return;
      userId = user?.id ?? null;
      if (!user) {
        mergePending = false;
        forgetMerged(localStorage);
        writeDevice(localStorage, forgetAccounts(readDevice(localStorage)));
        redraw();
        return;
      }
      merge(user.id, sessionIdOf(raw));
    };
    const onOnline = () => {
      if (mergePending && userId) merge(userId, sessionIdOf(localStorage.getItem(key)));
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
    addEventListener('online', onOnline);
    return () => {
      removeEventListener(FAVORITES_EVENT, onChange);
      removeEventListener(SESSION_CHANGED_EVENT, onSession);
      removeEventListener('storage', onStorage);
      removeEventListener('online', onOnline);
    };
  }, [supabaseUrl]);
  return null;
}
