// At build time: the inline script that answers every heart (lib/favorites/device.ts, minified).
// Its text depends on that source alone (the cap and the words are its element's attributes), so
// it is the same on every page and in every build: one hash in the Content-Security-Policy
// (scripts/stack/headers.ts collects it from the built pages). The site Worker's build makes the
// same text ahead of time (scripts/astro-worker-build.ts), having no esbuild at run time.
import { FAVORITE_LABELS, FAVORITES_MAX, FAVORITES_MESSAGES } from '@guia-fortim/domain';
import { transformSync } from 'esbuild';
import source from './device.ts?raw';

let script: string | undefined;

export function favoritesScript(): string {
  script ??= transformSync(`${source}\nlistenForFavorites(document.currentScript.dataset);`, {
    loader: 'ts',
    format: 'iife',
    minify: true,
    target: 'es2020',
  }).code.trim();
  return script;
}

/** The script element's attributes: the cap and what the hearts say. */
export const favoritesScriptData = {
  'data-max': String(FAVORITES_MAX),
  'data-words': JSON.stringify({ ...FAVORITE_LABELS, full: FAVORITES_MESSAGES.full }),
};
