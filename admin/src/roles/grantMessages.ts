import { grantAdminErrorMessage } from '@guia-fortim/domain';
import { ApiError } from '../api.ts';

/** The admin-grant messages, chosen from the server's answer (the domain's rule). */
export function grantErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return grantAdminErrorMessage('');
  const hint = error.status === 404 ? 'not found' : error.status === 403 ? 'forbidden' : '';
  return grantAdminErrorMessage(
    `${hint} ${error.code} ${error.message}`.toLowerCase().replace('not_found', 'not found'),
  );
}
