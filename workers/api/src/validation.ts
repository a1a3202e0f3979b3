// Request validation with the shared zod schemas (@guia-fortim/db); failures become the API's
// error shape: 'incomplete_fields' when a required field is missing (the schemas say so with the
// spec's 'Campos incompletos' message), otherwise 'invalid_data' with the first message, and
// every field's message.
import { MESSAGES as SCHEMA_MESSAGES, setFeaturedSchema } from '@guia-fortim/domain';
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { ApiError } from './errors.ts';

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

function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error);
  });
}

/** The JSON body, parsed with `schema`. */
export const json = <T extends z.ZodType>(schema: T) => validate('json', schema);

/** The path parameters, parsed with `schema`. */
export const params = <T extends z.ZodType>(schema: T) => validate('param', schema);

/** `:id` of a row: a uuid ('Identificador inválido.' otherwise). */
export const idParam = z.object({ id: setFeaturedSchema.shape.item_id });
