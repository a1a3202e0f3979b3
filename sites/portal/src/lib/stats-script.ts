// At build time: the inline script that sends the listing counts (lib/stats-beacon.ts, minified),
// for the worker at `apiUrl`. The same text on every page, so the Content-Security-Policy needs
// one hash for it (scripts/stack/headers.ts collects it from the built pages).
import { transformSync } from 'esbuild';
import source from './stats-beacon.ts?raw';

/** The worker's address for the counts; '' without an API address (then nothing is counted). */
export function statsEndpoint(apiUrl: string | undefined): string {
  const api = (apiUrl ?? '').trim().replace(/\/+$/, '');
  return api ? `${api}/api/events` : '';
}

const scripts = new Map<string, string>();

export function statsScript(endpoint: string): string {
  let script = scripts.get(endpoint);
  if (script === undefined) {
    // '<' escaped, so nothing in the address can close the script element.
    const call = `listenForStats(${JSON.stringify(endpoint).replaceAll('<', '\\u003c')});`;
    script = transformSync(`${source}\n${call}`, {
      loader: 'ts',
      format: 'iife',
      minify: true,
      target: 'es2020',
    }).code.trim();
    scripts.set(endpoint, script);
  }
  return script;
}
