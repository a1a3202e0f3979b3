import type { AppRole } from '@guia-fortim/domain';

/** The roles page's options; the history names a role the same way. */
export const ROLE_LABELS: Record<AppRole, string> = {
  user: 'Usuário',
  moderator: 'Moderador',
  admin: 'Admin',
};
