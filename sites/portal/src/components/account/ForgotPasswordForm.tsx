import { type SubmitEvent, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { linkAlreadySent } from '../../lib/auth/link-already-sent.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { checkRecoveryEmail } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast.ts';
import { useChallenge } from './Challenge.tsx';
import { AccountCard, Field, FormError, SubmitButton, TextLink } from './ui.tsx';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const challenge = useChallenge();

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkRecoveryEmail(email);
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
      const address = email.trim();
      const { error: sendError } = await getSupabase().auth.resetPasswordForEmail(address, {
        redirectTo: `${window.location.origin}/auth/reset-password`,
        ...pass,
      });
      if (sendError && !linkAlreadySent(sendError)) {
        toast({
          title: serviceErrorMessage(sendError, MSG.recoveryFailed),
          variant: 'destructive',
        });
      } else {
        setSentTo(address);
      }
    } catch {
      toast({ title: MSG.recoveryGeneric, variant: 'destructive' });
    }
    challenge.reset();
    setBusy(false);
  }

  if (sentTo) {
    return (
      <AccountCard title="Email enviado">
        <div role="status" className="flex flex-col gap-3 text-center text-slate-700">
          <p>
            Se existir uma conta para <strong>{sentTo}</strong>, você receberá um link para
            redefinir sua senha.
          </p>
          <p className="text-sm text-slate-500">
            Não encontrou o email? Verifique também sua pasta de spam ou lixo eletrônico.
          </p>
          <TextLink href="/auth/login">Voltar para o login</TextLink>
        </div>
      </AccountCard>
    );
  }

  return (
    <AccountCard title="Esqueci minha senha">
      <p className="mb-4 text-center text-sm text-slate-600">
        Informe seu email e enviaremos um link para redefinir sua senha.
      </p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <Field
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        {challenge.widget}
        <FormError message={error} />
        <SubmitButton busy={busy} busyText="Enviando...">
          Enviar link de recuperação
        </SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm">
        <TextLink href="/auth/login">Voltar para o login</TextLink>
      </p>
    </AccountCard>
  );
}
