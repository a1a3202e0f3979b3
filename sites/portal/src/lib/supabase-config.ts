// Where the build reads its data: SUPABASE_URL + SUPABASE_PUBLISHABLE_KEY from the environment
// (`npm start`, `npm run dev`, the test stacks and the deploy set them; see .env.example).

export type SupabaseConfig = { url: string; key: string };

export function supabaseConfig(
  env: Record<string, string | undefined> = process.env,
): SupabaseConfig {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_PUBLISHABLE_KEY?.trim();
  if (url && key) return { url: url.replace(/\/+$/, ''), key };
  if (url || key) {
    throw new Error('Defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY juntas (falta uma delas).');
  }
  throw new Error(
    'Sem dados para o site: defina SUPABASE_URL e SUPABASE_PUBLISHABLE_KEY (o endereço e a chave ' +
      'publicável do Supabase; `npm start` e `npm run dev` definem as do Supabase local).',
  );
}
