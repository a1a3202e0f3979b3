import { grantAdminErrorMessage } from '@guia-fortim/domain';
import { ApiError } from '../api.ts';

/** The spec's admin-grant messages, chosen from the server's answer (db's rule). */
export function grantErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return grantAdminErrorMessage('');
  const hint = error.status === 404 ? 'not found' : error.status === 403 ? 'forbidden' : '';
  return grantAdminErrorMessage(
    `${hint} ${error.code} ${error.message}`.toLowerCase().replace('not_found', 'not found'),
  );
}
