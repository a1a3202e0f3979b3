// The preconditions of a GET on a representation with an entity tag, in HTTP's order: If-Match
// first, then If-None-Match. R2's `onlyIf` cannot do this for us: a failed If-Match and a
// matching If-None-Match both come back as an object without a body (a 412 and a 304 look alike),
// and a field that is no list of tags makes `get()` throw. The date preconditions are left out:
// the images route sends no Last-Modified, so a cache has no date of ours to send.

type EntityTag = { weak: boolean; opaque: string };

// One member of an HTTP list (empty members allowed) holding an entity tag:
// optional `W/` (upper case only), then a quoted string of etagc (no DQUOTE, no controls).
const MEMBER = /[ \t]*(?:(W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(?:,|$)/y;

/** `*`, the field's entity tags, or null when the field is absent or not a list of tags. */
function entityTags(field: string | null): '*' | EntityTag[] | null {
  if (field === null) return null;
  if (field.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  MEMBER.lastIndex = 0;
  while (MEMBER.lastIndex < field.length) {
    const at = MEMBER.lastIndex;
    const member = MEMBER.exec(field);
    if (!member || MEMBER.lastIndex === at) return null;
    if (member[2] !== undefined) tags.push({ weak: member[1] !== undefined, opaque: member[2] });
  }
  return tags.length > 0 ? tags : null;
}

const strongMatch = (a: EntityTag, b: EntityTag) => !a.weak && !b.weak && a.opaque === b.opaque;
const weakMatch = (a: EntityTag, b: EntityTag) => a.opaque === b.opaque;

/**
 * What a GET of an existing representation answers under the request's preconditions: 200, 304
 * (Not Modified) or 412 (Precondition Failed). `etag` is its strong entity tag, unquoted.
 */
export function preconditionOutcome(headers: Headers, etag: string): 200 | 304 | 412 {
  const tag: EntityTag = { weak: false, opaque: etag };
  // If-Match: true when `*` (it exists) or a listed tag matches strongly; anything else — no tag
  // matching, a weak tag, a field that is no list — is false.
  if (headers.has('if-match')) {
    const wanted = entityTags(headers.get('if-match'));
    if (wanted !== '*' && !wanted?.some((other) => strongMatch(other, tag))) return 412;
  }
  // If-None-Match: false when `*` or a listed tag matches weakly; a field that is no list is not
  // false.
  const cached = entityTags(headers.get('if-none-match'));
  if (cached === '*' || cached?.some((other) => weakMatch(other, tag))) return 304;
  return 200;
}
