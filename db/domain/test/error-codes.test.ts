// The database's own refusal codes (GF…): each names one refusal, whichever module states it, so
// the site, the panel and the worker can tell them apart by code.
import { describe, expect, it } from 'vitest';
import { DB_ERROR } from '../src/errors.ts';
import { FAVORITES_FULL_CODE } from '../src/favorites.ts';
import { REVIEW_DB_ERROR } from '../src/reviews.ts';

describe('the refusal codes of our own', () => {
  it('name one refusal each', () => {
    const codes = [
      ...Object.values(DB_ERROR),
      ...Object.values(REVIEW_DB_ERROR),
      FAVORITES_FULL_CODE,
    ].filter((code) => code.startsWith('GF'));
    expect(codes.length).toBeGreaterThan(10);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
