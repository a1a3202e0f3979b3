// Generated write payloads for the SQL/zod agreement test: mostly valid rows, with values at and
// just past every limit, blank and whitespace-only text, nulls, missing fields, malformed phones,
// URLs, lists and image styles. The limits are written out here (the schema migration's CHECKs),
// never read from the constants under test. Each value has its column's JSON type (what a request
// body carries): a number sent as a string is the worker's parsing, not a constraint.
import fc from 'fast-check';

export const MISSING = Symbol('missing');
type Row = Record<string, unknown>;

/** How a field is generated: valid values, and values at and past its limits (some valid). */
export type Field = { valid: fc.Arbitrary<unknown>; edge: fc.Arbitrary<unknown> };

/**
 * A valid row with none, one or two fields replaced by edge values (MISSING ones left out), so
 * that rows of any width are accepted and refused about equally often.
 */
export function row(fields: Record<string, Field>): fc.Arbitrary<Row> {
  const entries = Object.entries(fields);
  const valid = fc.record(Object.fromEntries(entries.map(([name, f]) => [name, f.valid])));
  return fc
    .tuple(
      valid,
      fc
        .integer({ min: 0, max: 2 })
        .chain((n) => fc.shuffledSubarray(entries, { minLength: n, maxLength: n })),
    )
    .chain(([values, edged]) =>
      fc
        .record(Object.fromEntries(edged.map(([name, f]) => [name, f.edge])))
        .map((edges) => ({ ...values, ...edges })),
    )
    .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== MISSING)));
}

/** A field that may also be null or left out at its edges. */
function field(
  valid: fc.Arbitrary<unknown>,
  edge: fc.Arbitrary<unknown>,
  { nullable = true, missing = true }: { nullable?: boolean; missing?: boolean } = {},
): Field {
  return {
    valid,
    edge: fc.oneof(
      { weight: 6, arbitrary: edge },
      ...(nullable ? [{ weight: 1, arbitrary: fc.constant(null) }] : []),
      ...(missing ? [{ weight: 1, arbitrary: fc.constant(MISSING) }] : []),
    ),
  };
}

// Whitespace as JavaScript's trim() sees it, including the non-ASCII spaces.
const SPACES = [' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u2028', '\u202f', '\u3000', '\ufeff'];
// One code point each: accents, an emoji (two UTF-16 units), quotes and array syntax, a C1
// control character and a zero-width space (neither is whitespace for trim()).
const OTHERS = ['é', 'Ç', 'ã', '😀', '"', "'", '\\', '{', '}', ',', '<', '\u0085', '\u200b'];
const anyChar = fc.constantFrom(...SPACES, ...OTHERS);
const blank = fc.constantFrom('', ' ', '   ', '\t\n', '\u00a0', '\u3000 \u2003', '\ufeff');

/** A string of exactly `length` code points, ending in a few odd (not blank) characters. */
function ofLength(length: number): fc.Arbitrary<string> {
  return fc
    .array(fc.constantFrom(...OTHERS), { maxLength: Math.min(length, 4) })
    .map((tail) => 'a'.repeat(length - tail.length) + tail.join(''));
}
/** The same with spaces in it too (trimmed on one side, counted on the other). */
function spaced(length: number): fc.Arbitrary<string> {
  return fc
    .array(anyChar, { maxLength: Math.min(length, 4) })
    .map((tail) => 'a'.repeat(length - tail.length) + tail.join(''));
}

const shortText = (max: number) => fc.integer({ min: 1, max: Math.min(max, 30) }).chain(spaced);

/** Text of at most `max` characters at its edges: at the limit, past it, padded, blank. */
export function edgeText(max: number): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(max, max + 1).chain(ofLength) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...SPACES), ofLength(max), fc.constantFrom(...SPACES))
        .map((parts) => parts.join('')),
    },
    { weight: 2, arbitrary: blank },
  );
}

export const text = (max: number, opts?: { nullable?: boolean; missing?: boolean }) =>
  field(shortText(max), edgeText(max), opts);

/** Valid and edge values about equally often (for one-field rows). */
export const either = (f: Field) => fc.oneof(f.valid, f.edge);

const digits = (n: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));

export const phone = field(
  fc.oneof(fc.integer({ min: 10, max: 15 }).chain(digits), fc.constant('+55 (88) 99999-0000')),
  fc.oneof(
    fc.constantFrom(9, 10, 15, 16).chain(digits),
    fc.constantFrom(
      '55 88 9999-0000',
      '+55 (88) 9999',
      'abc',
      'telefone 5588999990000',
      '٥٥٨٨٩٩٩٩٩٠٠٠٠',
    ),
    blank,
  ),
);

const validUrl = fc.constantFrom(
  '/demo/hospedagens/pousada-1-hero.jpg',
  'https://cdn.example.com/foto.jpg',
  'http://h',
  'HTTPS://EXAMPLE.COM/A.JPG',
  '/a',
  ' /demo/carousel/slide-hero.jpg ',
);
const edgeUrl = fc.oneof(
  fc.constantFrom(
    '//evil.example/x.jpg',
    '/\\evil.example',
    'javascript:alert(1)',
    'data:image/png;base64,AA',
    'ftp://example.com/x.jpg',
    'https://',
    'https:///x',
    'relativo/x.jpg',
    '/a b.jpg',
    '/a\u00a0b.jpg',
    '/a\u0085b.jpg',
    '/a\u0001b.jpg',
    '/a\u2028b.jpg',
  ),
  // 2048 characters is the limit; the emoji makes code points and UTF-16 units differ.
  fc
    .tuple(fc.constantFrom(2047, 2048, 2049), fc.constantFrom('a', '😀'))
    .map(([length, last]) => `/${'a'.repeat(length - 2)}${last}`),
  blank,
);

export const imageUrl = field(validUrl, edgeUrl);
export const link = field(fc.oneof(validUrl, fc.constant('/')), edgeUrl);
export const imageList = field(
  fc.array(validUrl, { maxLength: 3 }),
  fc.oneof(
    fc.array(fc.oneof(validUrl, edgeUrl), { minLength: 1, maxLength: 3 }),
    fc.array(validUrl, { minLength: 4, maxLength: 5 }),
  ),
);

/** Label lists: short ones with repeats and blanks, and lists at and past the item limit. */
export function labels(maxItems: number, maxLength: number, opts?: { missing?: boolean }) {
  const valid = fc.constantFrom('Wi-Fi', 'Piscina', 'café', 'CAFÉ', ' TV ', 'Guia');
  const edge = fc.oneof(
    fc.constantFrom(maxLength, maxLength + 1).chain(ofLength),
    blank,
    fc.constant(null),
  );
  const full = fc
    .tuple(fc.constantFrom(maxItems, maxItems + 1), fc.boolean())
    .map(([n, repeat]) =>
      Array.from({ length: n }, (_, i) => (repeat && i === 0 ? 'ITEM 2' : `Item ${i + 1}`)),
    );
  return field(
    fc.array(valid, { minLength: 1, maxLength: 4 }),
    fc.oneof(
      fc.array(fc.oneof(valid, edge), { minLength: 1, maxLength: 4 }),
      fc.constant([]),
      full,
    ),
    opts,
  );
}

/**
 * Numbers on the step (0.01 for prices, 0.1 for ratings) between the bounds, and at the edges:
 * the bounds, one step past them, and off-step values inside them (the column rounds them).
 */
function stepped(min: number, max: number, step: number, far: number[]): Field {
  const scale = Math.round(1 / step);
  return field(
    fc
      .integer({ min: Math.round(min * scale), max: Math.round(max * scale) })
      .map((n) => n / scale),
    fc.oneof(
      fc.constantFrom(min, max, min - step, (max * scale + 1) / scale, ...far),
      fc.double({ min, max, noNaN: true }),
    ),
  );
}

export const price = stepped(0, 99_999_999.99, 0.01, [-1, 1e12]);
export const rating = stepped(0, 5, 0.1, [-1, 10]);

function coordinate(limit: number): Field {
  return field(
    fc.double({ min: -limit, max: limit, noNaN: true }),
    fc.constantFrom(limit, -limit, limit + 0.000001, -limit - 1, 1000),
  );
}
export const latitude = coordinate(90);
export const longitude = coordinate(180);

function bounded(min: number, max: number): Field {
  return field(
    fc.double({ min, max, noNaN: true }),
    fc.constantFrom(min, max, min - 0.1, max + 0.1, min - 1, max + 1),
    { nullable: false },
  );
}
const styles = {
  scale: bounded(0.5, 3),
  rotate: bounded(-45, 45),
  positionX: bounded(0, 100),
  positionY: bounded(0, 100),
  objectFit: field(
    fc.constantFrom('cover', 'contain', 'fill', 'scale-down'),
    fc.constantFrom('stretch', 'COVER', ''),
    { nullable: false },
  ),
};
const allStyles = fc.record(
  Object.fromEntries(Object.entries(styles).map(([k, f]) => [k, f.valid])),
);
export const imageStyles = field(
  allStyles,
  fc.oneof(
    row(styles),
    allStyles.map((s) => ({ ...s, opacity: 1 })),
  ),
);

export const kind = field(
  fc.constantFrom('hospedagem', 'comercio', 'passeio'),
  fc.constantFrom('praia', 'Hospedagem', 'hospedagens', ''),
);
export const flag = field(fc.boolean(), fc.boolean());
export const slideOrder = field(
  fc.integer({ min: 1, max: 50 }),
  fc.constantFrom(1, 0, -1, 1.5, 2_147_483_647, 2_147_483_648, 1e15),
  { nullable: false },
);

/** Sign-up and profile: 3 to 30 of A-Z a-z 0-9 . _ */
export const username = field(
  fc
    .tuple(
      fc.integer({ min: 3, max: 30 }),
      fc.constantFrom('maria', 'Ana.Clara', 'joao_2024', '._.'),
    )
    .map(([length, base]) => base.repeat(30).slice(0, length)),
  fc.oneof(
    fc.constantFrom(2, 3, 30, 31).map((length) => 'u'.repeat(length)),
    fc.constantFrom('joão', 'ana clara', 'ana-clara', 'maria@x', ' maria ', 'ab\n', 'maria\u00a0'),
    blank,
  ),
  { nullable: false, missing: false },
);

/** An e-mail address, or text that only looks like one. */
export const email = field(
  fc.constantFrom(
    'contato@guiafortim.com.br',
    'a.b+c@x.io',
    "o'neil@example.com",
    ' contato@guiafortim.com.br ',
  ),
  fc.constantFrom(
    '',
    'contato',
    'contato@',
    '@guiafortim.com.br',
    'a..b@x.io',
    '.a@x.io',
    'a.@x.io',
    'a@x',
    'a@x.c',
    'a@-x.io',
    'a b@x.io',
    'a@x.io\n',
    'ação@x.io',
    '"><img src=x onerror=alert(1)>@evil.example',
  ),
  { missing: false },
);
