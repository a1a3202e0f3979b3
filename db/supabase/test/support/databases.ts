// Test databases: PGlite in memory and a throwaway PostgreSQL 17, both migrated with migrate().
// The PostgreSQL one is set up as a hosted project is (startHostedPostgres, src/hosted-roles.sql):
// the bootstrap runs as the superuser supabase_admin, the migrations and the tests as `postgres`,
// a role without superuser that does not own auth's tables.
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, type Sql } from '../../src/migrate.ts';
import { loadInitdbTemplate } from '../../src/pglite-template.ts';
import { startHostedPostgres } from '../../src/postgres.ts';

export type Engine = 'pglite' | 'postgres17';
export const ENGINES: Engine[] = ['pglite', 'postgres17'];

export type TestDatabase = {
  engine: Engine;
  /**
   * Whether migrate() applies the bootstrap on this database: PGlite's is ours; the PostgreSQL
   * one's is the platform's (applied by its superuser, as on hosted), not `postgres`'s to re-run.
   */
  local: boolean;
  sql: Sql;
  /** Postgres only: open another connection to the same database (for concurrency tests). */
  connect(): Promise<pg.Client>;
  close(): Promise<void>;
};

export function clientSql(client: pg.Client | pg.PoolClient): Sql {
  return {
    exec: (text) => client.query(text),
    query: async <T>(text: string, params?: unknown[]) => {
      const result = await client.query(text, params as unknown[] | undefined);
      return { rows: result.rows as T[] };
    },
  };
}

export async function openDatabase(
  engine: Engine,
  opts: { seed: boolean } = { seed: false },
): Promise<TestDatabase> {
  if (engine === 'pglite') {
    // starts from db/local's dump of a fresh cluster: much faster than PGlite's own initdb
    const db = await PGlite.create({ loadDataDir: await loadInitdbTemplate() });
    await migrate(db, { local: true, seed: opts.seed });
    return {
      engine,
      local: true,
      sql: db,
      connect: () => Promise.reject(new Error('PGlite tem uma só conexão')),
      close: () => db.close(),
    };
  }
  const server = await startHostedPostgres();
  const clients: pg.Client[] = [];
  const connectAs = async (url: string) => {
    const client = new pg.Client(url);
    await client.connect();
    clients.push(client);
    return client;
  };
  const connect = () => connectAs(server.urlAs('postgres'));
  try {
    const main = await connect();
    const sql = clientSql(main);
    await migrate(sql, { local: false, seed: opts.seed });
    return {
      engine,
      local: false,
      sql,
      connect,
      close: async () => {
        await Promise.allSettled(clients.map((c) => c.end()));
        await server.stop();
      },
    };
  } catch (error) {
    await Promise.allSettled(clients.map((c) => c.end()));
    await server.stop();
    throw error;
  }
}
