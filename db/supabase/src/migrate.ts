// Applies the database in the same order everywhere: the local Supabase bootstrap (local only),
// the Supabase migrations not yet recorded, then the demo seed when the content tables are empty.
import { readdir, readFile } from 'node:fs/promises';

export type Sql = {
  exec(sql: string): Promise<unknown>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export type MigrateOptions = { local: boolean; seed: boolean };
export type MigrateResult = { applied: string[]; seeded: boolean };

export const LOCAL_SQL_DIR = new URL('../bootstrap/', import.meta.url);
export const MIGRATIONS_DIR = new URL('../migrations/', import.meta.url);
export const SEED_FILE = new URL('../seed.sql', import.meta.url);
/** What a restore must apply after the dump's three files (README, "Backups and restore"). */
export const RESTORE_AUTH_CHANGES = new URL('../restore/auth-changes.sql', import.meta.url);

// Session advisory lock held while migrating, so two processes never migrate at once.
const MIGRATE_LOCK = 'select pg_advisory_lock(72707, 0)';
const MIGRATE_UNLOCK = 'select pg_advisory_unlock(72707, 0)';

export type MigrationFile = { version: string; name: string; file: string };

export async function migrationFiles(): Promise<MigrationFile[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(`Nome de migração inválido: ${file} (esperado <timestamp>_<nome>.sql)`);
    }
    return { version: match[1], name: match[2], file };
  });
}

export async function migrate(sql: Sql, opts: MigrateOptions): Promise<MigrateResult> {
  await sql.query(MIGRATE_LOCK);
  try {
    if (opts.local) await applyLocalBootstrap(sql);
    const applied = await applyMigrations(sql);
    const seeded = opts.seed ? await applySeed(sql) : false;
    return { applied, seeded };
  } finally {
    await sql.query(MIGRATE_UNLOCK);
  }
}

/** What a hosted project has before our migrations run, for the local stand-in and the tests. */
export async function applyLocalBootstrap(sql: Sql): Promise<void> {
  const files = (await readdir(LOCAL_SQL_DIR)).filter((f) => f.endsWith('.sql')).sort();
  for (const file of files) {
    await sql.exec(await readFile(new URL(file, LOCAL_SQL_DIR), 'utf8'));
  }
}

async function applyMigrations(sql: Sql): Promise<string[]> {
  await sql.exec(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (
      version text primary key,
      statements text[],
      name text
    );
  `);
  const done = new Set(
    (
      await sql.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations',
      )
    ).rows.map((r) => r.version),
  );
  const applied: string[] = [];
  for (const migration of await migrationFiles()) {
    if (done.has(migration.version)) continue;
    const text = await readFile(new URL(migration.file, MIGRATIONS_DIR), 'utf8');
    await inTransaction(sql, async () => {
      await sql.exec(text);
      await sql.query(
        'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
        [migration.version, migration.name, [text]],
      );
    });
    applied.push(migration.file);
  }
  return applied;
}

async function applySeed(sql: Sql): Promise<boolean> {
  const { rows } = await sql.query<{ empty: boolean }>(`
    select not exists (select 1 from public.hospedagens)
       and not exists (select 1 from public.comercios)
       and not exists (select 1 from public.passeios)
       and not exists (select 1 from public.carousel_slides) as empty
  `);
  if (!rows[0]?.empty) return false;
  const text = await readFile(SEED_FILE, 'utf8');
  await inTransaction(sql, () => sql.exec(text));
  return true;
}

async function inTransaction(sql: Sql, work: () => Promise<unknown>): Promise<void> {
  await sql.exec('begin');
  try {
    await work();
    await sql.exec('commit');
  } catch (error) {
    await sql.exec('rollback');
    throw error;
  }
}
