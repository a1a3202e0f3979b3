// The page an e-mailed link opens (/auth/confirmar?token_hash=…&type=…). Mail scanners open every
// link in a message: the one-time token is used up only when its owner presses the button, never
// by the page's load. A confirmed sign-up goes to the site root, signed in; a recovery goes on to
// /auth/reset-password with its session.
import type { EmailOtpType } from '@supabase/supabase-js';
import { type SubmitEvent, useEffect, useState } from 'react';
import { getSupabase } from '../../lib/auth/client.ts';
import { navigateWithToast } from '../../lib/auth/flash.ts';
import { MSG } from '../../lib/auth/messages.ts';
import { LOGIN_PATH } from '../../lib/auth/redirect.ts';
import { toast } from '../../lib/toast.ts';
import { AuthLoading } from './AuthLoading.tsx';
import { AccountCard, SubmitButton } from './ui.tsx';

/** What each link type's page says and where it leads (the types db/supabase's e-mails carry). */
const LINKS = {
  email: {
    title: 'Confirmar cadastro',
    text: 'Toque no botão abaixo para confirmar seu cadastro no Guia Fortim.',
    action: 'Confirmar meu cadastro',
    invalid: MSG.confirmInvalidLink,
  },
  recovery: {
    title: 'Redefinir senha',
    text: 'Toque no botão abaixo para continuar e escolher uma nova senha.',
    action: 'Continuar',
    invalid: MSG.resetInvalidLink,
  },
} as const satisfies Record<
  string,
  { title: string; text: string; action: string; invalid: string }
>;

type LinkType = keyof typeof LINKS & EmailOtpType;

/** The link's token hash and type, or null when the address is not one of the e-mailed links. */
export function confirmLinkParams(search: string): { tokenHash: string; type: LinkType } | null {
  const query = new URLSearchParams(search);
  const tokenHash = query.get('token_hash') ?? '';
  const type = query.get('type') ?? '';
  if (tokenHash === '' || !Object.hasOwn(LINKS, type)) return null;
  return { tokenHash, type: type as LinkType };
}

const invalidLink = (title: string) =>
  navigateWithToast(LOGIN_PATH, { title, variant: 'destructive' }, true);

export function ConfirmLinkForm() {
  const [busy, setBusy] = useState(false);
  // The pre-rendered page knows no query: the link is read once hydrated (undefined until then).
  const [link, setLink] = useState<ReturnType<typeof confirmLinkParams> | undefined>();

  useEffect(() => {
    const params = confirmLinkParams(window.location.search);
    if (!params) invalidLink(MSG.confirmInvalidLink);
    setLink(params);
  }, []);

  if (!link) return <AuthLoading text={MSG.loading} />;
  const words = LINKS[link.type];

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    if (!link) return;
    setBusy(true);
    const { error } = await getSupabase()
      .auth.verifyOtp({ token_hash: link.tokenHash, type: link.type })
      .catch(() => ({ error: { status: 0 } }));
    // No answer (no signal at the beach): the link was not used; the visitor may press again.
    if (error?.status === 0) {
      toast({ title: MSG.network, variant: 'destructive' });
      setBusy(false);
      return;
    }
    if (error) {
      invalidLink(words.invalid);
      return;
    }
    if (link.type === 'recovery') {
      window.location.replace('/auth/reset-password');
      return;
    }
    navigateWithToast(
      '/',
      { title: MSG.confirmSuccess, description: MSG.confirmSuccessDescription },
      true,
    );
  }

  return (
    <AccountCard title={words.title}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <p className="text-slate-700">{words.text}</p>
        <SubmitButton busy={busy} busyText="Confirmando...">
          {words.action}
        </SubmitButton>
      </form>
    </AccountCard>
  );
}
