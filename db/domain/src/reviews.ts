// Visitors' reviews: 1 to 5 stars and a comment, once per place, published after a moderator or
// administrator approves it. The limits and messages are stated once here; the database
// (20261206100000_reviews.sql) enforces the same rules with the same words, and a test in
// db/supabase holds its numbers equal to these.
// Its zod schemas are in review-schemas.ts: the site's review section and 'Denunciar' read these
// words and numbers without loading zod.
import type { ListingKind } from './types.ts';

export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
/** The longest rejection reason a moderator writes (the author reads it in 'Minhas avaliações'). */
export const REVIEW_REASON_MAX = 300;

/** "1 de 5 estrelas", "4 de 5 estrelas": what a screen reader says for a review's stars, on the
 * site and in the panel alike. */
export function starsLabel(rating: number): string {
  return `${rating} de ${REVIEW_RATING_MAX} estrelas`;
}

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS = {
  pending: 'Pendente',
  approved: 'Aprovada',
  rejected: 'Rejeitada',
} as const satisfies Record<ReviewStatus, string>;

/**
 * Limits against abuse, over the last 24 hours. Writes are new reviews and edits (each edit puts
 * the review back in the moderators' queue). An address is the client's network as the worker
 * reads it (an IPv4 address or an IPv6 /48): a pousada's Wi-Fi serves many guests, so an address
 * gets more than one account.
 */
export const REVIEW_LIMITS = {
  windowHours: 24,
  perAccount: { writes: 10, reports: 10 },
  perAddress: { writes: 20, reports: 20 },
} as const;

/** The limits' window as the refusals say it: 'nas últimas 24 horas'. */
const LIMIT_WINDOW = `nas últimas ${REVIEW_LIMITS.windowHours} horas`;

export const REVIEW_MESSAGES = {
  signIn: 'Entre na sua conta para avaliar.',
  confirmEmail: 'Confirme seu e-mail para avaliar.',
  confirmEmailToReport: 'Confirme seu e-mail para denunciar.',
  alreadyReviewed:
    'Você já avaliou este lugar. Para mudar sua avaliação, edite-a em "Minhas avaliações".',
  listingNotFound: 'Lugar não encontrado.',
  reviewNotFound: 'Avaliação não encontrada.',
  rating: `Escolha de ${REVIEW_RATING_MIN} a ${REVIEW_RATING_MAX} estrelas.`,
  commentRequired: 'Escreva um comentário.',
  commentTooLong: `O comentário deve ter no máximo ${REVIEW_COMMENT_MAX} caracteres.`,
  status: 'Escolha aprovar ou rejeitar a avaliação.',
  reasonRequired: 'Informe o motivo da rejeição.',
  reasonTooLong: `O motivo deve ter no máximo ${REVIEW_REASON_MAX} caracteres.`,
  ownReview: 'Você não pode moderar a sua própria avaliação.',
  /** The author edited it after the moderator read it: the decision would be on unread text. */
  changed: 'A avaliação foi alterada pelo autor. Recarregue para ver o texto novo.',
  /** In the panel, on the reader's own review, in place of 'Aprovar' and 'Rejeitar'. */
  ownReviewNote: 'Sua avaliação: outra pessoa da equipe decide.',
  accountWrites: `Você enviou muitas avaliações ${LIMIT_WINDOW}. Tente novamente amanhã.`,
  accountReports: `Você enviou muitas denúncias ${LIMIT_WINDOW}. Tente novamente amanhã.`,
  addressWrites: `Muitas avaliações foram enviadas desta rede ${LIMIT_WINDOW}. Tente novamente amanhã.`,
  addressReports: `Muitas denúncias foram enviadas desta rede ${LIMIT_WINDOW}. Tente novamente amanhã.`,
  /** A write that did not come through the worker (a direct call to the database). */
  siteOnly: 'As avaliações são enviadas pelo site.',
  unavailable: 'As avaliações estão indisponíveis no momento. Tente novamente mais tarde.',
  restoreConflict: 'O autor já tem outra avaliação deste lugar. Exclua-a antes de restaurar esta.',
  submitted: 'Sua avaliação foi enviada e aparecerá depois de aprovada.',
  /** After 'Denunciar': what the worker answers and the site shows. */
  reported: 'Obrigado. A avaliação voltará para a moderação.',
  approved: 'Avaliação aprovada.',
  rejected: 'Avaliação rejeitada.',
  trashed: 'Avaliação movida para a lixeira.',
  deleted: 'Avaliação excluída.',
} as const;

/** A review's place once the place is gone, in 'Minhas avaliações' and the panel's queue. */
export const REMOVED_LISTING_NAME = 'Lugar excluído';

/**
 * The SQLSTATEs the review functions raise besides the shared ones (DB_ERROR: 42501 for a caller
 * who may not, 22023 for a value out of range, GF002 for a review or place that does not exist).
 */
export const REVIEW_DB_ERROR = {
  /** The account's e-mail is not confirmed. */
  emailUnconfirmed: 'GF009',
  /** The account already reviewed that place. */
  alreadyReviewed: 'GF010',
  /** A per-account or per-address limit. */
  limit: 'GF011',
  /** A moderator or administrator deciding on their own review. */
  ownReview: 'GF013',
  /** The review changed after the moderator read it. */
  changed: 'GF014',
} as const;

/** A row of public.reviews, as its author (any status) and the staff read it. */
export type Review = {
  id: string;
  user_id: string;
  listing_kind: ListingKind;
  listing_id: string;
  rating: number;
  comment: string;
  status: ReviewStatus;
  rejection_reason: string | null;
  reported_at: string | null;
  created_at: string;
  updated_at: string;
  moderated_at: string | null;
  moderated_by: string | null;
};

/** A row of public.published_reviews: an approved review as everyone sees it. */
export type PublishedReview = {
  id: string;
  listing_kind: ListingKind;
  listing_id: string;
  rating: number;
  comment: string;
  author_name: string;
  created_at: string;
  updated_at: string;
};

/** A row of public.review_queue, the panel's 'Avaliações'. */
export type QueuedReview = {
  id: string;
  status: ReviewStatus;
  rating: number;
  comment: string;
  rejection_reason: string | null;
  reported_at: string | null;
  created_at: string;
  updated_at: string;
  moderated_at: string | null;
  listing_kind: ListingKind;
  listing_id: string;
  listing_name: string | null;
  listing_slug: string | null;
  author_name: string;
  /** The reader's own review: another member of the staff decides on it. */
  is_own: boolean;
};

/** The visitors' average (to one decimal) and count; an average of 0 when there is none. */
export function reviewSummary(reviews: readonly { rating: number }[]): {
  average: number;
  count: number;
} {
  const count = reviews.length;
  if (count === 0) return { average: 0, count: 0 };
  const total = reviews.reduce((sum, review) => sum + review.rating, 0);
  return { average: Math.round((total / count) * 10) / 10, count };
}
