// `npm run db:local` (`node local/main.ts`): the local Supabase alone, on 127.0.0.1:54321 by
// default, over PGlite persisted in `.data/supabase/` (or the PostgreSQL in DATABASE_URL).
// Flags: --reset (start from an empty database), --port N, --autoconfirm, --no-seed,
// --data-dir DIR (another root than `.data/`, e.g. for a second, isolated instance).
// While it runs, `.data/stack.json` holds its public facts and `.data/secrets.json` (mode 0600)
// the secret key for local tooling.
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_PORT } from './config.ts';
import { startLocalSupabase } from './index.ts';

const USAGE = `Uso: npm run db:local -- [--reset] [--port N] [--autoconfirm] [--no-seed] [--data-dir DIR]

  --reset        apaga o banco embutido e começa do zero (as chaves são mantidas)
  --port N       porta em 127.0.0.1 (padrão ${DEFAULT_PORT}, ou a variável PORT)
  --autoconfirm  cadastros entram sem confirmação por e-mail
  --no-seed      não carrega o conteúdo de demonstração num banco vazio
  --data-dir DIR pasta dos dados (padrão .data na raiz do repositório)

Variáveis: DATABASE_URL (usa esse PostgreSQL em vez do PGlite), PORT, SITE_URL.`;

const repositoryRoot = join(import.meta.dirname, '..', '..');

function fail(message: string): never {
  console.error(`\n${message}\n`);
  process.exit(1);
}

function readOptions() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    fail(`${(error as Error).message}\n\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const portText = parsed.values.port ?? process.env.PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) {
    fail(`Porta inválida: "${portText}". Use um número entre 1 e 65535.`);
  }
  return {
    port,
    dataRoot: resolve(parsed.values['data-dir'] ?? join(repositoryRoot, '.data')),
    reset: parsed.values.reset ?? false,
    autoconfirm: parsed.values.autoconfirm ?? false,
    seed: !(parsed.values['no-seed'] ?? false),
  };
}

function parse() {
  return parseArgs({
    options: {
      reset: { type: 'boolean' },
      port: { type: 'string' },
      autoconfirm: { type: 'boolean' },
      'no-seed': { type: 'boolean' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
}

function readJson(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** Sets (or, with `undefined`, removes) keys of a JSON file, keeping what other tools wrote. */
function mergeJson(file: string, entries: Record<string, string | undefined>, mode?: number) {
  const merged = { ...readJson(file), ...entries };
  for (const [key, value] of Object.entries(entries)) if (value === undefined) delete merged[key];
  if (Object.keys(merged).length === 0) {
    rmSync(file, { force: true });
    return;
  }
  writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`, mode ? { mode } : {});
  if (mode) chmodSync(file, mode);
}

const options = readOptions();
const { dataRoot } = options;
const databaseUrl = process.env.DATABASE_URL;
const startedAt = Date.now();
console.log(
  `Iniciando o Supabase local${databaseUrl ? ' sobre DATABASE_URL' : ` (PGlite em ${join(dataRoot, 'supabase')})`}…`,
);
const supabase = await startLocalSupabase({
  port: options.port,
  dataDir: join(dataRoot, 'supabase'),
  ...(databaseUrl ? { databaseUrl } : {}),
  reset: options.reset,
  seed: options.seed,
  autoconfirm: options.autoconfirm,
  ...(process.env.SITE_URL ? { siteUrl: process.env.SITE_URL } : {}),
}).catch((error: Error) => fail(`Não foi possível iniciar o Supabase local: ${error.message}`));

mkdirSync(dataRoot, { recursive: true });
const stackFile = join(dataRoot, 'stack.json');
const secretsFile = join(dataRoot, 'secrets.json');
const publicFacts = {
  supabaseUrl: supabase.url,
  publishableKey: supabase.keys.publishableKey,
  anonKey: supabase.keys.anonKey,
  jwksUrl: supabase.keys.jwksUrl,
  mailboxUrl: supabase.mailboxUrl,
};
const secrets = {
  supabaseSecretKey: supabase.keys.secretKey,
  supabaseServiceRoleKey: supabase.keys.serviceRoleKey,
};
mergeJson(stackFile, publicFacts);
mergeJson(secretsFile, secrets, 0o600);

const { applied, seeded } = supabase.migrations;
console.log(`
Supabase local pronto em ${((Date.now() - startedAt) / 1000).toFixed(1)} s (${supabase.databaseKind})
  URL:                 ${supabase.url}
  Chave publicável:    ${supabase.keys.publishableKey}
  Chave anon (legada): ${supabase.keys.anonKey}
  Chave secreta:       ${supabase.keys.secretKey}   (só para ferramentas locais)
  JWKS:                ${supabase.keys.jwksUrl}
  Caixa de e-mails:    ${supabase.mailboxUrl}
  Migrações aplicadas: ${applied.length > 0 ? applied.join(', ') : 'nenhuma nova'}${seeded ? '\n  Conteúdo de demonstração carregado.' : ''}
  Cadastros:           ${options.autoconfirm ? 'confirmados automaticamente' : 'confirmação por e-mail (links na caixa de e-mails)'}

Ctrl+C para parar.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\nParando o Supabase local…');
  mergeJson(stackFile, Object.fromEntries(Object.keys(publicFacts).map((k) => [k, undefined])));
  mergeJson(
    secretsFile,
    Object.fromEntries(Object.keys(secrets).map((k) => [k, undefined])),
    0o600,
  );
  await supabase.stop();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
