// 'Excluir conta' (the LGPD's right to erasure): the password is proven by signing in with it,
// then the database deletes the account, its profile and its role (public.delete_own_account,
// which also refuses the last administrator and any session not started just now).
import { type SubmitEvent, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { cancelLeaving, startLeaving } from '../../lib/auth/leaving.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { useAuth } from './AuthProvider.tsx';
import { toast } from './toast-store.ts';
import { Field, FormError, useHydrated } from './ui.tsx';

export function DeleteAccountForm() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const email = user.email ?? '';

  function fail(message: string) {
    cancelLeaving();
    setError(message);
    toast({ title: MSG.deleteFailed, description: message, variant: 'destructive' });
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!password) {
      setError(MSG.deletePasswordMissing);
      return;
    }
    if (!window.confirm(MSG.deleteConfirm)) return;
    setError(null);
    setBusy(true);
    const client = getSupabase();
    const verified = await client.auth.signInWithPassword({ email, password });
    if (verified.error) {
      const limited = verified.error.code?.startsWith('over_');
      return fail(
        limited
          ? serviceErrorMessage(verified.error, MSG.deletePasswordWrong)
          : MSG.deletePasswordWrong,
      );
    }
    // The account menu must not react to the session ending: this page is leaving.
    startLeaving();
    const { error: deleteError } = await client.rpc('delete_own_account');
    if (deleteError) return fail(serviceErrorMessage(deleteError, MSG.deleteFailed));
    // The sessions went with the account; this only forgets the stored one.
    await client.auth.signOut({ scope: 'local' });
    navigateWithToast('/', {
      title: MSG.deleteSuccess,
      description: MSG.deleteSuccessDescription,
    });
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="delete-account-title"
      className="mt-8 flex flex-col gap-4 border-t border-slate-200 pt-6"
    >
      <h2 id="delete-account-title" className="text-lg font-semibold text-red-800">
        Excluir conta
      </h2>
      <p className="text-sm text-slate-700">
        Sua conta, seu perfil e sua função são apagados para sempre. Esta ação não pode ser
        desfeita.
      </p>
      <Field
        id="deleteAccountPassword"
        label="Confirme sua senha"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <FormError message={error} />
      <button
        type="submit"
        disabled={!hydrated || busy}
        className="w-full rounded-md bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Excluindo...' : 'Excluir minha conta'}
      </button>
    </form>
  );
}
