// Deleting a listing or slide, or replacing its photos, removes the stored photos nobody uses any
// more. Runs only after the row change succeeded; references are checked against the database at
// that moment, so a photo another row still shows is kept.
import { IMAGE_VARIANT_NAMES } from '@guia-fortim/domain';
import type { Context } from 'hono';
import { database, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import { keyBaseOf, publicUrl, variantKey, variantKeys } from './keys.ts';

type ImageRow = { image_url?: string | null; additional_images?: string[] | null };

/** Every photo URL a row shows. */
export function imageUrlsOf(row: ImageRow | null | undefined): string[] {
  if (!row) return [];
  return [row.image_url ?? '', ...(row.additional_images ?? [])].filter((u) => u !== '');
}

// PostgREST list syntax: double-quoted, with " and \ escaped (postgrest-js's own `in` quotes only
// values holding , ( or )).
const quoted = (values: string[]) =>
  values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',');

const LISTING_TABLES = ['hospedagens', 'comercios', 'passeios'] as const;

export async function removeUnusedImages(c: Context<AppEnv>, removedUrls: string[]): Promise<void> {
  const imagesUrl = c.env.PUBLIC_IMAGES_URL;
  const bases = new Set(
    removedUrls.map((url) => keyBaseOf(imagesUrl, url)).filter((b): b is string => b !== null),
  );
  if (bases.size === 0) return;
  try {
    const urls = [...bases].flatMap((base) =>
      IMAGE_VARIANT_NAMES.map((v) => publicUrl(imagesUrl, variantKey(base, v))),
    );
    const db = database(c);
    const select = 'image_url,additional_images';
    const list = `(${quoted(urls)})`;
    const array = `{${quoted(urls)}}`;
    const lookups: Promise<ImageRow[]>[] = [
      dataOf(db.from('carousel_slides').select('image_url').filter('image_url', 'in', list)),
    ];
    for (const table of LISTING_TABLES) {
      lookups.push(dataOf(db.from(table).select(select).filter('image_url', 'in', list)));
      lookups.push(dataOf(db.from(table).select(select).filter('additional_images', 'ov', array)));
    }
    for (const row of (await Promise.all(lookups)).flat()) {
      for (const url of imageUrlsOf(row)) {
        const base = keyBaseOf(imagesUrl, url);
        if (base) bases.delete(base);
      }
    }
    if (bases.size === 0) return;
    await c.env.IMAGES_BUCKET.delete([...bases].flatMap(variantKeys));
    log(c, 'info', 'removed unused images', { images: [...bases] });
  } catch (err) {
    // The change itself succeeded; a leftover photo costs storage, not correctness.
    log(c, 'warn', 'image cleanup failed', { error: String(err) });
  }
}
