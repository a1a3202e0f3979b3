import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, i18nProvider, messages } from '../src/i18n.ts';

function keys(object: object, prefix = ''): string[] {
  return Object.entries(object).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('Portuguese messages', () => {
  it('cover every react-admin 5 key, with the six missing ones in Portuguese', () => {
    const ours = new Set(keys(messages));
    const missing = keys(englishMessages).filter((key) => !ours.has(key));
    expect(missing).toEqual([]);
    // What the panel shows for the keys ra-language-pt-br 1.5.1 lacks.
    const t = (key: string) => i18nProvider.translate(key);
    expect(t('ra.action.reset')).toBe('Redefinir');
    expect(t('ra.action.search_columns')).toBe('Pesquisar colunas');
    expect(t('ra.notification.offline')).toBe('Sem conexão. Não foi possível buscar os dados.');
    expect(t('ra.validation.unique')).toBe('Deve ser único');
    expect(t('ra.guesser.empty.title')).toBe('Nenhum dado para exibir');
    expect(t('ra.guesser.empty.message')).toBe('Verifique seu provedor de dados');
    // …and for keys the Portuguese package has.
    expect(t('ra.action.save')).toBe('Salvar');
    expect(t('ra.action.undo')).toBe('Desfazer');
  });

  it('include the ra-supabase catalogue', () => {
    expect(keys(messages).filter((key) => key.startsWith('ra-supabase.'))).toHaveLength(12);
    expect(i18nProvider.translate('ra-supabase.auth.forgot_password')).toBe('Esqueceu a senha?');
    expect(i18nProvider.translate('ra-supabase.validation.password_mismatch')).toBe(
      'As senhas não coincidem',
    );
  });

  it('money and dates in pt-BR', () => {
    expect(formatMoney(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatDate('2026-11-22T15:04:00Z')).toMatch(/^22\/11\/2026/);
    expect(formatMoney('abc')).toBe('—');
  });
});
