import { type SubmitEvent, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { checkRegistration, type Registration } from '../../lib/auth/validation.ts';
import { useChallenge } from './Challenge.tsx';
import { AccountCard, Field, FormError, SubmitButton, TextLink } from './ui.tsx';

const EMPTY: Registration = {
  fullName: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
};

export function RegisterForm() {
  const [form, setForm] = useState<Registration>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge();
  const bind = (key: keyof Registration) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
  });

  /** The reason is shown once, beside the form (not again in a toast). */
  function fail(message: string) {
    setError(message);
    setBusy(false);
  }

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkRegistration(form);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const pass = await challenge.pass();
    if ('problem' in pass) return fail(pass.problem);
    try {
      const client = getSupabase();
      const username = form.username.trim();
      const available = await client.rpc('username_available', { username });
      if (available.data === false) return fail(MSG.registerUsernameTaken);
      const { data, error: signUpError } = await client.auth.signUp({
        email: form.email.trim(),
        password: form.password,
        options: {
          data: { username, full_name: form.fullName.trim(), avatar_url: null },
          emailRedirectTo: `${window.location.origin}/`,
          ...pass,
        },
      });
      if (signUpError) {
        console.error('Erro ao criar conta:', signUpError);
        return fail(serviceErrorMessage(signUpError, MSG.registerGeneric));
      }
      // With e-mail confirmation on, an address already taken comes back with no identities.
      if (data.user && data.user.identities?.length === 0) return fail(MSG.registerTaken);
      navigateWithToast('/auth/login', {
        title: MSG.registerSuccessTitle,
        description: MSG.registerSuccess,
      });
    } catch (caught) {
      console.error('Erro ao criar conta:', caught);
      fail(MSG.registerGeneric);
    } finally {
      challenge.reset();
    }
  }

  return (
    <AccountCard title="Registrar">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field id="fullName" label="Nome completo" autoComplete="name" {...bind('fullName')} />
        <Field
          id="username"
          label="Nome de usuário"
          autoComplete="username"
          {...bind('username')}
        />
        <Field id="email" label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field
          id="password"
          label="Senha"
          type="password"
          autoComplete="new-password"
          {...bind('password')}
        />
        <Field
          id="confirmPassword"
          label="Confirmar senha"
          type="password"
          autoComplete="new-password"
          {...bind('confirmPassword')}
        />
        {challenge.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} busyText="Registrando...">
          Registrar
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Já tem uma conta? <TextLink href="/auth/login">Entrar</TextLink>
      </p>
    </AccountCard>
  );
}
