// The panel's resources (table names) for the three kinds, in menu order. Kept apart from
// constants.ts so the entry chunk does not pull in @guia-fortim/db (and zod) before a form opens.
export const LISTING_KINDS = ['hospedagens', 'comercios', 'passeios'] as const;
export type ListingResource = (typeof LISTING_KINDS)[number];
