import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/**
 * Build-time configuration. VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY and VITE_API_URL
 * come from the environment or admin/.env*; when absent, the local stack's values are read from
 * ../.data/stack.json (written by `npm start`), so a local build needs no setup.
 */
function localStackDefaults(): Record<string, string> {
  const file = fileURLToPath(new URL('../.data/stack.json', import.meta.url));
  if (!existsSync(file)) return {};
  const stack = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const pick = (...keys: string[]) => {
    for (const key of keys) if (typeof stack[key] === 'string') return stack[key] as string;
    return undefined;
  };
  const values: Record<string, string | undefined> = {
    VITE_SUPABASE_URL: pick('supabaseUrl', 'supabase_url', 'SUPABASE_URL'),
    VITE_SUPABASE_PUBLISHABLE_KEY: pick(
      'publishableKey',
      'supabasePublishableKey',
      'anonKey',
      'SUPABASE_PUBLISHABLE_KEY',
    ),
    VITE_API_URL: pick('apiUrl', 'api_url', 'API_URL'),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
}

export default defineConfig(({ mode }) => {
  const env = { ...localStackDefaults(), ...loadEnv(mode, process.cwd(), 'VITE_') };
  const define = Object.fromEntries(
    ['VITE_SUPABASE_URL', 'VITE_SUPABASE_PUBLISHABLE_KEY', 'VITE_API_URL']
      .filter((key) => env[key] !== undefined)
      .map((key) => [`import.meta.env.${key}`, JSON.stringify(env[key])]),
  );
  return {
    base: '/admin/',
    plugins: [react()],
    define,
    build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  };
});
