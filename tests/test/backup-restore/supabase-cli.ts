// The runbook's database steps (README, "Backups and restore") as the Supabase CLI and Supabase's
// guide run them, with a local PostgreSQL's own client tools: the three dumps, the restore with
// psql and `supabase migration repair`. The CLI runs the same pg_dump and pg_dumpall in Docker,
// which the drill's machines do not have; repair is SQL the CLI sends itself.
//
// What `supabase db dump` runs, from the CLI's source (supabase/cli, pkg/migration/dump.go and
// pkg/migration/scripts/dump_{role,schema,data}.sh):
// - `--role-only`: `pg_dumpall --roles-only --role "postgres" --quote-all-identifier
//   --no-role-passwords --no-comments`, then sed: "do not emit psql meta commands", "do not create
//   or alter reserved roles as they are blocked by supautils", "discard role attributes that
//   require superuser, ie. nosuperuser, noreplication", "do not alter membership grants by
//   supabase_admin role", and `uniq`;
// - the schema: `pg_dump --schema-only --quote-all-identifier --role "postgres" --exclude-schema
//   "$EXCLUDED_SCHEMAS"` (InternalSchemas: "omit internal schemas as they are maintained by
//   platform" — auth, storage, cron, supabase_migrations…), then sed turning CREATE into CREATE …
//   IF NOT EXISTS / OR REPLACE and commenting out what the platform owns;
// - `--data-only --use-copy`: `SET session_replication_role = replica;` ("Disable triggers so that
//   data dump can be restored exactly as it is"), then `pg_dump --data-only --quote-all-identifier
//   --role "postgres" --exclude-schema "$EXCLUDED_SCHEMAS" --exclude-table "auth.schema_migrations"
//   … --schema '*'`, whose exclusions keep auth's and cron's rows ("Data dump includes auth,
//   storage, etc. for migrating to new project") and leave out supabase_migrations;
// - every file ends with `RESET ALL;`, and without `--keep-comments` the role and schema dumps
//   lose their comment lines (`EXTRA_SED=/^--/d`).
// The restore is the guide's (Supabase, *Backup and Restore using the CLI*, "Restore your Project
// with the CLI"): `psql --single-transaction --variable ON_ERROR_STOP=1 --file roles.sql --file
// schema.sql --command 'SET session_replication_role = replica' --file data.sql --dbname …`.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The CLI's InternalSchemas: what the schema dump leaves to the platform. */
const INTERNAL_SCHEMAS = [
  'information_schema',
  'pg_*',
  '_analytics',
  '_realtime',
  '_supavisor',
  'auth',
  'etl',
  'extensions',
  'pgbouncer',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'cron',
  'dbdev',
  'graphql',
  'graphql_public',
  'net',
  'pgmq',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'repack',
  'tiger',
  'tiger_data',
  'timescaledb_*',
  '_timescaledb_*',
  'topology',
  'vault',
].join('|');

/** The CLI's data exclusions: auth, storage and cron rows are kept, the migration history not. */
const DATA_EXCLUDED_SCHEMAS = [
  'information_schema',
  'pg_*',
  'graphql',
  'graphql_public',
  'pgsodium',
  'pgsodium_masks',
  'pgtle',
  'repack',
  'tiger',
  'tiger_data',
  'timescaledb_*',
  '_timescaledb_*',
  'topology',
  'vault',
  'etl',
  'extensions',
  'pgbouncer',
  'realtime',
  'supabase_migrations',
  '_analytics',
  '_realtime',
  '_supavisor',
].join('|');

const RESERVED_ROLES = [
  'anon',
  'authenticated',
  'authenticator',
  'cli_login_.*',
  'dashboard_user',
  'pgbouncer',
  'postgres',
  'service_role',
  'supabase_.*',
  'pgsodium_keyholder',
  'pgsodium_keyiduser',
  'pgsodium_keymaker',
  'pgtle_admin',
].join('|');

const ALLOWED_CONFIGS = [
  'pgaudit.*',
  'pgrst.*',
  'session_replication_role',
  'statement_timeout',
  'track_io_timing',
].join('|');

/** One sed expression `s/pattern/replacement/` (`&` is the match, `\1` the first group). */
type Substitution = [RegExp, string];

function sed(text: string, substitutions: Substitution[]): string {
  return text
    .split('\n')
    .map((line) =>
      substitutions.reduce(
        (current, [pattern, replacement]) =>
          current.replace(pattern, replacement.replaceAll('&', '$&').replaceAll('\\1', '$1')),
        line,
      ),
    )
    .join('\n');
}

const deleteComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => !line.startsWith('--'))
    .join('\n');

const uniq = (text: string) =>
  text
    .split('\n')
    .filter((line, i, lines) => i === 0 || line !== lines[i - 1])
    .join('\n');

const RESET = 'RESET ALL;\n';

const ROLE_SED: Substitution[] = [
  [/^\\(un)?restrict .*$/, '-- &'],
  [new RegExp(`^CREATE ROLE "(${RESERVED_ROLES})"`), '-- &'],
  [new RegExp(`^ALTER ROLE "(${RESERVED_ROLES})"`), '-- &'],
  [/ (NOSUPERUSER|NOREPLICATION)/g, ''],
  [new RegExp(`^-- (.* SET "(${ALLOWED_CONFIGS})" .*)`), '\\1'],
  [new RegExp(`GRANT ".*" TO "(${RESERVED_ROLES})"`), '-- &'],
];

const SCHEMA_SED: Substitution[] = [
  [/^\\(un)?restrict .*$/, '-- &'],
  [/^CREATE SCHEMA "/, 'CREATE SCHEMA IF NOT EXISTS "'],
  [/^CREATE TABLE "/, 'CREATE TABLE IF NOT EXISTS "'],
  [/^CREATE SEQUENCE "/, 'CREATE SEQUENCE IF NOT EXISTS "'],
  [/^CREATE VIEW "/, 'CREATE OR REPLACE VIEW "'],
  [/^CREATE FUNCTION "/, 'CREATE OR REPLACE FUNCTION "'],
  [/^CREATE TRIGGER "/, 'CREATE OR REPLACE TRIGGER "'],
  [/^CREATE PUBLICATION "supabase_realtime/, '-- &'],
  [/^CREATE EVENT TRIGGER /, '-- &'],
  [/^ {9}WHEN TAG IN /, '-- &'],
  [/^ {3}EXECUTE FUNCTION /, '-- &'],
  [/^ALTER EVENT TRIGGER /, '-- &'],
  [/^ALTER PUBLICATION "supabase_realtime_/, '-- &'],
  [/^ALTER FOREIGN DATA WRAPPER (.+) OWNER TO /, '-- &'],
  [/^ALTER DEFAULT PRIVILEGES FOR ROLE "supabase_admin"/, '-- &'],
  [new RegExp(`^GRANT (.+) ON (.+) "(${INTERNAL_SCHEMAS})"`), '-- &'],
  [new RegExp(`^REVOKE (.+) ON (.+) "(${INTERNAL_SCHEMAS})"`), '-- &'],
  [/^(CREATE EXTENSION IF NOT EXISTS "pg_tle").+/, '\\1;'],
  [/^(CREATE EXTENSION IF NOT EXISTS "pgsodium").+/, '\\1;'],
  [/^COMMENT ON EXTENSION (.+)/, '-- &'],
  [/^CREATE POLICY "cron_job_/, '-- &'],
  [/^ALTER TABLE "cron"/, '-- &'],
  [/^SET transaction_timeout = 0;/, '-- &'],
];

/** A PostgreSQL's client tools (bin/) and where its server listens. */
export type Connection = { bin: string; port: number; user: string };

function env(connection: Connection): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PGHOST: '127.0.0.1',
    PGPORT: String(connection.port),
    PGUSER: connection.user,
    PGDATABASE: 'postgres',
  };
}

async function tool(connection: Connection, name: string, args: string[]): Promise<string> {
  const { stdout } = await run(join(connection.bin, name), args, {
    env: env(connection),
    maxBuffer: 256 * 1024 * 1024,
  });
  return stdout;
}

export type DumpFiles = { roles: string; schema: string; data: string };

/**
 * `supabase db dump --db-url "$DB_URL" -f roles.sql --role-only`, then `-f schema.sql`, then
 * `-f data.sql --use-copy --data-only`, into `dir`; answers the three paths.
 */
export async function supabaseDbDump(connection: Connection, dir: string): Promise<DumpFiles> {
  const files = {
    roles: join(dir, 'roles.sql'),
    schema: join(dir, 'schema.sql'),
    data: join(dir, 'data.sql'),
  };
  const roles = await tool(connection, 'pg_dumpall', [
    '--roles-only',
    '--role',
    'postgres',
    '--quote-all-identifier',
    '--no-role-passwords',
    '--no-comments',
  ]);
  await writeFile(files.roles, uniq(deleteComments(sed(roles, ROLE_SED))) + RESET);
  const schema = await tool(connection, 'pg_dump', [
    '--schema-only',
    '--quote-all-identifier',
    '--role',
    'postgres',
    '--exclude-schema',
    INTERNAL_SCHEMAS,
  ]);
  await writeFile(files.schema, deleteComments(sed(schema, SCHEMA_SED)) + RESET);
  const data = await tool(connection, 'pg_dump', [
    '--data-only',
    '--quote-all-identifier',
    '--role',
    'postgres',
    '--exclude-schema',
    DATA_EXCLUDED_SCHEMAS,
    '--exclude-table',
    'auth.schema_migrations',
    '--exclude-table',
    'storage.migrations',
    '--exclude-table',
    'supabase_functions.migrations',
    '--schema',
    '*',
  ]);
  await writeFile(files.data, `SET session_replication_role = replica;\n\n${data}${RESET}`);
  return files;
}

/** The guide's restore: roles, then schema, then data, in one transaction, with psql. */
export async function psqlRestore(connection: Connection, files: DumpFiles): Promise<string> {
  return tool(connection, 'psql', [
    '--single-transaction',
    '--variable',
    'ON_ERROR_STOP=1',
    '--file',
    files.roles,
    '--file',
    files.schema,
    '--command',
    'SET session_replication_role = replica',
    '--file',
    files.data,
  ]);
}

/** `psql --variable ON_ERROR_STOP=1 --file <file>`: one more script of the runbook. */
export async function psqlFile(connection: Connection, file: string): Promise<string> {
  return tool(connection, 'psql', ['--variable', 'ON_ERROR_STOP=1', '--file', file]);
}

/**
 * `supabase migration repair --status applied <version>…`: records the migrations as applied,
 * with the statements the CLI sends (supabase/cli, pkg/migration/history.go:
 * CREATE_VERSION_SCHEMA, CREATE_VERSION_TABLE, ADD_STATEMENTS_COLUMN, ADD_NAME_COLUMN, then
 * INSERT_MIGRATION_VERSION with each file's version, name and statements), as a script for psql.
 */
export async function migrationRepairApplied(
  connection: Connection,
  dir: string,
  migrations: { version: string; name: string; path: string }[],
): Promise<void> {
  const quote = `$repair_${randomBytes(6).toString('hex')}$`;
  const inserts = await Promise.all(
    migrations.map(
      async ({ version, name, path }) =>
        `INSERT INTO supabase_migrations.schema_migrations(version, name, statements) VALUES ('${version}', '${name}', ARRAY[${quote}${await readFile(path, 'utf8')}${quote}]);`,
    ),
  );
  const file = join(dir, 'repair.sql');
  await writeFile(
    file,
    [
      "SET lock_timeout = '4s';",
      'CREATE SCHEMA IF NOT EXISTS supabase_migrations;',
      'CREATE TABLE IF NOT EXISTS supabase_migrations.schema_migrations (version text NOT NULL PRIMARY KEY);',
      'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS statements text[];',
      'ALTER TABLE supabase_migrations.schema_migrations ADD COLUMN IF NOT EXISTS name text;',
      ...inserts,
      '',
    ].join('\n'),
  );
  await tool(connection, 'psql', [
    '--single-transaction',
    '--variable',
    'ON_ERROR_STOP=1',
    '--file',
    file,
  ]);
}
