// 'Excluir conta' (the LGPD's right to erasure): the password is proven by signing in with it,
// then the database deletes the account, its profile and its role (public.delete_own_account,
// which also refuses the last administrator and any session not started just now).
import { type SubmitEvent, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { confirmPassword } from '../../lib/auth/confirm-password.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { cancelLeaving, startLeaving } from '../../lib/auth/leaving.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { useAuth } from './AuthProvider.tsx';
import { useChallenge } from './Challenge.tsx';
import { Field, FormError, SubmitButton } from './ui.tsx';

export function DeleteAccountForm() {
  const { user } = useAuth();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge();
  if (!user) return null;
  const email = user.email ?? '';

  /** The reason is shown once, beside the form (not again in a toast). */
  function fail(message: string) {
    cancelLeaving();
    setError(message);
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
    const pass = await challenge.pass();
    if ('problem' in pass) return fail(pass.problem);
    const refused = await confirmPassword(email, password, MSG.deletePasswordWrong, pass);
    challenge.reset();
    if (refused) return fail(refused);
    const client = getSupabase();
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
      {challenge.widget}
      <FormError message={error} />
      <SubmitButton busy={busy} busyText="Excluindo..." tone="danger">
        Excluir minha conta
      </SubmitButton>
    </form>
  );
}
