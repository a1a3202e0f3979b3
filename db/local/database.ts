// The database behind db/local: embedded PGlite (a directory, or memory) or any PostgreSQL given by
// a connection string. Everything the server does goes through `transaction`, one per request;
// PGlite has a single connection, so its transactions are serialized by its own mutex.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadInitdbTemplate } from '@guia-fortim/db/pglite-template';
import pg from 'pg';

/** The connection shape `@guia-fortim/db/migrate` expects (and that the server uses inside a request). */
export type Sql = {
  exec(sql: string): Promise<unknown>;
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
  ): Promise<{ rows: T[]; affectedRows?: number }>;
};

export type Database = {
  kind: 'pglite' | 'postgres';
  /** Single statements outside a request transaction (tests, tooling), as the owner. */
  sql: Sql;
  /** One dedicated connection for work that spans statements (migrations, session locks). */
  withConnection<T>(work: (sql: Sql) => Promise<T>): Promise<T>;
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};

export type DatabaseLocation =
  | { memory: true }
  | { dataDir: string }
  | { databaseUrl: string; poolSize?: number };

export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if ('databaseUrl' in location) return openPostgres(location.databaseUrl, location.poolSize ?? 8);
  return openPglite('dataDir' in location ? location.dataDir : undefined);
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  let db: PGlite;
  if (dataDir === undefined) {
    db = new PGlite({ loadDataDir: await loadInitdbTemplate() });
  } else if (existsSync(join(dataDir, 'PG_VERSION'))) {
    db = new PGlite(dataDir);
  } else {
    // A new directory starts from the initialized-cluster template instead of running initdb.
    mkdirSync(dataDir, { recursive: true });
    db = new PGlite({ dataDir, loadDataDir: await loadInitdbTemplate() });
  }
  await db.waitReady;
  const wrap = (target: Pick<PGlite, 'exec' | 'query'>): Sql => ({
    exec: (sql) => target.exec(sql),
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await target.query<T>(sql, params as unknown[]);
      return { rows: result.rows, affectedRows: result.affectedRows };
    },
  });
  return {
    kind: 'pglite',
    sql: wrap(db),
    withConnection: (work) => work(wrap(db)),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}

async function openPostgres(connectionString: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client that loses its connection must not crash the server.
  pool.on('error', () => {});
  const wrap = (target: pg.Pool | pg.PoolClient): Sql => ({
    exec: (sql) => target.query(sql),
    query: async <T>(sql: string, params?: unknown[]) => {
      const result = await target.query(sql, params);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
  });
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    sql: wrap(pool),
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work(wrap(client));
      } finally {
        client.release();
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      } finally {
        // A connection that cannot even roll back is discarded instead of reused.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
