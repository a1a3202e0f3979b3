import { type SubmitEvent, useState } from 'react';
import { grantAdminAccess } from '../../lib/auth/admin-grant.ts';
import { authConfig } from '../../lib/auth/config.ts';
import { MSG } from '../../lib/auth/messages.ts';
import { checkGrantEmail } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast.ts';
import { AuthLoading } from './AuthLoading.tsx';
import { useAuth } from './AuthProvider.tsx';
import { Field, FormError, SubmitButton, TextLink } from './ui.tsx';

export function AdminSetupView() {
  const { loading, session, reloadProfile } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkGrantEmail(email);
    setError(invalid);
    if (invalid) return;
    if (!session) {
      setError(MSG.grantSignedOut);
      return;
    }
    setBusy(true);
    const result = await grantAdminAccess(authConfig().apiUrl, session.access_token, email);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      toast({ title: 'Erro', description: result.message, variant: 'destructive' });
      return;
    }
    setEmail('');
    toast({ title: 'Sucesso', description: result.message });
    await reloadProfile();
  }

  return (
    <div className="mx-auto flex w-full max-w-lg flex-col gap-6">
      <h1 className="text-center text-3xl font-bold text-sky-900">Configuração de Administrador</h1>
      {loading ? (
        <AuthLoading text={MSG.loading} />
      ) : (
        <>
          {!session ? (
            <section className="rounded-xl border border-amber-200 bg-amber-50 p-6 text-slate-800">
              <h2 className="mb-3 font-semibold">Antes de começar</h2>
              <ol className="list-decimal space-y-2 pl-5">
                <li>
                  Crie uma conta em <TextLink href="/auth/registro">Registrar</TextLink> e confirme
                  seu email.
                </li>
                <li>
                  <TextLink href="/auth/login?from=%2Fadmin-setup">Entre</TextLink> com sua conta.
                </li>
                <li>Volte a esta página e informe o email que receberá acesso de administrador.</li>
              </ol>
            </section>
          ) : null}
          <form
            noValidate
            onSubmit={submit}
            className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6"
          >
            <Field
              id="admin-email"
              label="Email do usuário"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <FormError message={error} />
            <SubmitButton busy={busy} busyText="Processando..." disabled={email.length === 0}>
              Conceder Acesso Admin
            </SubmitButton>
          </form>
        </>
      )}
    </div>
  );
}
