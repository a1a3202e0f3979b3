// Test databases: PGlite in memory and a throwaway PostgreSQL 17, both migrated with migrate().
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrate, type Sql } from '../../src/migrate.ts';
import { loadInitdbTemplate } from '../../src/pglite-template.ts';
import { startPostgres } from '../../src/postgres.ts';

export type Engine = 'pglite' | 'postgres17';
export const ENGINES: Engine[] = ['pglite', 'postgres17'];

export type TestDatabase = {
  engine: Engine;
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
      sql: db,
      connect: () => Promise.reject(new Error('PGlite tem uma só conexão')),
      close: () => db.close(),
    };
  }
  const server = await startPostgres();
  const clients: pg.Client[] = [];
  const connect = async () => {
    const client = new pg.Client(server.url);
    await client.connect();
    clients.push(client);
    return client;
  };
  try {
    const main = await connect();
    const sql = clientSql(main);
    await migrate(sql, { local: true, seed: opts.seed });
    return {
      engine,
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
