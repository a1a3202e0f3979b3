// Turns a parsed select list, its filters, order and pagination into SQL fragments for one
// resource and, recursively, its embedded resources (joined laterally through foreign keys and
// aggregated to JSON in SQL, as PostgREST does).
import { parseError, RestError, unknownColumn } from './errors.ts';
import type { Condition, Field, Filter, OrderTerm, SelectItem } from './query-syntax.ts';
import { OPERATORS } from './query-syntax.ts';
import type { NodeParams } from './request-params.ts';
import type { ForeignKey, Relation, SchemaCache } from './schema-cache.ts';
import { ident, type Params, qualified } from './sql-text.ts';

export type SelectionContext = {
  cache: SchemaCache;
  params: Params;
  nodes: Map<string, NodeParams>;
  usedNodes: Set<string>;
  aliasCount: number;
};

export type BuiltNode = {
  /** `expression as "name"` items. */
  columns: string[];
  names: string[];
  joins: string[];
  where: string[];
  orderBy: string[];
  limit?: number;
  offset?: number;
};

export function selectionContext(
  cache: SchemaCache,
  params: Params,
  nodes: Map<string, NodeParams>,
): SelectionContext {
  return { cache, params, nodes, usedNodes: new Set(['']), aliasCount: 0 };
}

export function nextAlias(ctx: SelectionContext): string {
  ctx.aliasCount += 1;
  return `pgrst_${ctx.aliasCount}`;
}

/**
 * Builds the select list of `relation` (aliased `alias` in SQL) and the filters, order and
 * pagination given for `path`. `refs`, when given, collects the relation's columns that the
 * fragments read (a mutation returns exactly those).
 */
export function buildNode(
  ctx: SelectionContext,
  relation: Relation,
  alias: string,
  items: SelectItem[],
  path: string,
  refs?: Set<string>,
): BuiltNode {
  const node = ctx.nodes.get(path);
  const built: BuiltNode = { columns: [], names: [], joins: [], where: [], orderBy: [] };
  for (const item of items) {
    if (item.kind === 'star') {
      for (const column of relation.columns) {
        built.columns.push(`${ident(alias)}.${ident(column.name)}`);
        built.names.push(column.name);
        refs?.add(column.name);
      }
    } else if (item.kind === 'column') {
      refs?.add(item.field.name);
      let expression = renderField(ctx, relation, alias, item.field);
      if (item.cast) expression = `(${expression})::${item.cast}`;
      const name = item.alias ?? item.field.path.at(-1)?.key ?? item.field.name;
      built.columns.push(`${expression} as ${ident(name)}`);
      built.names.push(name);
    } else {
      buildEmbed(ctx, relation, alias, item, path, built, refs);
    }
  }
  if (node) {
    for (const condition of node.conditions) {
      built.where.push(renderCondition(ctx, relation, alias, condition));
      collectFields(condition, refs);
    }
    built.orderBy = node.order.map((term) => renderOrder(ctx, relation, alias, term));
    for (const term of node.order) refs?.add(term.field.name);
    built.limit = node.limit;
    built.offset = node.offset;
  }
  return built;
}

function collectFields(condition: Condition, refs: Set<string> | undefined) {
  if (!refs) return;
  if (condition.kind === 'filter') refs.add(condition.field.name);
  else for (const child of condition.children) collectFields(child, refs);
}

type Relationship = { toOne: boolean; fk: ForeignKey };

function findRelationship(
  cache: SchemaCache,
  parent: string,
  target: string,
  hint: string | undefined,
): Relationship {
  let candidates: Relationship[] = [];
  for (const fk of cache.foreignKeys) {
    if (fk.table === parent && fk.refTable === target) candidates.push({ toOne: true, fk });
    if (fk.table === target && fk.refTable === parent) candidates.push({ toOne: false, fk });
  }
  if (hint !== undefined) {
    candidates = candidates.filter(
      ({ fk }) =>
        fk.name === hint ||
        (fk.columns.length === 1 && fk.columns[0] === hint) ||
        (fk.refColumns.length === 1 && fk.refColumns[0] === hint),
    );
  }
  const [first] = candidates;
  if (!first) throw noRelationship(cache, parent, target, hint);
  if (candidates.length > 1) {
    throw new RestError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent}' and '${target}'`,
      candidates.map(({ fk }) => fk.name).join(', '),
      `Try changing '${target}' to one of the following: ${candidates
        .map(({ fk }) => `'${target}!${fk.name}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return first;
}

function noRelationship(cache: SchemaCache, parent: string, target: string, hint?: string) {
  return new RestError(
    400,
    'PGRST200',
    `Could not find a relationship between '${parent}' and '${target}' in the schema cache`,
    `Searched for a foreign key relationship between '${parent}' and '${target}'${
      hint ? ` using the hint '${hint}'` : ''
    } in the schema '${cache.schema}', but no matches were found.`,
  );
}

function buildEmbed(
  ctx: SelectionContext,
  parent: Relation,
  parentAlias: string,
  item: Extract<SelectItem, { kind: 'embed' }>,
  path: string,
  built: BuiltNode,
  refs: Set<string> | undefined,
) {
  const target = ctx.cache.relations.get(item.relation);
  if (!target) throw noRelationship(ctx.cache, parent.name, item.relation, item.hint);
  const { fk, toOne } = findRelationship(ctx.cache, parent.name, item.relation, item.hint);
  const parentColumns = toOne ? fk.columns : fk.refColumns;
  const targetColumns = toOne ? fk.refColumns : fk.columns;
  for (const column of parentColumns) refs?.add(column);

  const name = item.alias ?? item.relation;
  const prefix = path === '' ? '' : `${path}.`;
  const childPath = ctx.nodes.has(`${prefix}${name}`)
    ? `${prefix}${name}`
    : `${prefix}${item.relation}`;
  ctx.usedNodes.add(childPath);

  const alias = nextAlias(ctx);
  const child = buildNode(ctx, target, alias, item.select, childPath);
  const joinConditions = targetColumns.map(
    (column, i) =>
      `${ident(alias)}.${ident(column)} = ${ident(parentAlias)}.${ident(parentColumns[i] as string)}`,
  );
  const inner = selectSql(
    child,
    `${qualified(ctx.cache.schema, target.name)} as ${ident(alias)}`,
    joinConditions,
    !toOne,
  );
  const joined = `${alias}_j`;
  if (item.spread) {
    if (!toOne) {
      throw new RestError(
        400,
        'PGRST119',
        `A spread operation on '${item.relation}' is not possible`,
        `'${parent.name}' and '${item.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    built.joins.push(`left join lateral (${inner}) as ${ident(joined)} on true`);
    for (const childName of child.names) {
      built.columns.push(`${ident(joined)}.${ident(childName)} as ${ident(childName)}`);
      built.names.push(childName);
    }
    return;
  }
  const body = toOne
    ? `select to_json(pgrst_row) as body from (${inner}) as pgrst_row`
    : `select coalesce(json_agg(pgrst_row), '[]') as body from (${inner}) as pgrst_row`;
  if (item.inner) {
    built.joins.push(
      toOne
        ? `inner join lateral (${body}) as ${ident(joined)} on true`
        : `inner join lateral (${body}) as ${ident(joined)} on json_array_length(${ident(joined)}.body) > 0`,
    );
  } else {
    built.joins.push(`left join lateral (${body}) as ${ident(joined)} on true`);
  }
  built.columns.push(`${ident(joined)}.body as ${ident(name)}`);
  built.names.push(name);
}

/** `select … from <from> <joins> where … order by … limit … offset …` for a built node. */
export function selectSql(
  node: BuiltNode,
  from: string,
  extraWhere: string[] = [],
  paginate = true,
): string {
  const where = [...extraWhere, ...node.where];
  const columns = node.columns.length > 0 ? node.columns.join(', ') : '';
  let sql = `select ${columns} from ${from}`;
  if (node.joins.length > 0) sql += ` ${node.joins.join(' ')}`;
  if (where.length > 0) sql += ` where ${where.join(' and ')}`;
  if (paginate) {
    if (node.orderBy.length > 0) sql += ` order by ${node.orderBy.join(', ')}`;
    if (node.limit !== undefined) sql += ` limit ${node.limit}`;
    if (node.offset !== undefined) sql += ` offset ${node.offset}`;
  }
  return sql;
}

export function renderField(
  ctx: SelectionContext,
  relation: Relation,
  alias: string,
  field: Field,
): string {
  if (!relation.columnsByName.has(field.name)) throw unknownColumn(relation.name, field.name);
  let sql = `${ident(alias)}.${ident(field.name)}`;
  for (const step of field.path) {
    const key = /^-?\d+$/.test(step.key)
      ? `${ctx.params.add(step.key)}::int`
      : `${ctx.params.add(step.key)}::text`;
    sql = `${sql}${step.arrow}${key}`;
  }
  return sql;
}

function renderOrder(
  ctx: SelectionContext,
  relation: Relation,
  alias: string,
  term: OrderTerm,
): string {
  let sql = `${renderField(ctx, relation, alias, term.field)} ${term.descending ? 'desc' : 'asc'}`;
  if (term.nulls) sql += ` nulls ${term.nulls}`;
  return sql;
}

export function renderCondition(
  ctx: SelectionContext,
  relation: Relation,
  alias: string,
  condition: Condition,
): string {
  if (condition.kind === 'filter') return renderFilter(ctx, relation, alias, condition);
  const joined = condition.children
    .map((child) => renderCondition(ctx, relation, alias, child))
    .join(` ${condition.operator} `);
  return condition.negated ? `not (${joined})` : `(${joined})`;
}

const TSQUERY_FUNCTIONS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;

const IS_SQL = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
} as const;

function renderFilter(
  ctx: SelectionContext,
  relation: Relation,
  alias: string,
  filter: Filter,
): string {
  const lhs = renderField(ctx, relation, alias, filter.field);
  const { operator, value } = filter;
  let sql: string;
  if (Array.isArray(value)) {
    sql =
      value.length === 0
        ? 'false'
        : `${lhs} in (${value.map((v) => ctx.params.add(v)).join(', ')})`;
  } else if (operator === 'is') {
    const keyword = IS_SQL[value as keyof typeof IS_SQL];
    if (!keyword) throw parseError(`"failed to parse filter (is.${value})"`);
    sql = `${lhs} is ${keyword}`;
  } else if (operator in TSQUERY_FUNCTIONS) {
    const fn = TSQUERY_FUNCTIONS[operator as keyof typeof TSQUERY_FUNCTIONS];
    const config = filter.language ? `${ctx.params.add(filter.language)}::regconfig, ` : '';
    const column = relation.columnsByName.get(filter.field.name);
    const vector =
      column?.type === 'tsvector' && filter.field.path.length === 0
        ? lhs
        : `to_tsvector(${config}${lhs})`;
    sql = `${vector} @@ ${fn}(${config}${ctx.params.add(value)})`;
  } else {
    const operand =
      operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value;
    const placeholder = ctx.params.add(operand);
    sql = filter.quantifier
      ? `${lhs} ${OPERATORS[operator]} ${filter.quantifier}(${placeholder})`
      : `${lhs} ${OPERATORS[operator]} ${placeholder}`;
  }
  return filter.negated ? `not (${sql})` : sql;
}

/** Filters, order or pagination given for an embedded resource that the select list lacks. */
export function assertNodesUsed(ctx: SelectionContext) {
  for (const path of ctx.nodes.keys()) {
    if (!ctx.usedNodes.has(path)) {
      throw new RestError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
}
