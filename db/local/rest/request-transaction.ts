// One transaction per request, prepared as PostgREST prepares it (`Query/PreQuery.hs`): search
// path, `SET LOCAL ROLE`, the verified claims (plus the legacy per-claim settings Supabase's
// helpers still read), method, path and headers; GET and HEAD run read-only. Each role's
// statement timeout is hosted Supabase's (set on the roles there, where SET ROLE would not apply
// them here).
import { HOSTED_STATEMENT_TIMEOUTS } from '@guia-fortim/db/api-config';
import type { Database, Sql } from '../database.ts';
import type { Caller } from './caller.ts';

export type RequestInfo = {
  method: string;
  path: string;
  headers: Record<string, string>;
  readOnly: boolean;
};

const SETTINGS = `select
  set_config('search_path', 'public, extensions', true),
  set_config('role', $1, true),
  set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true),
  set_config('request.jwt.claim.role', $4, true),
  set_config('request.jwt.claim.email', $5, true),
  set_config('request.method', $6, true),
  set_config('request.path', $7, true),
  set_config('request.headers', $8, true),
  set_config('statement_timeout', $9, true)`;

const READ_ONLY = `, set_config('transaction_read_only', 'on', true)`;

export function inRequestTransaction<T>(
  db: Database,
  caller: Caller,
  request: RequestInfo,
  work: (tx: Sql) => Promise<T>,
): Promise<T> {
  const claim = (name: string) => {
    const value = caller.claims[name];
    return typeof value === 'string' ? value : '';
  };
  return db.transaction(async (tx) => {
    await tx.query(request.readOnly ? SETTINGS + READ_ONLY : SETTINGS, [
      caller.role,
      JSON.stringify(caller.claims),
      claim('sub'),
      caller.role,
      claim('email'),
      request.method,
      request.path,
      JSON.stringify(request.headers),
      HOSTED_STATEMENT_TIMEOUTS[caller.role] ?? '0',
    ]);
    return work(tx);
  });
}
