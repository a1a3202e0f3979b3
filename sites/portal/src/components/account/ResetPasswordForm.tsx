import { type SubmitEvent, useEffect, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { MSG, serviceErrorMessage } from '../../lib/auth/messages.ts';
import { LOGIN_PATH } from '../../lib/auth/redirect.ts';
import { checkNewPassword } from '../../lib/auth/validation.ts';
import { toast } from '../../lib/toast.ts';
import { AuthLoading } from './AuthLoading.tsx';
import { PasswordFields } from './PasswordFields.tsx';
import { AccountCard, FormError, SubmitButton } from './ui.tsx';

/**
 * What the e-mailed link brought: an error (Auth puts it in the query, and in the fragment for a
 * link that is not a PKCE one), a recovery code (PKCE), or nothing. Tokens in the fragment are
 * not a link of this site's and count as nothing.
 */
export function recoveryLinkState(search: string, hash: string): 'error' | 'code' | 'none' {
  const query = new URLSearchParams(search);
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  if ([query, fragment].some((params) => params.has('error') || params.has('error_code'))) {
    return 'error';
  }
  if (query.has('code')) return 'code';
  return 'none';
}

export function ResetPasswordForm() {
  const [ready, setReady] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Read the link before supabase-js exchanges (and clears) the code.
    const link = recoveryLinkState(window.location.search, window.location.hash);
    const invalidLink = () =>
      navigateWithToast(LOGIN_PATH, { title: MSG.resetInvalidLink, variant: 'destructive' }, true);
    if (link === 'error') return invalidLink();
    let active = true;
    getSupabase()
      .auth.getSession()
      .then(({ data }) => {
        if (!active) return;
        if (data.session) return setReady(true);
        // A code this browser cannot exchange: used, expired, or asked for in another browser.
        if (link === 'code') return invalidLink();
        navigateWithToast(
          LOGIN_PATH,
          { title: MSG.resetDeniedTitle, description: MSG.resetDenied, variant: 'destructive' },
          true,
        );
      });
    return () => {
      active = false;
    };
  }, []);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const invalid = checkNewPassword(password, confirm);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const client = getSupabase();
    try {
      const { error: updateError } = await client.auth.updateUser({ password });
      if (updateError) {
        setError(serviceErrorMessage(updateError, MSG.resetFailed));
        setBusy(false);
        return;
      }
      // The recovery session ends here: the visitor signs in again with the new password.
      await client.auth.signOut().catch(() => undefined);
      navigateWithToast(LOGIN_PATH, {
        title: MSG.resetSuccess,
        description: MSG.resetSuccessDescription,
      });
    } catch {
      toast({ title: MSG.resetFailed, variant: 'destructive' });
      setBusy(false);
    }
  }

  if (!ready) return <AuthLoading />;
  return (
    <AccountCard title="Redefinir senha">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordFields
          ids={['password', 'confirmPassword']}
          password={password}
          confirm={confirm}
          onPasswordChange={setPassword}
          onConfirmChange={setConfirm}
        />
        <FormError message={error} />
        <SubmitButton busy={busy} busyText="Salvando...">
          Redefinir senha
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
