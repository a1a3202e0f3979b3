// /admin-setup: asks the API to run grant_admin_access for an e-mail, and turns its answer into
// the screen's messages ('not found' / 'forbidden' / anything else).
import { grantAdminErrorMessage } from '@guia-fortim/domain';
import { MSG } from './messages.ts';

export type GrantResult = { ok: true; message: string } | { ok: false; message: string };

type ApiError = { error?: { code?: unknown; message?: unknown } };

export function grantErrorMessage(status: number, body: unknown): string {
  const error = (body as ApiError | null)?.error;
  // The API answers e.g. {code: 'user_not_found'} or {code: 'forbidden'}; the rule reads words.
  const text = `${String(error?.code ?? '')} ${String(error?.message ?? '')}`
    .toLowerCase()
    .replaceAll('_', ' ');
  if (status === 401 && !text.includes('forbidden')) return MSG.grantSignedOut;
  return grantAdminErrorMessage(text);
}

export async function grantAdminAccess(
  apiUrl: string,
  accessToken: string,
  email: string,
): Promise<GrantResult> {
  const target = email.trim();
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/api/admin/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ email: target }),
    });
  } catch {
    return { ok: false, message: grantAdminErrorMessage('') };
  }
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true, message: MSG.grantSuccess(target) };
  }
  const body = await response.json().catch(() => null);
  return { ok: false, message: grantErrorMessage(response.status, body) };
}
