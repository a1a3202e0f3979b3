// Every text the account screens and /admin-setup show, plus the Portuguese for the service
// errors whose wording comes from the server.
// Validation messages live with the schemas in @guia-fortim/db (MESSAGES).
import { DB_ERROR_MESSAGES, MESSAGES } from '@guia-fortim/domain';

export const MSG = {
  currentPasswordWrong: 'Senha atual incorreta.',

  loginTitle: 'Erro no login',
  loginInvalid: 'Credenciais inválidas. Tente novamente.',
  loginGeneric: 'Ocorreu um erro durante o login. Tente novamente.',
  loginSuccess: 'Login realizado',

  network: 'Não foi possível conectar. Verifique sua conexão com a internet e tente novamente.',

  registerTaken: 'Este email já está registrado.',
  registerUsernameTaken: DB_ERROR_MESSAGES.usernameTaken,
  registerGeneric: 'Ocorreu um erro durante o registro.',
  registerSuccessTitle: 'Registro realizado',
  registerSuccess: 'Verifique seu email para confirmar sua conta.',

  /** Turnstile has not finished, or waits for the visitor (Supabase Auth's CAPTCHA). */
  captchaPending: 'Confirme que você não é um robô.',
  /** Turnstile failed, or Supabase Auth did not accept its token. */
  captchaFailed:
    'Não foi possível confirmar que você não é um robô. Recarregue a página e tente novamente.',

  recoveryFailed: 'Não foi possível enviar o email de recuperação.',
  recoveryGeneric: 'Ocorreu um erro. Tente novamente mais tarde.',

  confirmInvalidLink: 'Link de confirmação inválido ou expirado. Entre ou registre-se novamente.',
  confirmSuccess: 'Email confirmado',
  confirmSuccessDescription: 'Seu cadastro no Guia Fortim está pronto.',

  resetInvalidLink: 'Link de recuperação inválido ou expirado...',
  resetDeniedTitle: 'Acesso negado',
  resetDenied: 'Você precisa acessar esta página através do link de recuperação enviado por email.',
  resetSuccess: 'Senha redefinida',
  resetSuccessDescription: 'Entre com sua nova senha.',
  resetFailed: 'Não foi possível redefinir sua senha.',

  profileFailed: 'Não foi possível atualizar seu perfil.',
  profileSuccess: 'Perfil atualizado',
  passwordFailed: 'Não foi possível alterar sua senha.',
  passwordSuccess: 'Senha alterada',

  deleteConfirm:
    'Tem certeza que deseja excluir sua conta? Seu perfil e seus dados serão apagados e esta ação não pode ser desfeita.',
  deletePasswordMissing: 'Digite sua senha para confirmar.',
  deletePasswordWrong: 'Senha incorreta.',
  deleteFailed: 'Não foi possível excluir sua conta.',
  deleteSuccess: 'Conta excluída',
  deleteSuccessDescription: 'Seus dados foram apagados do Guia Fortim.',

  logoutTitle: 'Logout realizado',
  logoutDescription: 'Você saiu do painel administrativo.',
  logoutFailed: 'Erro ao sair. Tente novamente.',

  grantSignedOut: 'Entre com sua conta para conceder acesso de administrador.',
  grantSuccess: (email: string) => `Acesso de administrador concedido para ${email}`,

  checkingAuth: 'Verificando autenticação...',
  loading: 'Carregando...',
} as const;

type ServiceError = {
  code?: string | undefined;
  message?: string | undefined;
  status?: number;
  /** A weak password's reasons (supabase-js's AuthWeakPasswordError). */
  reasons?: string[];
};

// Supabase Auth's reasons for a weak password, most telling first.
const WEAK_PASSWORD_MESSAGES: [reason: string, message: string][] = [
  ['length', MESSAGES.passwordShort],
  ['characters', MESSAGES.passwordCharacters],
  ['pwned', MESSAGES.passwordCommon],
];

// Server messages are English; the visitor reads them in Portuguese or not at all.
const SERVICE_MESSAGES: Record<string, string> = {
  invalid_credentials: MSG.loginInvalid,
  email_not_confirmed: 'Email não confirmado. Verifique sua caixa de entrada.',
  user_already_exists: MSG.registerTaken,
  email_exists: MSG.registerTaken,
  same_password: 'A nova senha deve ser diferente da senha atual.',
  current_password_invalid: MSG.currentPasswordWrong,
  current_password_required: MSG.currentPasswordWrong,
  over_request_rate_limit: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  over_email_send_rate_limit: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  captcha_failed: MSG.captchaFailed,
  email_address_invalid: MESSAGES.email,
  validation_failed: MESSAGES.email,
};

/** The Portuguese text for a Supabase error, or `fallback` when it has none. */
export function serviceErrorMessage(error: ServiceError | null | undefined, fallback: string) {
  if (!error) return fallback;
  // supabase-js's AuthRetryableFetchError with status 0: the request never got an answer.
  if (error.status === 0) return MSG.network;
  if (error.code === 'weak_password') {
    const found = WEAK_PASSWORD_MESSAGES.find(([reason]) => error.reasons?.includes(reason));
    return found ? found[1] : MESSAGES.passwordShort;
  }
  if (error.code && SERVICE_MESSAGES[error.code]) return SERVICE_MESSAGES[error.code] as string;
  const message = error.message ?? '';
  if (/already (been )?registered/i.test(message)) return MSG.registerTaken;
  if (/invalid login credentials/i.test(message)) return MSG.loginInvalid;
  // The database speaks Portuguese already (e.g. 'Este nome de usuário já está em uso.').
  if (/[ãáâàçéêíóôõú]/i.test(message) && message.length <= 200) return message;
  return fallback;
}
