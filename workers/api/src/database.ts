// The worker's way to Supabase: a PostgREST client (@supabase/postgrest-js) made per request with
// the publishable key as apikey and the caller's own token, so row-level security applies to every
// change the worker makes on the caller's behalf. No service key, ever.
import { DB_ERROR } from '@guia-fortim/domain';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './env.ts';
import { ApiError, forbidden, MESSAGES, unauthorized } from './errors.ts';
import { log } from './log.ts';

const TIMEOUT_MS = 10_000;

/** The caller's PostgREST client. Wrap each request in `dataOf`. */
export function database(c: Context<AppEnv>): PostgrestClient {
  const rest = `${c.env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1`;
  return new PostgrestClient(rest, {
    headers: {
      apikey: c.env.SUPABASE_PUBLISHABLE_KEY,
      Authorization: `Bearer ${c.get('caller').token}`,
      Accept: 'application/json',
    },
    // One attempt, as an admin's change gets: a database that does not answer is a 503 at once.
    retry: false,
    fetch: (...request) => transport(c, rest, ...request),
  });
}

/**
 * One request with its whole answer read within the time limit. Reading the body belongs here: a
 * database that dies after the headers cuts it off, and that is the database being unreachable.
 */
async function transport(
  c: Context<AppEnv>,
  rest: string,
  ...[input, init]: Parameters<typeof fetch>
): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  const path = url.pathname.slice(new URL(rest).pathname.length + 1);
  let response: Response;
  let text: string;
  try {
    response = await fetch(input, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    text = await response.text();
  } catch (err) {
    log(c, 'error', 'database unreachable', { path, error: String(err) });
    throw err;
  }
  if (!response.ok) {
    // Every refusal reaches postgrest-js as a JSON object, whatever the body was (empty, text).
    const refusal = refusalOf(response.status, text);
    log(c, 'warn', 'database refused', { path, status: response.status, ...refusal });
    text = JSON.stringify(refusal);
  }
  return new Response(text === '' ? null : text, {
    status: response.status,
    statusText: response.statusText,
  });
}

function refusalOf(status: number, text: string): { code: string; message: string } {
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = { message: text };
    }
  }
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  return {
    code: typeof record.code === 'string' ? record.code : '',
    message: typeof record.message === 'string' ? record.message : `PostgREST ${status}`,
  };
}

/** A refusal PostgREST returned: the HTTP status and the error body's code and message. */
export class DatabaseRefusal extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, error: { code: string; message: string }) {
    super(error.message);
    this.status = status;
    this.code = error.code;
  }
}

type Reply = { data: unknown; error: { code: string; message: string } | null; status: number };

/**
 * The data of a PostgREST request. An unreachable database (no status: the request or its answer
 * failed) is the API's 503; a refusal is thrown as DatabaseRefusal for `databaseError`.
 */
export async function dataOf<T>(request: PromiseLike<Reply>): Promise<T> {
  const { data, error, status } = await request;
  if (status === 0) {
    throw new ApiError(503, 'database_unavailable', MESSAGES.databaseUnavailable);
  }
  if (error) throw new DatabaseRefusal(status, error);
  return data as T;
}

// Our SQL functions raise Portuguese messages under their own SQLSTATEs; they reach the admin as
// they are, with a stable code.
const RAISED: Record<string, { status: ContentfulStatusCode; code: string }> = {
  [DB_ERROR.featuredLimit]: { status: 409, code: 'featured_limit' },
  [DB_ERROR.itemNotFound]: { status: 404, code: 'not_found' },
  [DB_ERROR.userNotFound]: { status: 404, code: 'user_not_found' },
  [DB_ERROR.lastAdmin]: { status: 409, code: 'last_admin' },
  [DB_ERROR.lastSlide]: { status: 409, code: 'last_slide' },
  [DB_ERROR.notFeatured]: { status: 409, code: 'not_featured' },
  [DB_ERROR.notPinned]: { status: 409, code: 'not_pinned' },
  [DB_ERROR.restoreConflict]: { status: 409, code: 'restore_conflict' },
  [DB_ERROR.invalidParameter]: { status: 400, code: 'invalid_data' },
};

// Constraint and type failures: the request passed our schemas but the database still refused.
const INVALID_DATA = new Set<string>([
  DB_ERROR.checkViolation,
  '23502',
  '22P02',
  '22003',
  '22001',
  '22007',
  '23P01',
]);

/**
 * Turns a database refusal into the API's error: the caller's token rejected (401), permission or
 * row-level security (403), our functions' own messages, otherwise `fallback`.
 */
export function databaseError(err: unknown, fallback: string): never {
  if (!(err instanceof DatabaseRefusal)) throw err;
  if (err.status === 401) throw unauthorized();
  if (err.code === DB_ERROR.forbidden || err.status === 403) throw forbidden();
  const raised = RAISED[err.code];
  if (raised) throw new ApiError(raised.status, raised.code, err.message);
  if (err.code === DB_ERROR.uniqueViolation) {
    throw new ApiError(409, 'conflict', 'Já existe um registro com esses dados.');
  }
  if (INVALID_DATA.has(err.code)) throw new ApiError(400, 'invalid_data', fallback);
  throw new ApiError(502, 'database_error', fallback);
}
