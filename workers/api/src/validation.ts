// Request validation with the shared zod schemas (@guia-fortim/db); failures become the API's
// error shape: 'incomplete_fields' when a required field is missing (the schemas say so with the
// panel's 'Campos incompletos' message), otherwise 'invalid_data' with the first message, and
// every field's message. What passes the schemas is also checked for text the database cannot
// store, once here for every route.
import { MESSAGES as SCHEMA_MESSAGES, setInListSchema } from '@guia-fortim/domain';
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { ApiError, MESSAGES } from './errors.ts';

export function validationError(error: z.core.$ZodError): ApiError {
  const fields: Record<string, string> = {};
  let missing = false;
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    missing ||= issue.message === SCHEMA_MESSAGES.required;
    fields[path] ??= issue.message;
  }
  if (missing) return new ApiError(400, 'incomplete_fields', SCHEMA_MESSAGES.required, fields);
  return new ApiError(
    400,
    'invalid_data',
    error.issues[0]?.message ?? SCHEMA_MESSAGES.invalidPayload,
    fields,
  );
}

/**
 * U+0000, which PostgreSQL text cannot hold, and a lone UTF-16 surrogate (half a character: JSON's
 * `\ud800` parses to one), which no UTF-8 text can. The schemas let both through, and the
 * database's refusal names no field (U+0000 ended as a 502). With `u`, a whole surrogate pair is
 * one character: only lone halves match.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is what it looks for.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** Where a value holds text the database cannot store (a string, or an object's key), or null. */
function unstorableTextAt(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path.join('.') || '_' : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, key];
    if (UNSTORABLE.test(key)) return at.join('.');
    const found = unstorableTextAt(item, at);
    if (found !== null) return found;
  }
  return null;
}

function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
    const field = unstorableTextAt(result.data);
    if (field !== null) {
      throw new ApiError(400, 'invalid_data', MESSAGES.unstorableText, {
        [field]: MESSAGES.unstorableText,
      });
    }
  });
}

/** The JSON body, parsed with `schema`. */
export const json = <T extends z.ZodType>(schema: T) => validate('json', schema);

/** The path parameters, parsed with `schema`. */
export const params = <T extends z.ZodType>(schema: T) => validate('param', schema);

/** `:id` of a row: a uuid ('Identificador inválido.' otherwise). */
export const idParam = z.object({ id: setInListSchema.shape.item_id });
