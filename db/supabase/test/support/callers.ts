// Acting as an API caller inside a transaction, the way PostgREST (and db/local) does:
// `set local role` plus the request.jwt.claims setting.
import type { Sql } from '../../src/migrate.ts';

export type Caller =
  | { role: 'anon' }
  | { role: 'service_role' }
  | { role: 'authenticated'; id: string; email: string };

export const anon: Caller = { role: 'anon' };
export const serviceRole: Caller = { role: 'service_role' };
export function signedIn(id: string, email: string): Caller {
  return { role: 'authenticated', id, email };
}

export async function actAs(sql: Sql, caller: Caller): Promise<void> {
  const claims =
    caller.role === 'authenticated'
      ? { role: caller.role, sub: caller.id, email: caller.email, aud: 'authenticated' }
      : { role: caller.role };
  await sql.exec('reset role');
  await sql.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify(claims)]);
  await sql.exec(`set local role ${caller.role}`);
}

/** Runs work in a transaction that is always rolled back (deferred constraints checked first). */
export async function inRollback<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  await sql.exec('begin');
  try {
    const result = await work();
    await sql.exec('set constraints all immediate');
    return result;
  } finally {
    await sql.exec('rollback');
  }
}

export type DbError = { code: string; message: string; hint?: string };

/** Runs one statement in a savepoint (inside a transaction): its rows, or the error it raised. */
export async function attempt<T = Record<string, unknown>>(
  sql: Sql,
  text: string,
  params?: unknown[],
): Promise<{ rows: T[]; error?: undefined } | { rows?: undefined; error: DbError }> {
  await sql.exec('savepoint attempt');
  try {
    const { rows } = await sql.query<T>(text, params);
    await sql.exec('release savepoint attempt');
    return { rows };
  } catch (error) {
    await sql.exec('rollback to savepoint attempt');
    const e = error as { code?: string; message?: string; hint?: string };
    if (!e.code) throw error;
    return { error: { code: e.code, message: e.message ?? '', hint: e.hint ?? undefined } };
  }
}

/** Runs a statement that must succeed (inside or outside a transaction). */
export async function must<T = Record<string, unknown>>(
  sql: Sql,
  text: string,
  params?: unknown[],
): Promise<T[]> {
  return (await sql.query<T>(text, params)).rows;
}
