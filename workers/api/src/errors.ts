// One error shape for every failure: `{ error: { code, message, fields? } }`, Portuguese messages,
// nothing internal. Routes throw ApiError; anything else becomes a 500.
import { DB_ERROR_MESSAGES } from '@guia-fortim/domain';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { log } from './log.ts';

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> };
};

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    fields?: Record<string, string>,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const MESSAGES = {
  unauthorized: 'Sessão inválida ou expirada. Entre novamente.',
  // The database's own words for the same refusal (one sentence wherever it is refused).
  forbidden: DB_ERROR_MESSAGES.forbidden,
  incompleteFields: 'Por favor, preencha todos os campos obrigatórios.',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  payloadTooLarge: 'O corpo da requisição é grande demais.',
  routeNotFound: 'Endereço não encontrado.',
  itemNotFound: 'Item não encontrado.',
  preconditionFailed: 'A versão pedida não é a atual.',
  unstorableText: 'Este campo contém um caractere inválido. Remova-o e tente novamente.',
  databaseUnavailable: 'O banco de dados não respondeu. Tente novamente em instantes.',
  statsUnavailable: 'A contagem de visitas está indisponível no momento.',
  authUnavailable: 'Não foi possível verificar a sessão agora. Tente novamente em instantes.',
  internal: 'Erro interno do servidor. Tente novamente mais tarde.',
} as const;

export const unauthorized = () => new ApiError(401, 'unauthorized', MESSAGES.unauthorized);
export const forbidden = (message: string = MESSAGES.forbidden) =>
  new ApiError(403, 'forbidden', message);
export const notFound = (message: string = MESSAGES.itemNotFound) =>
  new ApiError(404, 'not_found', message);

export function errorBody(code: string, message: string, fields?: Record<string, string>) {
  const body: ErrorBody = { error: { code, message } };
  if (fields && Object.keys(fields).length > 0) body.error.fields = fields;
  return body;
}

/** Hono's onError: any context works (the worker's, or a bare app's in a Node test). */
export function handleError(err: Error, c: Context): Response {
  if (err instanceof ApiError) {
    if (err.status === 401) c.header('WWW-Authenticate', 'Bearer');
    return c.json(errorBody(err.code, err.message, err.fields), err.status);
  }
  if (err instanceof HTTPException && err.status < 500) {
    if (err.status === 413) {
      return c.json(errorBody('payload_too_large', MESSAGES.payloadTooLarge), 413);
    }
    // Hono raises 400 for malformed JSON and form bodies; its texts are English.
    if (err.status === 400) return c.json(errorBody('invalid_json', MESSAGES.invalidJson), 400);
    return c.json(errorBody('bad_request', MESSAGES.invalidJson), err.status);
  }
  log(c, 'error', 'unexpected error', {
    error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    stack: err instanceof Error ? err.stack : undefined,
  });
  return c.json(errorBody('internal_error', MESSAGES.internal), 500);
}
