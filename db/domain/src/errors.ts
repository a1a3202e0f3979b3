// Errors raised by the database functions and triggers: SQLSTATE codes the API maps to
// responses, and the Portuguese messages they carry (PostgREST returns both as code/message).
import { FEATURED_LIMIT, listLimitMessage, ORDERED_LIST } from './ordered-lists.ts';

export const DB_ERROR = {
  /** set_in_list: the kind's featured list is full (hint 'featured_limit'). */
  featuredLimit: 'GF001',
  /** Ordering functions: no listing with that id. */
  itemNotFound: 'GF002',
  /** grant_admin_access / set_user_role: no user with that e-mail or id ('not found'). */
  userNotFound: 'GF003',
  /** set_user_role: demoting the last administrator. */
  lastAdmin: 'GF004',
  /** Deleting the last carousel slide. */
  lastSlide: 'GF005',
  /** move_in_list('featured') on an item that is not featured. */
  notFeatured: 'GF006',
  /** move_in_list('pinned') on an item that is not pinned. */
  notPinned: 'GF007',
  /** restore_from_trash: a category of that name exists again. */
  restoreConflict: 'GF008',
  /** Caller is not an administrator (grant_admin_access's message contains 'forbidden'). */
  forbidden: '42501',
  /** Bad argument: unknown kind, direction, empty e-mail. */
  invalidParameter: '22023',
  /** Unique value taken (e.g. username, category name). */
  uniqueViolation: '23505',
  /** A CHECK constraint refused a value. */
  checkViolation: '23514',
} as const;

export const DB_ERROR_MESSAGES = {
  featuredLimit: listLimitMessage(FEATURED_LIMIT),
  itemNotFound: 'Item não encontrado.',
  lastAdmin: 'Não é possível remover o último administrador.',
  lastSlide: 'O carrossel deve ter pelo menos um slide.',
  notFeatured: ORDERED_LIST.featured.notInList,
  notPinned: ORDERED_LIST.pinned.notInList,
  usernameTaken: 'Este nome de usuário já está em uso.',
  forbidden: 'Apenas administradores podem realizar esta operação.',
} as const;

/** What the admin-setup screen shows for a grant_admin_access error. */
export function grantAdminErrorMessage(message: string): string {
  if (message.includes('not found')) {
    return 'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.';
  }
  if (message.includes('forbidden')) {
    return 'Apenas administradores podem conceder acesso de admin a outros usuários.';
  }
  return 'Erro ao conceder acesso de administrador. Entre em contato com o suporte.';
}
