// Where the build reads its data: SUPABASE_URL + SUPABASE_PUBLISHABLE_KEY, or else the local
// stack's .data/stack.json at the repository root (written by `npm run db:local`).
import { existsSync, readFileSync } from 'node:fs';

export type SupabaseConfig = { url: string; key: string };

export const STACK_FILE = new URL('../../../../.data/stack.json', import.meta.url);

export function supabaseConfig(
  env: Record<string, string | undefined> = process.env,
  stackFile: URL = STACK_FILE,
): SupabaseConfig {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_PUBLISHABLE_KEY?.trim();
  if (url && key) return { url: withoutTrailingSlash(url), key };
  if (url || key) {
    throw new Error('Defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY juntas (falta uma delas).');
  }
  if (!existsSync(stackFile)) {
    throw new Error(
      'Sem dados para o site: defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY ou inicie o ' +
        `Supabase local (npm run db:local), que grava ${stackFile.pathname}.`,
    );
  }
  let stack: unknown;
  try {
    stack = JSON.parse(readFileSync(stackFile, 'utf8'));
  } catch {
    throw new Error(`${stackFile.pathname} não é um JSON válido.`);
  }
  const record = (stack ?? {}) as Record<string, unknown>;
  const stackUrl = record.supabaseUrl;
  const stackKey = record.publishableKey ?? record.anonKey;
  if (typeof stackUrl !== 'string' || typeof stackKey !== 'string') {
    throw new Error(`${stackFile.pathname} não tem supabaseUrl e publishableKey.`);
  }
  return { url: withoutTrailingSlash(stackUrl), key: stackKey };
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
