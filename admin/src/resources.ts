/**
 * react-admin names a resource after its route, and the panel's routes are Portuguese
 * (/admin/categorias, /admin/carousel) while the tables are not: the data provider reads the
 * table a resource stands for and writes through the worker's path for it.
 */
export const CATEGORIES = 'categorias';
export const SLIDES = 'carousel';
/** Deleted listings, categories and slides, for 30 days (/admin/lixeira). */
export const TRASH = 'lixeira';
/** The history of changes (read only; each edit screen shows its row's). */
export const HISTORY = 'historico';
/** Visitors' reviews to moderate (/admin/avaliacoes), read from the staff's queue view. */
export const REVIEWS = 'avaliacoes';

const TABLES: Record<string, string> = {
  [CATEGORIES]: 'categories',
  [SLIDES]: 'carousel_slides',
  [TRASH]: 'trash',
  [HISTORY]: 'audit_log',
  [REVIEWS]: 'review_queue',
};

/** Resources read from a view: their rows are stored, and trashed, under another table's name. */
const STORED_TABLES: Record<string, string> = {
  [REVIEWS]: 'reviews',
};

/** The table behind a resource (listings are named after their tables). */
export function tableOf(resource: string): string {
  return TABLES[resource] ?? resource;
}

/** The table a resource's rows are stored in: the name the trash and the history give them. */
export function storedTableOf(resource: string): string {
  return STORED_TABLES[resource] ?? tableOf(resource);
}
