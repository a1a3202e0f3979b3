// A tiny typed PostgREST client: plain fetch to `${SUPABASE_URL}/rest/v1`, the publishable key as
// apikey and the caller's own token, so row-level security applies to every change the worker
// makes on the caller's behalf.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';
import { ApiError, forbidden, MESSAGES, unauthorized } from './errors.ts';
import { log } from './log.ts';

/** An error PostgREST returned: `{ code, message, details, hint }` and the HTTP status. */
export class PostgrestError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === 'string' ? body.message : `PostgREST ${status}`);
    this.status = status;
    this.code = typeof body.code === 'string' ? body.code : '';
    this.details = typeof body.details === 'string' ? body.details : null;
    this.hint = typeof body.hint === 'string' ? body.hint : null;
  }
}

export type Filters = Record<string, string>;

export type RestClient = {
  select<T>(table: string, query: Filters): Promise<T[]>;
  insert<T>(table: string, body: object, options?: { onConflict?: string }): Promise<T[]>;
  update<T>(table: string, filters: Filters, body: object): Promise<T[]>;
  remove<T>(table: string, filters: Filters): Promise<T[]>;
  rpc<T>(fn: string, args: object): Promise<T>;
};

const TIMEOUT_MS = 10_000;

export function restClient(c: Context<AppEnv>): RestClient {
  const base = `${c.env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`;
  const caller = c.get('caller');
  const headers = {
    apikey: c.env.SUPABASE_PUBLISHABLE_KEY,
    Authorization: `Bearer ${caller.token}`,
    'Content-Type': 'application/json',
    Accept: 'application/json',
  };

  async function call<T>(
    method: string,
    path: string,
    query: Filters,
    body?: unknown,
    prefer?: string,
  ): Promise<T> {
    const url = `${base}/${path}${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers: prefer ? { ...headers, Prefer: prefer } : headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      // Inside the try: a database that dies after the headers cuts the body off.
      text = await response.text();
    } catch (err) {
      log(c, 'error', 'database unreachable', { path, error: String(err) });
      throw new ApiError(503, 'database_unavailable', MESSAGES.databaseUnavailable);
    }
    let json: unknown = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = { message: text };
      }
    }
    if (!response.ok) {
      const error = new PostgrestError(
        response.status,
        json && typeof json === 'object' ? (json as Record<string, unknown>) : {},
      );
      log(c, 'warn', 'database refused', {
        path,
        status: error.status,
        code: error.code,
        message: error.message,
      });
      throw error;
    }
    return json as T;
  }

  return {
    select: (table, query) => call('GET', table, query),
    insert: (table, body, options) =>
      call(
        'POST',
        table,
        options?.onConflict ? { on_conflict: options.onConflict } : {},
        body,
        options?.onConflict
          ? 'return=representation,resolution=merge-duplicates'
          : 'return=representation',
      ),
    update: (table, filters, body) => call('PATCH', table, filters, body, 'return=representation'),
    remove: (table, filters) => call('DELETE', table, filters, undefined, 'return=representation'),
    rpc: (fn, args) => call('POST', `rpc/${fn}`, {}, args),
  };
}

// Our SQL functions raise Portuguese messages under their own SQLSTATEs; they reach the admin as
// they are, with a stable code.
const RAISED: Record<string, { status: ContentfulStatusCode; code: string }> = {
  GF001: { status: 409, code: 'featured_limit' },
  GF002: { status: 404, code: 'not_found' },
  GF003: { status: 404, code: 'user_not_found' },
  GF004: { status: 409, code: 'last_admin' },
  GF005: { status: 409, code: 'last_slide' },
  GF006: { status: 409, code: 'not_featured' },
  GF007: { status: 409, code: 'not_pinned' },
  '22023': { status: 400, code: 'invalid_data' },
};

// Constraint and type failures: the request passed our schemas but the database still refused.
const INVALID_DATA = new Set(['23514', '23502', '22P02', '22003', '22001', '22007', '23P01']);

/**
 * Turns a database refusal into the API's error: the caller's token rejected (401), permission or
 * row-level security (403), our functions' own messages, otherwise `fallback`.
 */
export function databaseError(err: unknown, fallback: string): never {
  if (!(err instanceof PostgrestError)) throw err;
  if (err.status === 401) throw unauthorized();
  if (err.code === '42501' || err.status === 403) throw forbidden();
  const raised = RAISED[err.code];
  if (raised) throw new ApiError(raised.status, raised.code, err.message);
  if (err.code === '23505') {
    throw new ApiError(409, 'conflict', 'Já existe um registro com esses dados.');
  }
  if (INVALID_DATA.has(err.code)) throw new ApiError(400, 'invalid_data', fallback);
  throw new ApiError(502, 'database_error', fallback);
}
