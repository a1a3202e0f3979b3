// The SQL of each PostgREST operation: read, call, insert/upsert, update and delete. Bodies are
// aggregated to JSON text in SQL (`json_agg`), so timestamps, numerics and bigints keep
// PostgreSQL's text form; every value is a bound parameter and every name comes from the cache.
import { RestError, unknownPayloadColumn } from './errors.ts';
import type { RequestParams } from './request-params.ts';
import { emptyNode } from './request-params.ts';
import type { Relation, Routine, SchemaCache } from './schema-cache.ts';
import {
  assertNodesUsed,
  type BuiltNode,
  buildNode,
  renderCondition,
  type SelectionContext,
  selectionContext,
  selectSql,
} from './selection.ts';
import { ident, Params, qualified } from './sql-text.ts';

export type Statement = { sql: string; values: string[] };

/** Result row of every statement that aggregates (reads, calls, mutations returning rows). */
export type AggregateRow = {
  total: string | null;
  page_total: number;
  body: string | null;
  inserted?: number | null;
};

const ROOT = 'pgrst_0';

function aggregate(inner: string, singular: boolean, countSql: string | null, extra = ''): string {
  const body = singular
    ? `coalesce((json_agg(_postgrest_t)->0), 'null')::text`
    : `coalesce(json_agg(_postgrest_t), '[]')::text`;
  return `select ${countSql ? `(${countSql})::text` : 'null'} as total, pg_catalog.count(_postgrest_t)::int as page_total, ${body} as body${extra} from (${inner}) as _postgrest_t`;
}

function countOf(node: BuiltNode, from: string): string {
  const counted = { ...node, columns: ['1'], orderBy: [], limit: undefined, offset: undefined };
  return `select pg_catalog.count(*) from (${selectSql(counted, from)}) as pgrst_c`;
}

export function readStatement(
  cache: SchemaCache,
  relation: Relation,
  request: RequestParams,
  options: { count: boolean; singular: boolean },
): Statement {
  const params = new Params();
  const ctx = selectionContext(cache, params, request.nodes);
  const root = buildNode(ctx, relation, ROOT, request.select, '');
  assertNodesUsed(ctx);
  const from = `${qualified(cache.schema, relation.name)} as ${ident(ROOT)}`;
  const sql = aggregate(
    selectSql(root, from),
    options.singular,
    options.count ? countOf(root, from) : null,
  );
  return { sql, values: params.values };
}

/** The relation-like shape of a function's result rows, for select lists and filters. */
export function routineResult(cache: SchemaCache, routine: Routine): Relation {
  const named = cache.relations.get(routine.returnType);
  if (named) return named;
  const columns = (routine.returnColumns ?? []).map((c) => ({
    name: c.name,
    type: c.type,
    typeCategory: '',
    isArray: c.type.endsWith('[]'),
    notNull: false,
    default: null,
    description: null,
    enumValues: null,
  }));
  return {
    name: routine.name,
    kind: 'view',
    description: null,
    columns,
    columnsByName: new Map(columns.map((c) => [c.name, c])),
    primaryKey: [],
    insertable: false,
    updatable: false,
    deletable: false,
  };
}

export function callStatement(
  cache: SchemaCache,
  routine: Routine,
  args: Record<string, unknown>,
  request: RequestParams,
  options: { count: boolean; singular: boolean },
): Statement {
  const params = new Params();
  const names = routine.args.filter((a) => Object.hasOwn(args, a.name));
  const call = `${qualified(cache.schema, routine.name)}(${names
    .map((a) => `${a.variadic ? 'variadic ' : ''}${ident(a.name)} := pgrst_args.${ident(a.name)}`)
    .join(', ')})`;
  const argsFrom =
    names.length === 0
      ? ''
      : `json_to_record(${params.add(JSON.stringify(args))}::json) as pgrst_args(${names
          .map((a) => `${ident(a.name)} ${a.type}`)
          .join(', ')}) cross join lateral `;

  const ctx = selectionContext(cache, params, request.nodes);
  if (routine.returnColumns === null) {
    assertNodesUsed(ctx);
    const from = `${argsFrom}${call} as ${ident(ROOT)}(pgrst_scalar)`;
    const body =
      routine.returnsSet && !options.singular
        ? `coalesce(json_agg(_postgrest_t.pgrst_scalar), '[]')::text`
        : `coalesce((json_agg(_postgrest_t.pgrst_scalar)->0), 'null')::text`;
    const root = request.nodes.get('') ?? emptyNode();
    let inner = `select ${ident(ROOT)}.pgrst_scalar from ${from}`;
    if (root.limit !== undefined) inner += ` limit ${root.limit}`;
    if (root.offset !== undefined) inner += ` offset ${root.offset}`;
    const countSql = options.count ? `select pg_catalog.count(*) from ${from}` : null;
    return {
      sql: `select ${countSql ? `(${countSql})::text` : 'null'} as total, pg_catalog.count(_postgrest_t)::int as page_total, ${body} as body from (${inner}) as _postgrest_t`,
      values: params.values,
    };
  }
  const result = routineResult(cache, routine);
  const root = buildNode(ctx, result, ROOT, request.select, '');
  assertNodesUsed(ctx);
  const from = `${argsFrom}${call} as ${ident(ROOT)}`;
  const singular = options.singular || !routine.returnsSet;
  return {
    sql: aggregate(selectSql(root, from), singular, options.count ? countOf(root, from) : null),
    values: params.values,
  };
}

export type MutationOptions = {
  /** Return the affected rows (aggregated with the select list), or only count them. */
  representation: boolean;
  singular: boolean;
};

/** A mutation's SQL: either a bare statement (count from the driver) or one returning rows. */
export type MutationStatement = Statement & { returnsRows: boolean };

function representationContext(
  cache: SchemaCache,
  params: Params,
  request: RequestParams,
): SelectionContext {
  const nodes = new Map(request.nodes);
  nodes.set('', emptyNode());
  return selectionContext(cache, params, nodes);
}

/** Wraps `mutation` (which gets a `returning` clause) into the aggregate over its rows. */
function withRepresentation(
  ctx: SelectionContext,
  relation: Relation,
  request: RequestParams,
  mutation: (returning: string) => string,
  options: MutationOptions,
  upsert: boolean,
): string {
  const refs = new Set<string>();
  const root = buildNode(ctx, relation, ROOT, request.select, '', refs);
  assertNodesUsed(ctx);
  const returned = [...refs].map((c) => `${ident(ROOT)}.${ident(c)}`);
  if (upsert) returned.push(`(${ident(ROOT)}.xmax = 0) as pgrst_inserted`);
  if (returned.length === 0) returned.push('null as pgrst_nothing');
  const source = `with pgrst_source as (${mutation(` returning ${returned.join(', ')}`)}) `;
  const extra = upsert
    ? ', (select pg_catalog.count(*) from pgrst_source where pgrst_inserted)::int as inserted'
    : '';
  return (
    source +
    aggregate(selectSql(root, `pgrst_source as ${ident(ROOT)}`), options.singular, null, extra)
  );
}

function checkPayloadColumns(relation: Relation, columns: string[]) {
  for (const column of columns) {
    if (!relation.columnsByName.has(column)) throw unknownPayloadColumn(relation.name, column);
  }
}

export type InsertOptions = MutationOptions & {
  missingDefault: boolean;
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
};

export function insertStatement(
  cache: SchemaCache,
  relation: Relation,
  rows: Record<string, unknown>[],
  columns: string[],
  request: RequestParams,
  options: InsertOptions,
): MutationStatement {
  checkPayloadColumns(relation, columns);
  const params = new Params();
  const table = qualified(cache.schema, relation.name);
  let values: string;
  if (columns.length === 0) {
    values = `select from generate_series(1, ${rows.length})`;
  } else {
    values = `values ${rows
      .map((row) => {
        const record = `json_populate_record(null::${table}, ${params.add(JSON.stringify(row))}::json)`;
        const cells = columns.map((column) => {
          if (Object.hasOwn(row, column)) return `(${record}).${ident(column)}`;
          return options.missingDefault ? 'default' : 'null';
        });
        return `(${cells.join(', ')})`;
      })
      .join(', ')}`;
  }
  let conflict = '';
  if (options.resolution) {
    const target = request.onConflict ?? relation.primaryKey;
    checkPayloadColumns(relation, target);
    const targetSql = target.length > 0 ? ` (${target.map(ident).join(', ')})` : '';
    const updates = columns.map((c) => `${ident(c)} = excluded.${ident(c)}`);
    conflict =
      options.resolution === 'merge-duplicates' && updates.length > 0
        ? ` on conflict${targetSql} do update set ${updates.join(', ')}`
        : ` on conflict${targetSql} do nothing`;
  }
  const columnList = columns.length > 0 ? ` (${columns.map(ident).join(', ')})` : '';
  const mutation = (returning: string) =>
    `insert into ${table} as ${ident(ROOT)}${columnList} ${values}${conflict}${returning}`;
  if (!options.representation) {
    return { sql: mutation(''), values: params.values, returnsRows: false };
  }
  const ctx = representationContext(cache, params, request);
  const upsert = options.resolution === 'merge-duplicates';
  return {
    sql: withRepresentation(ctx, relation, request, mutation, options, upsert),
    values: params.values,
    returnsRows: true,
  };
}

function whereClause(
  cache: SchemaCache,
  params: Params,
  relation: Relation,
  request: RequestParams,
  verb: 'UPDATE' | 'DELETE',
): string {
  const conditions = request.nodes.get('')?.conditions ?? [];
  if (conditions.length === 0) {
    // Supabase runs PostgREST with pg-safeupdate: a mutation without filters is refused.
    throw new RestError(400, '21000', `${verb} requires a WHERE clause`);
  }
  const ctx = selectionContext(cache, params, new Map());
  return ` where ${conditions.map((c) => renderCondition(ctx, relation, ROOT, c)).join(' and ')}`;
}

export function updateStatement(
  cache: SchemaCache,
  relation: Relation,
  patch: Record<string, unknown>,
  request: RequestParams,
  options: MutationOptions,
): MutationStatement {
  const columns = Object.keys(patch);
  checkPayloadColumns(relation, columns);
  const params = new Params();
  const table = qualified(cache.schema, relation.name);
  const where = whereClause(cache, params, relation, request, 'UPDATE');
  const body = params.add(JSON.stringify(patch));
  const mutation = (returning: string) =>
    `update ${table} as ${ident(ROOT)} set ${columns
      .map((c) => `${ident(c)} = pgrst_body.${ident(c)}`)
      .join(
        ', ',
      )} from (select * from json_populate_record(null::${table}, ${body}::json)) as pgrst_body${where}${returning}`;
  if (!options.representation) {
    return { sql: mutation(''), values: params.values, returnsRows: false };
  }
  const ctx = representationContext(cache, params, request);
  return {
    sql: withRepresentation(ctx, relation, request, mutation, options, false),
    values: params.values,
    returnsRows: true,
  };
}

export function deleteStatement(
  cache: SchemaCache,
  relation: Relation,
  request: RequestParams,
  options: MutationOptions,
): MutationStatement {
  const params = new Params();
  const table = qualified(cache.schema, relation.name);
  const where = whereClause(cache, params, relation, request, 'DELETE');
  const mutation = (returning: string) =>
    `delete from ${table} as ${ident(ROOT)}${where}${returning}`;
  if (!options.representation) {
    return { sql: mutation(''), values: params.values, returnsRows: false };
  }
  const ctx = representationContext(cache, params, request);
  return {
    sql: withRepresentation(ctx, relation, request, mutation, options, false),
    values: params.values,
    returnsRows: true,
  };
}
