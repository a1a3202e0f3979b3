// Starts db/local programmatically: opens the database (PGlite in a directory or in memory, or
// PostgreSQL from a URL), applies the local bootstrap, the migrations and (optionally) the seed,
// and serves Auth, REST and the mailbox on 127.0.0.1. Used by `npm run db:local`, `npm start`
// and the test fixtures of every package.
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { migrate } from '@guia-fortim/db/migrate';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { MailboxMessage } from './auth/email-links.ts';
import { type AuthSettings, authSettings, DEFAULT_PORT } from './config.ts';
import { startCron } from './cron.ts';
import { type Database, type DatabaseLocation, openDatabase, type Sql } from './database.ts';
import { generateKeys, loadOrCreateKeys, type ProjectKeys, type SigningAlgorithm } from './keys.ts';
import { SchemaHolder } from './rest/schema-holder.ts';
import { createTokenService } from './tokens.ts';

export type { MailboxMessage } from './auth/email-links.ts';
export type { Sql } from './database.ts';

export type LocalSupabaseOptions = {
  /** Port on 127.0.0.1; 0 picks a free one. Default 54321. */
  port?: number;
  /**
   * Directory for the persisted PGlite database and the project's keys. Without it (and without
   * `databaseUrl`) the database lives in memory and new keys are made for this process.
   */
  dataDir?: string;
  /** Use this PostgreSQL instead of PGlite (keys still live in `dataDir` when given). */
  databaseUrl?: string;
  /** Delete the PGlite database in `dataDir` before starting (keys are kept). */
  reset?: boolean;
  /** Load the demo content when the database is empty. Default false. */
  seed?: boolean;
  /** Sign-up returns a session at once instead of sending a confirmation e-mail. */
  autoconfirm?: boolean;
  siteUrl?: string;
  allowedRedirects?: string[];
  /** Other Auth settings (token lifetimes, bcrypt cost…), mainly for tests. */
  auth?: Partial<Omit<AuthSettings, 'url'>>;
  /** Do not print e-mails to the console (they still reach the mailbox). */
  quiet?: boolean;
  /** The kind of key that signs access tokens in a new key set (default ES256, as new projects). */
  signingAlgorithm?: SigningAlgorithm;
};

export type LocalSupabase = {
  url: string;
  port: number;
  keys: {
    publishableKey: string;
    secretKey: string;
    anonKey: string;
    serviceRoleKey: string;
    /** The legacy HS256 JWT secret (signs the legacy keys; PostgREST also accepts its tokens). */
    jwtSecret: string;
    jwksUrl: string;
  };
  mailboxUrl: string;
  /** The database as its owner (bypasses row-level security): for tests and tooling. */
  database: Sql;
  databaseKind: Database['kind'];
  migrations: { applied: string[]; seeded: boolean };
  /** Reads the schema again (after creating tables or functions outside the migrations). */
  reloadSchema(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * The project's keys: kept in `dataDir` (made on its first start), or new for this process. What
 * the server will answer to, readable before it starts (the stack builds the panel's settings
 * while the database opens).
 */
export function projectKeys(
  options: Pick<LocalSupabaseOptions, 'dataDir' | 'signingAlgorithm'>,
): Promise<ProjectKeys> {
  return options.dataDir
    ? loadOrCreateKeys(join(options.dataDir, 'keys.json'))
    : generateKeys(options.signingAlgorithm);
}

export async function startLocalSupabase(
  options: LocalSupabaseOptions = {},
): Promise<LocalSupabase> {
  const location = databaseLocation(options);
  const keys = await projectKeys(options);
  const db = await openDatabase(location);
  let server: ReturnType<typeof serve> | undefined;
  try {
    const migrations = await db.withConnection((sql) =>
      migrate(sql, { local: true, seed: options.seed ?? false }),
    );
    const tokens = await createTokenService(keys);
    const schema = new SchemaHolder(db);
    await schema.reload();

    // The env carries the socket: rate limits count per client address (auth/rate-limits.ts).
    let handler: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
    server = serve({
      fetch: (request, env) =>
        handler?.(request, env) ?? new Response('Iniciando…', { status: 503 }),
      port: options.port ?? DEFAULT_PORT,
      hostname: '127.0.0.1',
    });
    const port = await listeningPort(server);
    const url = `http://127.0.0.1:${port}`;
    const settings = authSettings(url, {
      autoconfirm: options.autoconfirm ?? false,
      ...(options.siteUrl ? { siteUrl: options.siteUrl } : {}),
      ...(options.allowedRedirects ? { allowedRedirects: options.allowedRedirects } : {}),
      ...options.auth,
    });
    const app = createApp({
      db,
      schema,
      keys,
      tokens,
      settings,
      onEmail: options.quiet ? () => {} : printEmail,
    });
    handler = (request, env) => app.fetch(request, env);
    // pg_cron's jobs (the daily retention rules), as hosted Supabase runs them.
    const cron = startCron(db, options.quiet ? () => {} : (line) => console.log(line));

    const running = server;
    let stopping: Promise<void> | undefined;
    return {
      url,
      port,
      keys: {
        publishableKey: keys.publishableKey,
        secretKey: keys.secretKey,
        anonKey: keys.anonKey,
        serviceRoleKey: keys.serviceRoleKey,
        jwtSecret: keys.legacyJwtSecret,
        jwksUrl: `${url}/auth/v1/.well-known/jwks.json`,
      },
      mailboxUrl: `${url}/mailbox`,
      database: db.sql,
      databaseKind: db.kind,
      migrations,
      reloadSchema: async () => {
        await schema.reload();
      },
      stop: () => {
        cron.stop();
        stopping ??= closeServer(running).finally(() => db.close());
        return stopping;
      },
    };
  } catch (error) {
    if (server) await closeServer(server);
    await db.close();
    throw error;
  }
}

function databaseLocation(options: LocalSupabaseOptions): DatabaseLocation {
  if (options.databaseUrl) {
    if (options.reset) {
      throw new Error(
        '--reset só apaga o banco embutido (PGlite); para DATABASE_URL, recrie o banco por conta própria.',
      );
    }
    return { databaseUrl: options.databaseUrl };
  }
  if (!options.dataDir) return { memory: true };
  const pgliteDir = join(options.dataDir, 'pglite');
  if (options.reset) rmSync(pgliteDir, { recursive: true, force: true });
  return { dataDir: pgliteDir };
}

function listeningPort(server: ReturnType<typeof serve>): Promise<number> {
  return new Promise((resolve, reject) => {
    const done = () => resolve((server.address() as AddressInfo).port);
    if (server.listening) done();
    else {
      server.once('listening', done);
      server.once('error', (error: NodeJS.ErrnoException) => {
        reject(
          error.code === 'EADDRINUSE'
            ? new Error(`A porta ${(error as { port?: number }).port ?? ''} já está em uso.`)
            : error,
        );
      });
    }
  });
}

function closeServer(server: ReturnType<typeof serve>): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

function printEmail(message: MailboxMessage) {
  console.log(`\n[e-mail] para ${message.to}: ${message.subject}\n         ${message.link}\n`);
}
