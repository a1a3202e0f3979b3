// Stored photos leave R2 (for the quarantine: quarantine.ts) only when nothing can show them again. A live row, a row in the trash and
// every version in the history of a row that still exists keep a photo: the database answers
// which (images_in_use; the sweep asks the same rule with unreferenced_images). So deleting a row or replacing its
// photos frees nothing — 'Restaurar' and 'Restaurar esta versão' find their photos — and a row
// that leaves the trash for good ('Excluir definitivamente', the 30-day retention) frees the
// photos the database names for it (its last state and every version in its history), unless
// another row, trashed row or history still shows them. Runs after the purge succeeded, and never
// fails the caller.
import type { Context } from 'hono';
import { database, dataOf } from '../database.ts';
import type { AppEnv } from '../env.ts';
import { log } from '../log.ts';
import { keyBaseOf, publicUrl, variantKeys } from './keys.ts';
import { retire } from './quarantine.ts';

/** Deletes the stored photos among `candidateUrls` that nothing shows any more. */
export async function removeUnusedImages(
  c: Context<AppEnv>,
  candidateUrls: string[],
): Promise<void> {
  const imagesUrl = c.env.PUBLIC_IMAGES_URL;
  const bases = new Set(
    candidateUrls.map((url) => keyBaseOf(imagesUrl, url)).filter((b): b is string => b !== null),
  );
  if (bases.size === 0) return;
  try {
    // Every object's URL (each size, each format): a row may show any of them (a card in a
    // gallery) and keeps them all.
    const urls = [...bases].flatMap((base) =>
      variantKeys(base).map((key) => publicUrl(imagesUrl, key)),
    );
    const inUse = await dataOf<string[]>(database(c).rpc('images_in_use', { urls }));
    for (const url of inUse) {
      const base = keyBaseOf(imagesUrl, url);
      if (base) bases.delete(base);
    }
    if (bases.size === 0) return;
    await retire(c.env.IMAGES_BUCKET, [...bases].flatMap(variantKeys));
    log(c, 'info', 'removed unused images', { images: [...bases] });
  } catch (err) {
    // The purge itself succeeded; a leftover photo costs storage (the sweep takes it later).
    log(c, 'warn', 'image cleanup failed', { error: String(err) });
  }
}
