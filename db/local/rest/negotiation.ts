// Content negotiation and preferences: `Accept` (array or singular object), `Prefer` (split on
// commas, first value of each kind wins), and the schema headers.
import { RestError } from './errors.ts';
import { EXPOSED_SCHEMA } from './schema-cache.ts';

export const OBJECT_MEDIA_TYPE = 'application/vnd.pgrst.object+json';

/** True when the client asked for a single object, false for an array. */
export function wantsSingular(accept: string | undefined): boolean {
  if (!accept || accept.trim() === '') return false;
  for (const part of accept.split(',')) {
    const type = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (type === OBJECT_MEDIA_TYPE || type === 'application/vnd.pgrst.object') return true;
    if (
      type === 'application/json' ||
      type === 'application/vnd.pgrst.array+json' ||
      type === 'application/openapi+json' ||
      type === '*/*' ||
      type === 'application/*'
    ) {
      return false;
    }
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

export type Preferences = {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  applied: string[];
};

const KNOWN: Record<string, readonly string[]> = {
  return: ['minimal', 'representation', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
};

export function readPreferences(prefer: string | undefined): Preferences {
  const preferences: Preferences = { applied: [] };
  for (const raw of (prefer ?? '').split(',')) {
    const item = raw.trim();
    const [key = '', value = ''] = item.split('=').map((s) => s.trim());
    const allowed = KNOWN[key];
    if (!allowed?.includes(value)) continue;
    const record = preferences as Record<string, unknown>;
    if (record[key] !== undefined) continue;
    record[key] = value;
    preferences.applied.push(`${key}=${value}`);
  }
  return preferences;
}

/** `Accept-Profile`/`Content-Profile`: absent or the exposed schema, else 406 PGRST106. */
export function checkProfile(profile: string | undefined) {
  if (profile === undefined || profile === '' || profile === EXPOSED_SCHEMA) return;
  throw new RestError(
    406,
    'PGRST106',
    `Invalid schema: ${profile}`,
    null,
    `Only the following schemas are exposed: ${EXPOSED_SCHEMA}`,
  );
}
