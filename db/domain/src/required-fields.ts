// Which fields a form must fill, read from the write schemas so that the rule is stated once:
// a field is required when the create schema refuses it absent (no default, not optional).
import './zod-config.ts';
import type { z } from 'zod';
import { LISTING_KINDS } from './kinds.ts';
import { listingSchemas } from './schemas.ts';
import type { ListingKind } from './types.ts';

type Shape = Record<string, z.ZodType>;

export function requiredKeys<S extends Shape>(schema: { shape: S }): (keyof S & string)[] {
  return Object.entries(schema.shape)
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([key]) => key);
}

/** Per kind, in the order the schema lists them. */
export const LISTING_REQUIRED_FIELDS = /* @__PURE__ */ Object.fromEntries(
  LISTING_KINDS.map((kind) => [kind, requiredKeys<Shape>(listingSchemas[kind].create)]),
) as { [K in ListingKind]: (keyof (typeof listingSchemas)[K]['create']['shape'] & string)[] };
