// How the site writes a review's parts: its date and the visitors' count (its stars' words are the
// domain's starsLabel, shared with the panel).

/** Fortaleza's clock (UTC−3 all year, no daylight saving): the date a visitor there reads. */
const FORTALEZA_OFFSET_MS = -3 * 60 * 60 * 1000;

/**
 * "dd/mm/aaaa" in Fortaleza's time, written out rather than with Intl: the static build (Node)
 * and the site Worker (workerd) must render a page byte for byte alike.
 */
export function reviewDate(iso: string): string {
  const at = new Date(Date.parse(iso) + FORTALEZA_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getUTCDate())}/${two(at.getUTCMonth() + 1)}/${at.getUTCFullYear()}`;
}

/** The date part of `iso` in Fortaleza's time, for a <time datetime>. */
export function reviewDateTime(iso: string): string {
  return new Date(Date.parse(iso) + FORTALEZA_OFFSET_MS).toISOString().slice(0, 10);
}

/** "1 avaliação", "12 avaliações". */
export function reviewCount(count: number): string {
  return `${count} ${count === 1 ? 'avaliação' : 'avaliações'}`;
}
