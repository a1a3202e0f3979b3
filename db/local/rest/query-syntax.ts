// PostgREST's query-string grammar: select lists (with aliases, casts, JSON paths and embedded
// resources), filters (`op.value`, `not.`, `(any|all)`, full-text language), `or`/`and` trees
// with their quoting rules, `order`, `columns` and `on_conflict`. Parsing only; names are checked
// against the schema cache when SQL is built.
import { parseError } from './errors.ts';

export type JsonStep = { arrow: '->' | '->>'; key: string };
export type Field = { name: string; path: JsonStep[] };

export const OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  in: 'in',
  is: 'is',
  isdistinct: 'is distinct from',
  fts: '@@',
  plfts: '@@',
  phfts: '@@',
  wfts: '@@',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
} as const;
export type Operator = keyof typeof OPERATORS;

const QUANTIFIABLE = new Set<Operator>([
  'eq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
]);
const FULL_TEXT = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);
export const IS_VALUES = ['null', 'not_null', 'true', 'false', 'unknown'] as const;

export type Filter = {
  kind: 'filter';
  field: Field;
  negated: boolean;
  operator: Operator;
  quantifier?: 'any' | 'all';
  language?: string;
  /** The operand; for `in`, the list of elements. */
  value: string | string[];
};
export type LogicTree = {
  kind: 'logic';
  negated: boolean;
  operator: 'and' | 'or';
  children: Condition[];
};
export type Condition = Filter | LogicTree;

/**
 * How deep `and`/`or` trees may nest, the parameter's own tree being the first level. PostgREST's
 * parser (`pLogicTree`) has no limit and hands any depth to PostgreSQL; here the recursion that
 * renders a tree to SQL overflowed near 3,000 levels (a 500). Clients nest two or three.
 */
export const MAX_LOGIC_DEPTH = 100;

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias?: string; cast?: string }
  | {
      kind: 'embed';
      relation: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      select: SelectItem[];
    };

export type OrderTerm = { field: Field; descending: boolean; nulls?: 'first' | 'last' };

class Cursor {
  readonly text: string;
  pos = 0;
  constructor(text: string) {
    this.text = text;
  }
  get atEnd() {
    return this.pos >= this.text.length;
  }
  peek(offset = 0) {
    return this.text[this.pos + offset] ?? '';
  }
  startsWith(s: string) {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string) {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
}

class SyntaxFailure extends Error {}

function fail(cursor: Cursor, expected: string): never {
  const found = cursor.atEnd ? 'end of input' : `"${cursor.peek()}"`;
  throw new SyntaxFailure(`unexpected ${found} expecting ${expected} (column ${cursor.pos + 1})`);
}

function wrap<T>(what: string, text: string, parse: (cursor: Cursor) => T): T {
  const cursor = new Cursor(text);
  try {
    const result = parse(cursor);
    if (!cursor.atEnd) fail(cursor, 'end of input');
    return result;
  } catch (error) {
    if (error instanceof SyntaxFailure) {
      throw parseError(`"failed to parse ${what} (${text})"`, error.message);
    }
    throw error;
  }
}

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$ ]/u;

function readIdentifier(cursor: Cursor): string {
  if (cursor.peek() === '"') return readQuoted(cursor);
  const start = cursor.pos;
  while (!cursor.atEnd) {
    const c = cursor.peek();
    if (IDENTIFIER_CHAR.test(c) || (c === '-' && cursor.peek(1) !== '>')) cursor.pos++;
    else break;
  }
  const name = cursor.text.slice(start, cursor.pos).trim();
  if (name === '') fail(cursor, 'an identifier');
  return name;
}

/** `"…"` with `\"` and `\\` escapes. */
function readQuoted(cursor: Cursor): string {
  if (!cursor.eat('"')) fail(cursor, '"\\""');
  let out = '';
  while (!cursor.atEnd) {
    const c = cursor.peek();
    if (c === '\\' && cursor.pos + 1 < cursor.text.length) {
      out += cursor.peek(1);
      cursor.pos += 2;
    } else if (c === '"') {
      cursor.pos++;
      return out;
    } else {
      out += c;
      cursor.pos++;
    }
  }
  fail(cursor, 'closing quote');
}

function readField(cursor: Cursor): Field {
  const name = readIdentifier(cursor);
  return { name, path: readPath(cursor) };
}

function readPath(cursor: Cursor): JsonStep[] {
  const path: JsonStep[] = [];
  while (cursor.startsWith('->')) {
    const arrow = cursor.eat('->>') ? '->>' : '->';
    if (arrow === '->') cursor.eat('->');
    let key: string;
    const index = /^-?\d+/.exec(cursor.text.slice(cursor.pos));
    if (cursor.peek() === '"') key = readQuoted(cursor);
    else if (index) {
      key = index[0];
      cursor.pos += key.length;
    } else key = readIdentifier(cursor);
    path.push({ arrow, key });
  }
  return path;
}

export function parseSelect(text: string): SelectItem[] {
  if (text.trim() === '') return [{ kind: 'star' }];
  return wrap('select parameter', text, readSelectList);
}

function readSelectList(cursor: Cursor): SelectItem[] {
  const items: SelectItem[] = [];
  do {
    items.push(readSelectItem(cursor));
  } while (cursor.eat(','));
  return items;
}

function readSelectItem(cursor: Cursor): SelectItem {
  while (cursor.peek() === ' ') cursor.pos++;
  if (cursor.eat('*')) return { kind: 'star' };
  const spread = cursor.eat('...');
  let alias: string | undefined;
  let name = readIdentifier(cursor);
  if (!spread && cursor.peek() === ':' && cursor.peek(1) !== ':') {
    cursor.pos++;
    alias = name;
    name = readIdentifier(cursor);
  }
  if (spread || cursor.peek() === '!' || cursor.peek() === '(') {
    let hint: string | undefined;
    let inner = false;
    while (cursor.eat('!')) {
      const modifier = readIdentifier(cursor);
      if (modifier === 'inner') inner = true;
      else if (modifier !== 'left') hint = modifier;
    }
    if (!cursor.eat('(')) fail(cursor, '"("');
    const select: SelectItem[] =
      cursor.peek() === ')' ? [{ kind: 'star' }] : readSelectList(cursor);
    if (!cursor.eat(')')) fail(cursor, '")"');
    return { kind: 'embed', relation: name, alias, hint, inner, spread, select };
  }
  const path = readPath(cursor);
  let cast: string | undefined;
  if (cursor.eat('::')) {
    const match = /^[A-Za-z_][A-Za-z0-9_]*/.exec(cursor.text.slice(cursor.pos));
    if (!match) fail(cursor, 'a type name');
    cast = match[0];
    cursor.pos += cast.length;
  }
  while (cursor.peek() === ' ') cursor.pos++;
  return { kind: 'column', field: { name, path }, alias, cast };
}

export function parseField(text: string): Field {
  return wrap('filter', text, readField);
}

export function parseOrder(text: string): OrderTerm[] {
  return wrap('order parameter', text, (cursor) => {
    const terms: OrderTerm[] = [];
    do {
      const field = readField(cursor);
      const term: OrderTerm = { field, descending: false };
      while (cursor.eat('.')) {
        if (cursor.eat('asc')) term.descending = false;
        else if (cursor.eat('desc')) term.descending = true;
        else if (cursor.eat('nullsfirst')) term.nulls = 'first';
        else if (cursor.eat('nullslast')) term.nulls = 'last';
        else fail(cursor, '"asc", "desc", "nullsfirst" or "nullslast"');
      }
      terms.push(term);
    } while (cursor.eat(','));
    return terms;
  });
}

/** `columns` and `on_conflict`: comma-separated names, each optionally in double quotes. */
export function parseNameList(what: string, text: string): string[] {
  return wrap(what, text, (cursor) => {
    const names: string[] = [];
    do {
      names.push(readIdentifier(cursor));
    } while (cursor.eat(','));
    return names;
  });
}

/** A top-level filter value such as `not.in.(1,2)`; top-level operands are taken literally. */
export function parseFilter(field: Field, text: string): Filter {
  return wrap('filter', text, (cursor) => readOperation(cursor, field, true));
}

function readOperation(cursor: Cursor, field: Field, topLevel: boolean): Filter {
  const negated = cursor.eat('not.');
  const match = /^[a-z]+/.exec(cursor.text.slice(cursor.pos));
  if (!match || !(match[0] in OPERATORS)) fail(cursor, 'an operator (eq, gt, in, is, …)');
  const operator = match[0] as Operator;
  cursor.pos += operator.length;
  const filter: Filter = { kind: 'filter', field, negated, operator, value: '' };
  if (cursor.eat('(')) {
    const modifier = readIdentifier(cursor);
    if (!cursor.eat(')')) fail(cursor, '")"');
    if (QUANTIFIABLE.has(operator) && (modifier === 'any' || modifier === 'all')) {
      filter.quantifier = modifier;
    } else if (FULL_TEXT.has(operator)) {
      filter.language = modifier;
    } else fail(cursor, 'a valid operator modifier');
  }
  if (!cursor.eat('.')) fail(cursor, '"."');
  if (operator === 'in') {
    filter.value = readList(cursor);
    return filter;
  }
  const raw = topLevel ? cursor.text.slice(cursor.pos) : readTreeValue(cursor);
  if (topLevel) cursor.pos = cursor.text.length;
  if (operator === 'is' && !IS_VALUES.includes(raw.toLowerCase() as (typeof IS_VALUES)[number])) {
    fail(cursor, 'null, not_null, true, false or unknown');
  }
  if (filter.quantifier && !(raw.startsWith('{') && raw.endsWith('}'))) {
    fail(cursor, 'a list of values in braces, e.g. {a,b}');
  }
  filter.value = operator === 'is' ? raw.toLowerCase() : raw;
  return filter;
}

/** `(a,"b,c",d)`: elements in double quotes may hold `,()` and escaped `"`; others are raw. */
function readList(cursor: Cursor): string[] {
  if (!cursor.eat('(')) fail(cursor, '"("');
  const items: string[] = [];
  if (cursor.eat(')')) return items;
  do {
    if (cursor.peek() === '"') items.push(readQuoted(cursor));
    else {
      const start = cursor.pos;
      while (!cursor.atEnd && cursor.peek() !== ',' && cursor.peek() !== ')') cursor.pos++;
      items.push(cursor.text.slice(start, cursor.pos));
    }
  } while (cursor.eat(','));
  if (!cursor.eat(')')) fail(cursor, '")"');
  return items;
}

/** A value inside a logic tree: quoted, or raw up to the next `,`/`)` outside brackets. */
function readTreeValue(cursor: Cursor): string {
  if (cursor.peek() === '"') return readQuoted(cursor);
  const start = cursor.pos;
  let depth = 0;
  while (!cursor.atEnd) {
    const c = cursor.peek();
    if (depth === 0 && (c === ',' || c === ')')) break;
    if (c === '(' || c === '{' || c === '[') depth++;
    else if ((c === ')' || c === '}' || c === ']') && depth > 0) depth--;
    cursor.pos++;
  }
  return cursor.text.slice(start, cursor.pos);
}

/** The value of an `or`/`and` parameter: `(cond,cond,…)` where a cond may be a nested tree. */
export function parseLogicTree(operator: 'and' | 'or', negated: boolean, text: string): LogicTree {
  return wrap('logic tree', text, (cursor) => ({
    kind: 'logic',
    operator,
    negated,
    children: readConditions(cursor, 1),
  }));
}

/** The conditions of a tree at `depth` (1 for the parameter's own). */
function readConditions(cursor: Cursor, depth: number): Condition[] {
  if (!cursor.eat('(')) fail(cursor, '"("');
  const children: Condition[] = [];
  do {
    children.push(readCondition(cursor, depth));
  } while (cursor.eat(','));
  if (!cursor.eat(')')) fail(cursor, '")"');
  return children;
}

function readCondition(cursor: Cursor, depth: number): Condition {
  for (const negated of [true, false]) {
    for (const operator of ['and', 'or'] as const) {
      if (cursor.startsWith(`${negated ? 'not.' : ''}${operator}(`)) {
        if (depth === MAX_LOGIC_DEPTH) {
          throw new SyntaxFailure(
            `and/or aninhados em mais de ${MAX_LOGIC_DEPTH} níveis (coluna ${cursor.pos + 1})`,
          );
        }
        cursor.pos += (negated ? 4 : 0) + operator.length;
        return {
          kind: 'logic',
          operator,
          negated,
          children: readConditions(cursor, depth + 1),
        };
      }
    }
  }
  const field = readField(cursor);
  if (!cursor.eat('.')) fail(cursor, '"."');
  return readOperation(cursor, field, false);
}
