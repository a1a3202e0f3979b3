// `npm run admin:create -- email`: makes an existing user an administrator, for operators who
// have database access. It runs the same rule as /admin-setup (grant_admin_access), called with
// the service role, so there is one way to become admin:
// - with DATABASE_URL: directly in PostgreSQL (e.g. the hosted project's connection string);
// - otherwise through the API with the secret key: SUPABASE_URL + SUPABASE_SECRET_KEY, or the
//   local stack's `.data/stack.json` and `.data/secrets.json`.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

const DATA_DIR =
  process.env.GUIA_FORTIM_DATA_DIR ?? join(import.meta.dirname, '..', '..', '..', '.data');

export type GrantOutcome = { ok: true } | { ok: false; message: string };

function explain(message: string): string {
  if (message.includes('not found')) {
    return 'Usuário não encontrado. Certifique-se de que o usuário já possui uma conta.';
  }
  return message;
}

export async function grantWithDatabase(databaseUrl: string, email: string): Promise<GrantOutcome> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('request.jwt.claims', $1, true)`, [
      JSON.stringify({ role: 'service_role' }),
    ]);
    await client.query('select public.grant_admin_access($1)', [email]);
    await client.query('commit');
    return { ok: true };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    return { ok: false, message: explain((error as Error).message) };
  } finally {
    await client.end();
  }
}

export async function grantWithApi(
  supabaseUrl: string,
  secretKey: string,
  email: string,
): Promise<GrantOutcome> {
  const response = await fetch(
    `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/grant_admin_access`,
    {
      method: 'POST',
      headers: {
        apikey: secretKey,
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ user_email: email }),
    },
  );
  if (response.ok) {
    await response.body?.cancel();
    return { ok: true };
  }
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  return { ok: false, message: explain(body?.message ?? `HTTP ${response.status}`) };
}

function readJson(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** SUPABASE_URL + SUPABASE_SECRET_KEY, else what the local stack wrote in `.data/`. */
function apiTarget(): { url: string; secretKey: string } | null {
  const url = process.env.SUPABASE_URL;
  const secretKey = process.env.SUPABASE_SECRET_KEY;
  if (url && secretKey) return { url, secretKey };
  const stack = readJson(join(DATA_DIR, 'stack.json'));
  const secrets = readJson(join(DATA_DIR, 'secrets.json'));
  const localUrl = url ?? stack?.supabaseUrl;
  const localKey = secretKey ?? secrets?.supabaseSecretKey;
  if (typeof localUrl === 'string' && typeof localKey === 'string') {
    return { url: localUrl, secretKey: localKey };
  }
  return null;
}

async function main(): Promise<number> {
  const email = process.argv[2]?.trim();
  if (!email?.includes('@')) {
    console.error('Uso: npm run admin:create -- email@exemplo.com');
    return 2;
  }
  let outcome: GrantOutcome;
  if (process.env.DATABASE_URL) {
    outcome = await grantWithDatabase(process.env.DATABASE_URL, email);
  } else {
    const target = apiTarget();
    if (!target) {
      console.error(
        'Defina DATABASE_URL, ou SUPABASE_URL e SUPABASE_SECRET_KEY, ou inicie o ambiente local (npm start).',
      );
      return 2;
    }
    try {
      outcome = await grantWithApi(target.url, target.secretKey, email);
    } catch {
      console.error(`Não foi possível conectar a ${target.url}.`);
      return 1;
    }
  }
  if (!outcome.ok) {
    console.error(`Erro: ${outcome.message}`);
    return 1;
  }
  console.log(`Acesso de administrador concedido para ${email}`);
  return 0;
}

if (import.meta.main) process.exitCode = await main();
