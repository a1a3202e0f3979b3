import { describe, expect, it } from 'vitest';
import { formatPrice } from '../src/lib/format.ts';

describe('formatPrice', () => {
  it('uses pt-BR separators and two decimals', () => {
    expect(formatPrice(1250.5)).toBe('1.250,50');
    expect(formatPrice(0)).toBe('0,00');
  });
});
