import { type SubmitEvent, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { fromParameter } from '../../lib/auth/redirect.ts';
import { checkLogin } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast.ts';
import { useChallenge } from './Challenge.tsx';
import { AccountCard, Field, FormError, SubmitButton, TextLink } from './ui.tsx';

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const challenge = useChallenge();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkLogin(email, password);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const pass = await challenge.pass();
    if ('problem' in pass) {
      setError(pass.problem);
      setBusy(false);
      return;
    }
    try {
      const { error: signInError } = await getSupabase().auth.signInWithPassword({
        email: email.trim(),
        password,
        options: pass,
      });
      if (signInError) {
        console.error('Erro ao fazer login:', signInError);
        // Wrong credentials have their own code; anything else failed on the way or the server.
        const message = serviceErrorMessage(signInError, MSG.loginGeneric);
        toast({ title: MSG.loginTitle, description: message, variant: 'destructive' });
        setBusy(false);
        return;
      }
      navigateWithToast(fromParameter(window.location.search), { title: MSG.loginSuccess });
    } catch (caught) {
      console.error('Erro ao fazer login:', caught);
      toast({ title: MSG.loginTitle, description: MSG.loginGeneric, variant: 'destructive' });
      setBusy(false);
    } finally {
      challenge.reset();
    }
  }

  return (
    <AccountCard title="Entrar">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          id="password"
          label="Senha"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {challenge.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} busyText="Entrando...">
          Entrar
        </SubmitButton>
      </form>
      <div className="mt-6 flex flex-col items-center gap-2 text-sm">
        <TextLink href="/auth/esqueci-senha">Esqueci minha senha</TextLink>
        <p className="text-slate-600">
          Não tem uma conta? <TextLink href="/auth/registro">Registre-se</TextLink>
        </p>
      </div>
    </AccountCard>
  );
}
