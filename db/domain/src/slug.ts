// Listing slugs: lowercase ASCII words joined by hyphens, at most 80 characters. The same mapping
// as private.slugify() in the schema migration (a test compares both on random input).
const FROM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const TO = 'abcdefghijklmnopqrstuvwxyzaaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuuccnnyyy';
const MAP = new Map([...FROM].map((char, i) => [char, TO[i] ?? '']));

export const SLUG_MAX_LENGTH = 80;

export function slugify(value: string): string {
  const mapped = [...value].map((char) => MAP.get(char) ?? char).join('');
  const slug = mapped
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return slug || 'item';
}
