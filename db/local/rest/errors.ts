// PostgREST's error body `{code, details, hint, message}` and its HTTP status for each code
// (PostgREST `Error.hs`, docs/references/errors.rst).

export type RestErrorBody = {
  code: string;
  details: string | null;
  hint: string | null;
  message: string;
};

export class RestError extends Error {
  readonly status: number;
  readonly body: RestErrorBody;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    details: string | null = null,
    hint: string | null = null,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.body = { code, details, hint, message };
    this.headers = headers;
  }
}

/** What a failure of the server itself says; the failure's own text goes to the server's log. */
const SERVER_FAILURE = 'Erro interno no Supabase local; os detalhes estão no log do servidor.';

export function serverFailure(status = 500, code = 'PGRST000'): RestError {
  return new RestError(status, code, SERVER_FAILURE);
}

export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details);
}

export function bodyError(message: string): RestError {
  return new RestError(400, 'PGRST102', message);
}

export function unknownColumn(relation: string, column: string): RestError {
  return new RestError(400, '42703', `column ${relation}.${column} does not exist`);
}

export function unknownPayloadColumn(relation: string, column: string): RestError {
  return new RestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${relation}' in the schema cache`,
  );
}

export function unknownTable(schema: string, name: string): RestError {
  return new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${name}' in the schema cache`,
  );
}

export function singularError(rows: number): RestError {
  return new RestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

type PostgresError = {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
};

export function isPostgresError(error: unknown): error is PostgresError & { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PostgresError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PostgresError).code as string) &&
    typeof (error as PostgresError).message === 'string'
  );
}

/**
 * A PostgreSQL error as PostgREST reports it; permission errors depend on who asked. A failure of
 * the server itself (a 5xx) keeps its SQLSTATE and status, which clients act on (supabase-js
 * retries a 503), but not its text, which may name the server's files (58P01 'could not open file
 * "/…"'). A function's own `PTxyz` error is written for the client and passes whole.
 */
export function fromPostgresError(error: PostgresError & { code: string }, anon: boolean) {
  const status = statusForSqlState(error.code, anon);
  if (status >= 500 && !error.code.startsWith('PT')) return serverFailure(status, error.code);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(
    status,
    error.code,
    String(error.message),
    typeof error.detail === 'string' ? error.detail : null,
    typeof error.hint === 'string' ? error.hint : null,
    headers,
  );
}

function statusForSqlState(code: string, anon: boolean): number {
  if (code === '42501') return anon ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === 'P0001') return 400;
  const custom = /^PT(\d{3})$/.exec(code);
  if (custom) return Number(custom[1]);
  const serverClasses = ['09', '25', '2D', '38', '39', '3B', '40', '54', '55', '57', '58', 'F0'];
  const prefix = code.slice(0, 2);
  if (code === '53400') return 500;
  if (prefix === '08' || prefix === '53') return 503;
  if (prefix === '28' || prefix === '0L' || prefix === '0P') return 403;
  if (serverClasses.includes(prefix) || prefix === 'HV' || prefix === 'P0' || prefix === 'XX') {
    return 500;
  }
  return 400;
}
