// Who may do what in the panel, by role. The database and the worker decide every read and write;
// this only keeps the panel from offering what they would refuse. The staff — administrators and
// moderators — manage the content: listings, their order, categories, slides, visitors' reviews,
// the trash and the history. Roles, the settings (the maps key among them) and purging the trash are the
// administrators'.
import { TRASH } from './resources.ts';

/** The roles that open the panel. */
export type StaffRole = 'admin' | 'moderator';

/** The screens outside react-admin's resources, named as their routes. */
export const ROLES = 'roles';
export const MAP_SETTINGS = 'mapa';
export const SETTINGS = 'settings';
export const SITE_SETTINGS = 'configuracoes';

/** A moderator never opens these. */
const ADMIN_ONLY_SCREENS = new Set([ROLES, MAP_SETTINGS, SETTINGS, SITE_SETTINGS]);

/** The trash's 'Excluir definitivamente'. */
export const PURGE = 'purge';

/** react-admin's canAccess question, answered for a role. */
export function roleCanAccess(
  role: StaffRole,
  { resource, action }: { resource: string; action: string },
): boolean {
  if (role === 'admin') return true;
  if (ADMIN_ONLY_SCREENS.has(resource)) return false;
  return !(resource === TRASH && action === PURGE);
}
