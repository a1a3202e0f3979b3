import { initials } from '@guia-fortim/domain';
import { type SubmitEvent, useEffect, useId, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { cancelLeaving, startLeaving } from '../../lib/auth/leaving.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { checkPasswordChange, checkProfile } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast.ts';
import { useAuth } from './AuthProvider.tsx';
import { DeleteAccountForm } from './DeleteAccountForm.tsx';
import { MyReviews } from './MyReviews.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { Field, FormError, SubmitButton } from './ui.tsx';

type Tab = 'info' | 'security';

export function ProfileView() {
  const { user, profile } = useAuth();
  const [tab, setTab] = useState<Tab>('info');
  const [leaving, setLeaving] = useState(false);
  const ids = useId();
  if (!user) return null;
  const email = user.email ?? '';
  const displayName = profile?.full_name || profile?.username || email;

  async function signOut() {
    setLeaving(true);
    startLeaving();
    const { error } = await getSupabase().auth.signOut();
    if (error) {
      cancelLeaving();
      console.error('Erro ao sair:', error);
      toast({ title: MSG.logoutFailed, variant: 'destructive' });
      setLeaving(false);
      return;
    }
    navigateWithToast('/', { title: MSG.logoutTitle, description: MSG.logoutDescription });
  }

  const tabs: [Tab, string][] = [
    ['info', 'Informações Pessoais'],
    ['security', 'Segurança'],
  ];

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold text-sky-900">Seu Perfil</h1>
      <div className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-6">
        <span
          aria-hidden="true"
          data-testid="profile-initials"
          className="flex h-16 w-16 items-center justify-center rounded-full bg-sky-800 text-xl font-bold text-white"
        >
          {initials(profile?.full_name, email)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-lg font-semibold" data-testid="profile-name">
            {displayName}
          </p>
          <p className="truncate text-slate-600">{email}</p>
        </div>
        <button
          type="button"
          onClick={signOut}
          disabled={leaving}
          className="rounded-md border border-slate-300 px-4 py-2 font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          Sair
        </button>
      </div>

      <div role="tablist" aria-label="Seções do perfil" className="flex gap-2 border-b">
        {tabs.map(([key, label]) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${ids}-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={tab === key ? `${ids}-panel-${key}` : undefined}
            onClick={() => setTab(key)}
            className={`-mb-px border-b-2 px-4 py-2 font-medium ${
              tab === key ? 'border-sky-800 text-sky-900' : 'border-transparent text-slate-600'
            }`}
          >
            {label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${ids}-panel-${tab}`}
        aria-labelledby={`${ids}-tab-${tab}`}
        className="rounded-xl border border-slate-200 bg-white p-6"
      >
        {tab === 'info' ? (
          <PersonalInfoForm />
        ) : (
          <>
            <SecurityForm />
            <DeleteAccountForm />
          </>
        )}
      </div>
      <MyReviews />
    </div>
  );
}

function PersonalInfoForm() {
  const { user, profile, reloadProfile } = useAuth();
  const [fullName, setFullName] = useState(profile?.full_name ?? '');
  const [username, setUsername] = useState(profile?.username ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setFullName(profile?.full_name ?? '');
    setUsername(profile?.username ?? '');
  }, [profile?.full_name, profile?.username]);

  if (!user) return null;
  const userId = user.id;

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkProfile(fullName, username);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const { data, error: updateError } = await getSupabase()
      .from('profiles')
      .update({
        full_name: fullName.trim() || null,
        username: username.trim() || null,
        updated_at: new Date().toISOString(),
      })
      .eq('id', userId)
      .select('id');
    setBusy(false);
    if (updateError || !data?.length) {
      // Shown once, beside the form (not again in a toast).
      setError(serviceErrorMessage(updateError, MSG.profileFailed));
      return;
    }
    toast({ title: MSG.profileSuccess });
    // The header reads the name from the stored session's metadata: keep it the same.
    const { error: metadataError } = await getSupabase().auth.updateUser({
      data: { full_name: fullName.trim() || null, username: username.trim() || null },
    });
    if (metadataError) console.error('Erro ao atualizar os dados da sessão:', metadataError);
    await reloadProfile();
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field id="profile-email" label="Email" type="email" value={user.email ?? ''} readOnly />
      <p className="-mt-3 text-xs text-slate-500">O email não pode ser alterado.</p>
      <Field
        id="profile-fullName"
        label="Nome completo"
        autoComplete="name"
        value={fullName}
        onChange={(e) => setFullName(e.target.value)}
      />
      <Field
        id="profile-username"
        label="Nome de usuário"
        autoComplete="username"
        value={username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <FormError message={error} />
      <SubmitButton busy={busy} busyText="Salvando...">
        Salvar alterações
      </SubmitButton>
    </form>
  );
}

function SecurityForm() {
  const { user } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!user) return null;

  /** The reason is shown once, beside the form (not again in a toast). */
  function fail(message: string) {
    setError(message);
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkPasswordChange(current, next, confirm);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    // Supabase Auth checks the current password itself (secure password change): a token taken
    // from this browser cannot change the password without it.
    const { error: updateError } = await getSupabase().auth.updateUser({
      password: next,
      current_password: current,
    });
    if (updateError) return fail(serviceErrorMessage(updateError, MSG.passwordFailed));
    setCurrent('');
    setNext('');
    setConfirm('');
    setError(null);
    setBusy(false);
    toast({ title: MSG.passwordSuccess });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <Field
        id="currentPassword"
        label="Senha atual"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <PasswordFields
        ids={['newPassword', 'confirmNewPassword']}
        password={next}
        confirm={confirm}
        onPasswordChange={setNext}
        onConfirmChange={setConfirm}
      />
      <FormError message={error} />
      <SubmitButton busy={busy} busyText="Alterando...">
        Alterar senha
      </SubmitButton>
    </form>
  );
}
