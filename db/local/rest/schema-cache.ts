// What PostgREST calls its schema cache: the tables, views, columns, keys, foreign keys and
// functions of the exposed schema, read from the catalog in one query. Every identifier in a
// request is checked against it before it is quoted into SQL.
import type { Sql } from '../database.ts';

export const EXPOSED_SCHEMA = 'public';

export type Column = {
  name: string;
  /** `format_type` without modifiers, e.g. `text`, `bigint`, `timestamp with time zone`, `text[]`. */
  type: string;
  typeCategory: string;
  isArray: boolean;
  notNull: boolean;
  default: string | null;
  description: string | null;
  enumValues: string[] | null;
};

export type Relation = {
  name: string;
  kind: 'table' | 'view';
  description: string | null;
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: string[];
  insertable: boolean;
  updatable: boolean;
  deletable: boolean;
};

export type ForeignKey = {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
};

export type RoutineArg = { name: string; type: string; hasDefault: boolean; variadic: boolean };

export type Routine = {
  name: string;
  args: RoutineArg[];
  returnType: string;
  returnsSet: boolean;
  returnsVoid: boolean;
  /** Columns of the result rows, or null when the function returns a scalar (or void). */
  returnColumns: { name: string; type: string }[] | null;
  volatility: 'i' | 's' | 'v';
  description: string | null;
};

export type SchemaCache = {
  schema: string;
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  routines: Map<string, Routine[]>;
};

type RawColumn = {
  table: string;
  name: string;
  type: string;
  category: string;
  not_null: boolean;
  default: string | null;
  description: string | null;
  enum_values: string[] | null;
};

type RawRoutine = {
  name: string;
  args: { name: string; type: string; mode: string }[] | null;
  n_defaults: number;
  return_type: string;
  returns_set: boolean;
  returns_void: boolean;
  return_relation_columns: { name: string; type: string }[] | null;
  volatility: 'i' | 's' | 'v';
  description: string | null;
};

type RawCatalog = {
  relations: {
    name: string;
    kind: string;
    description: string | null;
    updatable_mask: number;
  }[];
  columns: RawColumn[] | null;
  constraints:
    | {
        name: string;
        type: 'p' | 'f';
        table: string;
        columns: string[];
        ref_table: string | null;
        ref_columns: string[] | null;
      }[]
    | null;
  routines: RawRoutine[] | null;
};

const CATALOG_QUERY = `
with rels as (
  select c.oid, c.relname, c.relkind
  from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f')
)
select json_build_object(
  'relations', (
    select coalesce(json_agg(json_build_object(
      'name', r.relname,
      'kind', r.relkind,
      'description', pg_catalog.obj_description(r.oid, 'pg_class'),
      'updatable_mask', case when r.relkind in ('r', 'p') then 28
        else pg_catalog.pg_relation_is_updatable(r.oid::regclass, true) end
    ) order by r.relname), '[]') from rels r
  ),
  'columns', (
    select json_agg(json_build_object(
      'table', r.relname,
      'name', a.attname,
      'type', pg_catalog.format_type(a.atttypid, null),
      'category', t.typcategory,
      'not_null', a.attnotnull,
      'default', pg_catalog.pg_get_expr(d.adbin, d.adrelid),
      'description', pg_catalog.col_description(r.oid, a.attnum),
      'enum_values', (
        select json_agg(e.enumlabel order by e.enumsortorder)
        from pg_catalog.pg_enum e where e.enumtypid = a.atttypid
      )
    ) order by r.relname, a.attnum)
    from rels r
    join pg_catalog.pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
    join pg_catalog.pg_type t on t.oid = a.atttypid
    left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  ),
  'constraints', (
    select json_agg(json_build_object(
      'name', con.conname,
      'type', con.contype,
      'table', r.relname,
      'columns', (
        select json_agg(a.attname order by k.ord)
        from unnest(con.conkey) with ordinality k(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
      ),
      'ref_table', fr.relname,
      'ref_columns', (
        select json_agg(a.attname order by k.ord)
        from unnest(con.confkey) with ordinality k(attnum, ord)
        join pg_catalog.pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum
      )
    ) order by con.conname)
    from pg_catalog.pg_constraint con
    join rels r on r.oid = con.conrelid
    left join rels fr on fr.oid = con.confrelid
    where con.contype = 'p' or (con.contype = 'f' and fr.oid is not null)
  ),
  'routines', (
    select json_agg(json_build_object(
      'name', p.proname,
      'args', (
        select json_agg(json_build_object(
          'name', coalesce(p.proargnames[k.ord], ''),
          'type', pg_catalog.format_type(k.type_oid, null),
          'mode', coalesce(p.proargmodes[k.ord], 'i')
        ) order by k.ord)
        from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality k(type_oid, ord)
      ),
      'n_defaults', p.pronargdefaults,
      'return_type', pg_catalog.format_type(p.prorettype, null),
      'returns_set', p.proretset,
      'returns_void', p.prorettype = 'pg_catalog.void'::regtype,
      'return_relation_columns', (
        select json_agg(json_build_object(
          'name', a.attname, 'type', pg_catalog.format_type(a.atttypid, null)
        ) order by a.attnum)
        from pg_catalog.pg_type rt
        join pg_catalog.pg_attribute a on a.attrelid = rt.typrelid and a.attnum > 0
          and not a.attisdropped
        where rt.oid = p.prorettype and rt.typrelid <> 0
      ),
      'volatility', p.provolatile,
      'description', pg_catalog.obj_description(p.oid, 'pg_proc')
    ) order by p.proname, p.oid)
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = $1 and p.prokind = 'f'
      and p.prorettype not in ('pg_catalog.trigger'::regtype, 'pg_catalog.event_trigger'::regtype)
      and not exists (
        select 1 from pg_catalog.pg_depend dep
        where dep.objid = p.oid and dep.deptype = 'e'
      )
  )
)::text as catalog`;

export async function loadSchemaCache(sql: Sql, schema = EXPOSED_SCHEMA): Promise<SchemaCache> {
  const { rows } = await sql.query<{ catalog: string }>(CATALOG_QUERY, [schema]);
  const raw = JSON.parse(rows[0]?.catalog ?? '{}') as RawCatalog;

  const relations = new Map<string, Relation>();
  for (const r of raw.relations) {
    const isTable = r.kind === 'r' || r.kind === 'p';
    relations.set(r.name, {
      name: r.name,
      kind: isTable ? 'table' : 'view',
      description: r.description,
      columns: [],
      columnsByName: new Map(),
      primaryKey: [],
      insertable: (r.updatable_mask & 8) === 8,
      updatable: (r.updatable_mask & 4) === 4,
      deletable: (r.updatable_mask & 16) === 16,
    });
  }
  for (const c of raw.columns ?? []) {
    const relation = relations.get(c.table);
    if (!relation) continue;
    const column: Column = {
      name: c.name,
      type: c.type,
      typeCategory: c.category,
      isArray: c.category === 'A',
      notNull: c.not_null,
      default: c.default,
      description: c.description,
      enumValues: c.enum_values,
    };
    relation.columns.push(column);
    relation.columnsByName.set(c.name, column);
  }
  const foreignKeys: ForeignKey[] = [];
  for (const con of raw.constraints ?? []) {
    if (con.type === 'p') {
      const relation = relations.get(con.table);
      if (relation) relation.primaryKey = con.columns;
    } else if (con.ref_table && con.ref_columns) {
      foreignKeys.push({
        name: con.name,
        table: con.table,
        columns: con.columns,
        refTable: con.ref_table,
        refColumns: con.ref_columns,
      });
    }
  }

  const routines = new Map<string, Routine[]>();
  for (const p of raw.routines ?? []) {
    const all = p.args ?? [];
    const inputs = all.filter((a) => a.mode === 'i' || a.mode === 'b' || a.mode === 'v');
    const outputs = all.filter((a) => a.mode === 'o' || a.mode === 'b' || a.mode === 't');
    const firstDefault = inputs.length - p.n_defaults;
    const routine: Routine = {
      name: p.name,
      args: inputs.map((a, i) => ({
        name: a.name,
        type: a.type,
        hasDefault: i >= firstDefault,
        variadic: a.mode === 'v',
      })),
      returnType: p.return_type,
      returnsSet: p.returns_set,
      returnsVoid: p.returns_void,
      returnColumns:
        p.return_relation_columns ??
        (p.return_type === 'record' ? outputs.map((a) => ({ name: a.name, type: a.type })) : null),
      volatility: p.volatility,
      description: p.description,
    };
    const list = routines.get(p.name) ?? [];
    list.push(routine);
    routines.set(p.name, list);
  }

  return { schema, relations, foreignKeys, routines };
}
