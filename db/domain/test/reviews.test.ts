// Reviews' rules on the client side: the schemas the site's form and the worker validate with
// (the database holds the same edges, db/supabase/test/reviews.test.ts), and the summary the
// listing page and its JSON-LD show.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_TEXT } from '../src/legal-texts.ts';
import { moderationSchema, reviewCreateSchema, reviewInputSchema } from '../src/review-schemas.ts';
import {
  REVIEW_COMMENT_MAX,
  REVIEW_LIMITS,
  REVIEW_MESSAGES,
  REVIEW_REASON_MAX,
  reviewSummary,
} from '../src/reviews.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('reviewInputSchema', () => {
  it('stars: 1 and 5 pass; 0, 6, 4.5 and none are refused', () => {
    for (const rating of [1, 5]) {
      expect(reviewInputSchema.safeParse({ rating, comment: 'Bom.' }).success).toBe(true);
    }
    for (const rating of [0, 6, 4.5, undefined, '5']) {
      expect(firstMessage(reviewInputSchema.safeParse({ rating, comment: 'Bom.' }))).toBe(
        REVIEW_MESSAGES.rating,
      );
    }
  });

  it('comment: trimmed, 1000 characters pass, 1001 and blank are refused', () => {
    const long = 'a'.repeat(REVIEW_COMMENT_MAX);
    expect(reviewInputSchema.parse({ rating: 3, comment: `  ${long}\n` }).comment).toBe(long);
    expect(firstMessage(reviewInputSchema.safeParse({ rating: 3, comment: `${long}a` }))).toBe(
      REVIEW_MESSAGES.commentTooLong,
    );
    for (const comment of [' \n\t', '', undefined]) {
      expect(firstMessage(reviewInputSchema.safeParse({ rating: 3, comment }))).toBe(
        REVIEW_MESSAGES.commentRequired,
      );
    }
  });

  it('a new review names a place of a known kind; nothing else is accepted', () => {
    const place = { kind: 'passeio', listing_id: '6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b' };
    expect(reviewCreateSchema.safeParse({ ...place, rating: 5, comment: 'Ok' }).success).toBe(true);
    expect(
      firstMessage(
        reviewCreateSchema.safeParse({ ...place, kind: 'praia', rating: 5, comment: 'Ok' }),
      ),
    ).toBe(REVIEW_MESSAGES.listingNotFound);
    expect(
      reviewCreateSchema.safeParse({ ...place, rating: 5, comment: 'Ok', status: 'approved' })
        .success,
    ).toBe(false);
  });
});

describe('moderationSchema', () => {
  // the review's updated_at as PostgREST reads it, to the microsecond
  const seen = '2026-11-28T12:09:14.123456+00:00';

  it('approve; reject with a reason of 1 to 300 characters', () => {
    expect(moderationSchema.safeParse({ status: 'approved', seen_updated_at: seen }).success).toBe(
      true,
    );
    const reason = 'x'.repeat(REVIEW_REASON_MAX);
    expect(
      moderationSchema.parse({ status: 'rejected', reason: ` ${reason} `, seen_updated_at: seen }),
    ).toEqual({ status: 'rejected', reason, seen_updated_at: seen });
    expect(
      firstMessage(
        moderationSchema.safeParse({
          status: 'rejected',
          reason: `${reason}x`,
          seen_updated_at: seen,
        }),
      ),
    ).toBe(REVIEW_MESSAGES.reasonTooLong);
    for (const blank of [undefined, '   ']) {
      expect(
        firstMessage(
          moderationSchema.safeParse({ status: 'rejected', reason: blank, seen_updated_at: seen }),
        ),
      ).toBe(REVIEW_MESSAGES.reasonRequired);
    }
    expect(firstMessage(moderationSchema.safeParse({ status: 'pending' }))).toBe(
      REVIEW_MESSAGES.status,
    );
  });

  it('names the updated_at read, kept to the microsecond; none or a non-date is refused', () => {
    expect(moderationSchema.parse({ status: 'approved', seen_updated_at: seen })).toEqual({
      status: 'approved',
      seen_updated_at: seen,
    });
    for (const wrong of [undefined, '', 'ontem', 1_764_331_754_123]) {
      expect(
        firstMessage(moderationSchema.safeParse({ status: 'approved', seen_updated_at: wrong })),
      ).toBe(REVIEW_MESSAGES.changed);
    }
  });
});

describe('REVIEW_MESSAGES', () => {
  it('state the window of the limits from REVIEW_LIMITS', () => {
    const window = `nas últimas ${REVIEW_LIMITS.windowHours} horas`;
    for (const key of [
      'accountWrites',
      'accountReports',
      'addressWrites',
      'addressReports',
    ] as const) {
      expect(REVIEW_MESSAGES[key]).toContain(window);
    }
  });

  it('ask an unconfirmed account to confirm its e-mail for what it tried to do', () => {
    expect(REVIEW_MESSAGES.confirmEmail).toBe('Confirme seu e-mail para avaliar.');
    expect(REVIEW_MESSAGES.confirmEmailToReport).toBe('Confirme seu e-mail para denunciar.');
  });
});

describe('the privacy text on reviews', () => {
  it('says who may report a review: an account with a confirmed e-mail', () => {
    expect(DEFAULT_PRIVACY_TEXT).not.toContain('Qualquer visitante pode denunciar');
    expect(DEFAULT_PRIVACY_TEXT).toContain(
      'Quem entrou na sua conta, com o e-mail confirmado, pode denunciar uma avaliação publicada',
    );
  });
});

describe('reviewSummary', () => {
  it('the average to one decimal and the count; none is 0 of 0', () => {
    expect(reviewSummary([])).toEqual({ average: 0, count: 0 });
    expect(reviewSummary([{ rating: 5 }])).toEqual({ average: 5, count: 1 });
    expect(reviewSummary([{ rating: 5 }, { rating: 4 }, { rating: 4 }])).toEqual({
      average: 4.3,
      count: 3,
    });
    expect(reviewSummary([{ rating: 5 }, { rating: 4 }])).toEqual({ average: 4.5, count: 2 });
    expect(reviewSummary([{ rating: 1 }, { rating: 2 }, { rating: 2 }])).toEqual({
      average: 1.7,
      count: 3,
    });
  });
});
