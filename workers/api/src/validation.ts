// Request validation with the shared zod schemas (@guia-fortim/db); failures become the API's
// error shape: 'incomplete_fields' when a required field is missing (the spec's 'Campos
// incompletos'), otherwise 'invalid_data' with the first message, and every field's message.
import { MESSAGES as SCHEMA_MESSAGES, setFeaturedSchema } from '@guia-fortim/db';
import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { z } from 'zod';
import { ApiError } from './errors.ts';

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const isBlank = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.every(isBlank));

// Messages the schemas give on purpose for an empty value (the spec's own wording).
const EMPTY_VALUE_MESSAGES = new Set<string>([
  SCHEMA_MESSAGES.categoryName,
  SCHEMA_MESSAGES.mapsKey,
  SCHEMA_MESSAGES.email,
]);

// A field left empty is missing, even where its schema message speaks of the value's format
// (price, phone). TODO(db): let those schemas say MESSAGES.required for an empty value.
function isMissing(issue: z.core.$ZodIssue, input: unknown): boolean {
  if (issue.message === SCHEMA_MESSAGES.required) return true;
  return (
    issue.path.length > 0 &&
    !EMPTY_VALUE_MESSAGES.has(issue.message) &&
    isBlank(valueAt(input, issue.path))
  );
}

export function validationError(error: z.core.$ZodError, input: unknown): ApiError {
  const fields: Record<string, string> = {};
  let missing = false;
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    const empty = isMissing(issue, input);
    missing ||= empty;
    fields[path] ??= empty ? SCHEMA_MESSAGES.required : issue.message;
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
    if (!result.success) throw validationError(result.error, result.data);
  });
}

/** The JSON body, parsed with `schema`. */
export const json = <T extends z.ZodType>(schema: T) => validate('json', schema);

/** The path parameters, parsed with `schema`. */
export const params = <T extends z.ZodType>(schema: T) => validate('param', schema);

/** `:id` of a row: a uuid ('Identificador inválido.' otherwise). */
export const idParam = z.object({ id: setFeaturedSchema.shape.item_id });

/**
 * A strict object with the schemas' Portuguese messages, for the few payloads the worker shapes
 * itself from the shared field schemas. TODO(db): move these payloads into db/src/schemas.ts.
 */
export function strictBody<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? SCHEMA_MESSAGES.unknownField(issue.keys)
        : SCHEMA_MESSAGES.invalidPayload,
  });
}
