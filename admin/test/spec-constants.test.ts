// The panel's own constants, pinned to the values the panel promises (the rule beside each),
// never computed from the code.
import { FEATURED_LIMIT, MESSAGES } from '@guia-fortim/domain';
import { describe, expect, it } from 'vitest';
import {
  OTHER_CATEGORY,
  PHONE_EXAMPLE,
  PRICE_STEP,
  RATING_STEP,
} from '../src/listings/constants.ts';
import { FEATURED_ADD_LIST_LIMIT } from '../src/ordering/lists.ts';
import { MAP_ADMIN_TABLE_LIMIT } from '../src/settings/MapSettings.tsx';

describe("the panel's constants hold their promised values", () => {
  it('content', () => {
    // "Rating 0 to 5, step 0.1, default 4.5"; "Price: number, minimum 0, step 0.01."
    expect([RATING_STEP, PRICE_STEP]).toEqual([0.1, 0.01]);
    // "Commerce and tour category lists also offer 'Outro'."
    expect(OTHER_CATEGORY).toBe('Outro');
    // "Featured limit 4 per type; add list shows at most 10 items; map admin table first 10
    // locations."
    expect([FEATURED_LIMIT, FEATURED_ADD_LIST_LIMIT, MAP_ADMIN_TABLE_LIMIT]).toEqual([4, 10, 10]);
  });

  it('the WhatsApp placeholder is the example the phone message gives', () => {
    expect(MESSAGES.phone).toContain(`(ex.: ${PHONE_EXAMPLE})`);
  });
});
