// GoTrue's error responses (`internal/api/errors.go`): `{code, message}` plus the echoed
// `X-Supabase-Api-Version` header for clients that send a version ≥ 2024-01-01 (supabase-js
// always does), otherwise the legacy `{code: <status>, error_code, msg}` with `x-sb-error-code`.
import type { Context } from 'hono';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  readonly status: number;
  readonly code: string;
  readonly extra: Record<string, unknown>;

  constructor(status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  const requested = c.req.header('x-supabase-api-version');
  const modern = requested !== undefined && Date.parse(requested) >= Date.parse(API_VERSION);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  let body: Record<string, unknown>;
  if (modern) {
    headers['X-Supabase-Api-Version'] = API_VERSION;
    body = { code: error.code, message: error.message, ...error.extra };
  } else {
    headers['x-sb-error-code'] = error.code;
    body = { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
  }
  return new Response(JSON.stringify(body), { status: error.status, headers });
}

export const invalidCredentials = () =>
  new AuthError(400, 'invalid_credentials', 'Invalid login credentials');

export const validationFailed = (message: string, status = 400) =>
  new AuthError(status, 'validation_failed', message);
