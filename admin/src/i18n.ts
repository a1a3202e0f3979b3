import polyglotI18nProvider from 'ra-i18n-polyglot';
import portugueseMessages from 'ra-language-pt-br';
import type { TranslationMessages } from 'react-admin';

// ra-language-pt-br 1.5.1 predates these react-admin 5 keys; ra-supabase ships only en/fr.
const missingKeys = {
  ra: {
    action: {
      reset: 'Redefinir',
      search_columns: 'Pesquisar colunas',
    },
    notification: {
      offline: 'Sem conexão. Não foi possível buscar os dados.',
    },
    // The panel's own gate says 'Acesso Negado'; react-admin's page for a screen the role may not
    // open says the same.
    page: {
      access_denied: 'Acesso Negado',
    },
    validation: {
      unique: 'Deve ser único',
    },
    guesser: {
      empty: {
        title: 'Nenhum dado para exibir',
        message: 'Verifique seu provedor de dados',
      },
    },
  },
};

const raSupabasePortuguese = {
  'ra-supabase': {
    auth: {
      email: 'E-mail',
      confirm_password: 'Confirme a senha',
      sign_in_with: 'Entrar com %{provider}',
      forgot_password: 'Esqueceu a senha?',
      reset_password: 'Redefinir senha',
      password_reset: 'Sua senha foi redefinida. Você receberá um e-mail com um link para entrar.',
      missing_tokens: 'Os tokens de acesso e de atualização estão ausentes',
      back_to_login: 'Voltar para o login',
    },
    reset_password: {
      forgot_password: 'Esqueceu a senha?',
      forgot_password_details: 'Informe seu e-mail para receber as instruções.',
    },
    set_password: {
      new_password: 'Escolha sua senha',
    },
    validation: {
      password_mismatch: 'As senhas não coincidem',
    },
  },
};

type Messages = { [key: string]: string | Messages };

function merge(base: Messages, extra: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    const current = result[key];
    result[key] =
      typeof value === 'object' && typeof current === 'object' ? merge(current, value) : value;
  }
  return result;
}

export const messages = merge(
  merge(portugueseMessages as unknown as Messages, missingKeys),
  raSupabasePortuguese,
) as unknown as TranslationMessages;

export const i18nProvider = polyglotI18nProvider(() => messages, 'pt-br', [
  { locale: 'pt-br', name: 'Português' },
]);

const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const date = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export function formatMoney(value: unknown): string {
  const number = Number(value);
  return Number.isFinite(number) ? money.format(number) : '—';
}

export function formatDate(value: unknown): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '—';
  const time = new Date(value);
  return Number.isNaN(time.getTime()) ? '—' : date.format(time);
}
