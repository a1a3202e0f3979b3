// Sorts a request's query parameters into PostgREST's meaning: select, per-resource filters,
// logic trees, order and pagination (the root, or an embedded resource by its path such as
// `author.order`), `columns`, `on_conflict`, and for `GET /rpc/fn` the function's arguments.
// Duplicate keys are kept and ANDed.
import { parseError } from './errors.ts';
import {
  type Condition,
  type OrderTerm,
  parseField,
  parseFilter,
  parseLogicTree,
  parseNameList,
  parseOrder,
  parseSelect,
  type SelectItem,
} from './query-syntax.ts';

export type NodeParams = {
  conditions: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
};

export type RequestParams = {
  select: SelectItem[];
  /** '' is the requested resource; 'a' or 'a.b' are embedded resources by alias or name. */
  nodes: Map<string, NodeParams>;
  columns?: string[];
  onConflict?: string[];
  args: Map<string, string>;
};

export function emptyNode(): NodeParams {
  return { conditions: [], order: [] };
}

/** The read asks for at most `maxRows` rows (PostgREST's db-max-rows), whatever its `limit`. */
export function capRows(params: RequestParams, maxRows: number): void {
  const root = params.nodes.get('') ?? emptyNode();
  root.limit = Math.min(root.limit ?? maxRows, maxRows);
  params.nodes.set('', root);
}

export function readRequestParams(
  search: URLSearchParams,
  argNames: ReadonlySet<string> = new Set(),
): RequestParams {
  const params: RequestParams = {
    select: [{ kind: 'star' }],
    nodes: new Map([['', emptyNode()]]),
    args: new Map(),
  };
  const node = (path: string) => {
    let found = params.nodes.get(path);
    if (!found) {
      found = emptyNode();
      params.nodes.set(path, found);
    }
    return found;
  };

  for (const [key, value] of search) {
    if (key === 'select') params.select = parseSelect(value);
    else if (key === 'columns') params.columns = parseNameList('columns parameter', value);
    else if (key === 'on_conflict')
      params.onConflict = parseNameList('on_conflict parameter', value);
    else if (key === 'apikey') continue;
    else if (argNames.has(key)) params.args.set(key, value);
    else {
      const segments = splitKey(key);
      const last = segments.at(-1) ?? '';
      const beforeLast = segments.at(-2);
      if (last === 'or' || last === 'and') {
        const negated = beforeLast === 'not';
        const path = segments.slice(0, negated ? -2 : -1).join('.');
        node(path).conditions.push(parseLogicTree(last, negated, value));
      } else if (last === 'order') {
        node(segments.slice(0, -1).join('.')).order.push(...parseOrder(value));
      } else if (last === 'limit' || last === 'offset') {
        if (!/^\d+$/.test(value)) {
          throw parseError(`"failed to parse ${last} parameter (${value})"`);
        }
        node(segments.slice(0, -1).join('.'))[last] = Number(value);
      } else {
        const field = parseField(last);
        node(segments.slice(0, -1).join('.')).conditions.push(parseFilter(field, value));
      }
    }
  }
  return params;
}

/** Splits `a.b.col` on dots outside double quotes. */
function splitKey(key: string): string[] {
  const segments: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of key) {
    if (c === '"') quoted = !quoted;
    if (c === '.' && !quoted) {
      segments.push(current);
      current = '';
    } else current += c;
  }
  segments.push(current);
  return segments;
}
