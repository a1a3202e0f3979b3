// Header account area: 'Entrar' for visitors; for a signed-in user an avatar with initials and
// the 'Minha Conta' menu (Perfil, Painel Admin for administrators and moderators, Sair).
// supabase-js is fetched only to read the roles when the menu opens and to sign out.
import { initials } from '@guia-fortim/domain';
import type { SupabaseClient } from '@supabase/supabase-js';
import { useEffect, useId, useRef, useState } from 'react';
import { Toaster } from '../components/Toaster.tsx';
import { hasAnyRole } from '../lib/admin-role.ts';
import { navigateWithToast } from '../lib/auth/flash.ts';
import { sessionStorageKey } from '../lib/auth/session-key.ts';
import { CONFIRMED_ELSEWHERE, consumeSessionInUrl } from '../lib/auth/url-session.ts';
import { readStoredUser, SESSION_CHANGED_EVENT, type StoredUser } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';

/** `loginHref`: the sign-in page that returns to this one (Header.astro). */
type Props = { supabaseUrl: string; loginHref?: string };

export const ACCOUNT_PATHS = { login: '/auth/login', profile: '/auth/perfil', admin: '/admin/' };

/** The account pages' one client, downloaded only when the menu needs it. */
function supabase(): Promise<SupabaseClient> {
  return import('../lib/auth/client.ts').then(({ getSupabase }) => getSupabase());
}

export default function AccountMenu({ supabaseUrl, loginHref = ACCOUNT_PATHS.login }: Props) {
  const [user, setUser] = useState<StoredUser | null>(null);
  const [open, setOpen] = useState(false);
  const [admin, setAdmin] = useState(false);
  const [busy, setBusy] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const rolesFor = useRef<string | null>(null);

  useEffect(() => {
    const key = sessionStorageKey(supabaseUrl);
    const read = () => setUser(readStoredUser(localStorage.getItem(key)));
    read();
    // A confirmation link lands here with a code: this browser's session, or a sign-in to ask for.
    consumeSessionInUrl()
      .then((outcome) => {
        if (outcome === 'signed-in') read();
        if (outcome === 'other-browser')
          navigateWithToast(ACCOUNT_PATHS.login, CONFIRMED_ELSEWHERE);
      })
      .catch((error) => console.error('Erro ao ler a sessão do link:', error));
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) read();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(SESSION_CHANGED_EVENT, read);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(SESSION_CHANGED_EVENT, read);
    };
  }, [supabaseUrl]);

  useEffect(() => {
    if (!open || !user || rolesFor.current === user.id) return;
    rolesFor.current = user.id;
    // The panel's roles: a moderator manages content there too.
    hasAnyRole(user.id, ['admin', 'moderator'])
      .then(setAdmin)
      .catch((error) => {
        console.error('Erro ao buscar roles:', error);
        rolesFor.current = null;
        setAdmin(false);
      });
  }, [open, user]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const signOut = async () => {
    setBusy(true);
    try {
      const { error } = await (await supabase()).auth.signOut();
      if (error) throw error;
      navigateWithToast('/', { title: 'Logout realizado' });
    } catch (error) {
      console.error('Erro ao sair:', error);
      toast({ title: 'Erro ao sair. Tente novamente.', variant: 'destructive' });
      setBusy(false);
    }
  };

  if (!user) {
    return (
      <>
        <a
          href={loginHref}
          className="inline-flex h-10 items-center rounded-lg bg-mar px-4 text-sm font-semibold text-white hover:bg-mar-escuro"
        >
          Entrar
        </a>
        <Toaster />
      </>
    );
  }

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        className="flex size-10 items-center justify-center rounded-full bg-mar text-sm font-bold text-white hover:bg-mar-escuro"
      >
        <span aria-hidden="true">{initials(user.fullName, user.email)}</span>
        <span className="sr-only">Minha Conta</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 mt-2 w-60 rounded-xl bg-white py-2 text-slate-800 shadow-xl ring-1 ring-slate-200"
        >
          <p className="px-4 pt-1 text-sm font-semibold text-slate-900">Minha Conta</p>
          <p className="truncate px-4 pb-2 text-xs text-slate-600">{user.email}</p>
          <ul className="border-t border-slate-100 pt-1">
            <li>
              <a href={ACCOUNT_PATHS.profile} className="block px-4 py-2 hover:bg-slate-100">
                Perfil
              </a>
            </li>
            {admin && (
              <li>
                <a href={ACCOUNT_PATHS.admin} className="block px-4 py-2 hover:bg-slate-100">
                  Painel Admin
                </a>
              </li>
            )}
            <li>
              <button
                type="button"
                onClick={signOut}
                disabled={busy}
                className="block w-full px-4 py-2 text-left hover:bg-slate-100 disabled:opacity-60"
              >
                Sair
              </button>
            </li>
          </ul>
        </div>
      )}
      <Toaster />
    </div>
  );
}
