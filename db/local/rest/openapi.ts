// The OpenAPI 2.0 document PostgREST serves at `GET /` (`Response/OpenAPI.hs`), which
// ra-supabase's guessers read: definitions with types, formats, required columns and the
// primary/foreign key notes, paths per table and function, and the shared parameters.
import type { Column, Relation, Routine, SchemaCache } from './schema-cache.ts';

type Json = Record<string, unknown>;

const MEDIA_TYPES = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
];

function swaggerType(type: string): string | undefined {
  if (type.endsWith('[]')) return 'array';
  switch (type) {
    case 'character varying':
    case 'character':
    case 'text':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'smallint':
    case 'integer':
    case 'bigint':
      return 'integer';
    case 'numeric':
    case 'real':
    case 'double precision':
      return 'number';
    case 'json':
    case 'jsonb':
      return undefined;
    default:
      return 'string';
  }
}

function property(cache: SchemaCache, relation: Relation, column: Column): Json {
  const notes: string[] = [];
  if (relation.primaryKey.includes(column.name)) notes.push('This is a Primary Key.<pk/>');
  const fk = cache.foreignKeys.find(
    (k) => k.table === relation.name && k.columns.length === 1 && k.columns[0] === column.name,
  );
  if (fk) {
    const ref = fk.refColumns[0];
    notes.push(
      `This is a Foreign Key to \`${fk.refTable}.${ref}\`.<fk table='${fk.refTable}' column='${ref}'/>`,
    );
  }
  const description = [column.description, notes.length > 0 ? `Note:\n${notes.join('\n')}` : null]
    .filter((part): part is string => part !== null && part !== '')
    .join('\n\n');
  const result: Json = {};
  if (column.default !== null) result.default = column.default;
  if (description !== '') result.description = description;
  if (column.enumValues) result.enum = column.enumValues;
  result.format = column.type;
  const type = swaggerType(column.type);
  if (type === 'array') {
    const itemType = swaggerType(column.type.slice(0, -2));
    result.items = itemType ? { type: itemType } : {};
  }
  if (type) result.type = type;
  return result;
}

function definition(cache: SchemaCache, relation: Relation): Json {
  const required = relation.columns
    .filter((c) => c.notNull && c.default === null)
    .map((c) => c.name);
  const result: Json = {};
  if (relation.description) result.description = relation.description;
  if (required.length > 0) result.required = required;
  result.properties = Object.fromEntries(
    relation.columns.map((c) => [c.name, property(cache, relation, c)]),
  );
  result.type = 'object';
  return result;
}

function tablePaths(relation: Relation): Json {
  const name = relation.name;
  const filters = relation.columns.map((c) => ({
    $ref: `#/parameters/rowFilter.${name}.${c.name}`,
  }));
  const summary = relation.description ? { summary: relation.description } : {};
  const paths: Json = {
    get: {
      parameters: [
        ...filters,
        { $ref: '#/parameters/select' },
        { $ref: '#/parameters/order' },
        { $ref: '#/parameters/range' },
        { $ref: '#/parameters/rangeUnit' },
        { $ref: '#/parameters/offset' },
        { $ref: '#/parameters/limit' },
        { $ref: '#/parameters/preferCount' },
      ],
      responses: {
        200: {
          description: 'OK',
          schema: { items: { $ref: `#/definitions/${name}` }, type: 'array' },
        },
        206: { description: 'Partial Content' },
      },
      ...summary,
      tags: [name],
    },
  };
  if (relation.insertable) {
    paths.post = {
      parameters: [
        { $ref: `#/parameters/body.${name}` },
        { $ref: '#/parameters/select' },
        { $ref: '#/parameters/preferPost' },
      ],
      responses: { 201: { description: 'Created' } },
      ...summary,
      tags: [name],
    };
  }
  if (relation.deletable) {
    paths.delete = {
      parameters: [...filters, { $ref: '#/parameters/preferReturn' }],
      responses: { 204: { description: 'No Content' } },
      ...summary,
      tags: [name],
    };
  }
  if (relation.updatable) {
    paths.patch = {
      parameters: [
        ...filters,
        { $ref: `#/parameters/body.${name}` },
        { $ref: '#/parameters/preferReturn' },
      ],
      responses: { 204: { description: 'No Content' } },
      ...summary,
      tags: [name],
    };
  }
  return paths;
}

function routinePaths(routine: Routine): Json {
  const properties = Object.fromEntries(
    routine.args.map((a) => {
      const type = swaggerType(a.type);
      return [a.name, { format: a.type, ...(type ? { type } : {}) }];
    }),
  );
  const required = routine.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const summary = routine.description ? { summary: routine.description } : {};
  const tags = [`(rpc) ${routine.name}`];
  const paths: Json = {
    post: {
      parameters: [
        {
          in: 'body',
          name: 'args',
          required: true,
          schema: { ...(required.length > 0 ? { required } : {}), properties, type: 'object' },
        },
        { $ref: '#/parameters/preferParams' },
      ],
      produces: [
        'application/json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.object+json',
      ],
      responses: { 200: { description: 'OK' } },
      ...summary,
      tags,
    },
  };
  if (routine.volatility !== 'v') {
    paths.get = {
      parameters: routine.args.map((a) => {
        const type = swaggerType(a.type);
        return {
          format: a.type,
          in: 'query',
          name: a.name,
          required: !a.hasDefault,
          type: type === undefined || type === 'array' ? 'string' : type,
        };
      }),
      produces: [
        'application/json',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'application/vnd.pgrst.object+json',
      ],
      responses: { 200: { description: 'OK' } },
      ...summary,
      tags,
    };
  }
  return paths;
}

const SHARED_PARAMETERS: Json = {
  preferParams: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['params=single-object'],
    in: 'header',
    type: 'string',
  },
  preferReturn: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['return=representation', 'return=minimal', 'return=none'],
    in: 'header',
    type: 'string',
  },
  preferCount: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: ['count=none'],
    in: 'header',
    type: 'string',
  },
  preferPost: {
    name: 'Prefer',
    description: 'Preference',
    required: false,
    enum: [
      'return=representation',
      'return=minimal',
      'return=none',
      'resolution=ignore-duplicates',
      'resolution=merge-duplicates',
    ],
    in: 'header',
    type: 'string',
  },
  select: {
    name: 'select',
    description: 'Filtering Columns',
    required: false,
    in: 'query',
    type: 'string',
  },
  on_conflict: {
    name: 'on_conflict',
    description: 'On Conflict',
    required: false,
    in: 'query',
    type: 'string',
  },
  order: { name: 'order', description: 'Ordering', required: false, in: 'query', type: 'string' },
  range: {
    name: 'Range',
    description: 'Limiting and Pagination',
    required: false,
    in: 'header',
    type: 'string',
  },
  rangeUnit: {
    name: 'Range-Unit',
    description: 'Limiting and Pagination',
    required: false,
    default: 'items',
    in: 'header',
    type: 'string',
  },
  offset: {
    name: 'offset',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
  limit: {
    name: 'limit',
    description: 'Limiting and Pagination',
    required: false,
    in: 'query',
    type: 'string',
  },
};

export function openApiDocument(cache: SchemaCache, host: string): Json {
  const relations = [...cache.relations.values()];
  const paths: Json = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  for (const relation of relations) paths[`/${relation.name}`] = tablePaths(relation);
  for (const [name, overloads] of cache.routines) {
    const [first] = overloads;
    if (first) paths[`/rpc/${name}`] = routinePaths(first);
  }
  const parameters: Json = { ...SHARED_PARAMETERS };
  for (const relation of relations) {
    parameters[`body.${relation.name}`] = {
      name: relation.name,
      description: relation.name,
      required: false,
      in: 'body',
      schema: { $ref: `#/definitions/${relation.name}` },
    };
  }
  for (const relation of relations) {
    for (const column of relation.columns) {
      parameters[`rowFilter.${relation.name}.${column.name}`] = {
        name: column.name,
        required: false,
        format: column.type,
        in: 'query',
        type: 'string',
      };
    }
  }
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '12.2.3 (db/local)' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: MEDIA_TYPES,
    produces: MEDIA_TYPES,
    paths,
    definitions: Object.fromEntries(relations.map((r) => [r.name, definition(cache, r)])),
    parameters,
    externalDocs: {
      description: 'PostgREST Documentation',
      url: 'https://postgrest.org/en/v12/api.html',
    },
  };
}
