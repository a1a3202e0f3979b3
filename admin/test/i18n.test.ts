import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, messages } from '../src/i18n.ts';

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
    const flat = messages as unknown as { ra: { action: { reset: string } } };
    expect(flat.ra.action.reset).toBe('Redefinir');
  });

  it('include the ra-supabase catalogue', () => {
    expect(keys(messages).filter((key) => key.startsWith('ra-supabase.'))).toHaveLength(12);
  });

  it('money and dates in pt-BR', () => {
    expect(formatMoney(1234.5).replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatDate('2026-11-22T15:04:00Z')).toMatch(/^22\/11\/2026/);
    expect(formatMoney('abc')).toBe('—');
  });
});
