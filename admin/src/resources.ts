/**
 * react-admin names a resource after its route, and the spec's routes are Portuguese
 * (/admin/categorias, /admin/carousel) while the tables are not: the data provider reads the
 * table a resource stands for and writes through the worker's path for it.
 */
export const CATEGORIES = 'categorias';
export const SLIDES = 'carousel';

const TABLES: Record<string, string> = {
  [CATEGORIES]: 'categories',
  [SLIDES]: 'carousel_slides',
};

/** The table behind a resource (listings are named after their tables). */
export function tableOf(resource: string): string {
  return TABLES[resource] ?? resource;
}
