// `/rest/v1`: PostgREST's HTTP behaviour over the statements in statements.ts — routing,
// statuses, Content-Range, singular responses (rolled back when not exactly one row), and
// PostgreSQL errors mapped to PostgREST's codes.
import { HOSTED_API_MAX_ROWS } from '@guia-fortim/db/api-config';
import { type Context, Hono } from 'hono';
import { checkApiKey } from '../api-keys.ts';
import type { Database, Sql } from '../database.ts';
import type { ProjectKeys } from '../keys.ts';
import type { TokenService } from '../tokens.ts';
import { type Caller, restCaller } from './caller.ts';
import {
  bodyError,
  fromPostgresError,
  isPostgresError,
  RestError,
  serverFailure,
  singularError,
  unknownTable,
} from './errors.ts';
import {
  checkProfile,
  OBJECT_MEDIA_TYPE,
  type Preferences,
  readPreferences,
  wantsSingular,
} from './negotiation.ts';
import { openApiDocument } from './openapi.ts';
import { capRows, type RequestParams, readRequestParams } from './request-params.ts';
import { inRequestTransaction } from './request-transaction.ts';
import type { Relation, Routine, SchemaCache } from './schema-cache.ts';
import type { SchemaHolder } from './schema-holder.ts';
import {
  type AggregateRow,
  callStatement,
  deleteStatement,
  insertStatement,
  type MutationStatement,
  readStatement,
  updateStatement,
} from './statements.ts';

export type RestDeps = {
  db: Database;
  schema: SchemaHolder;
  keys: ProjectKeys;
  tokens: TokenService;
};

type Reply = { status: number; body: string | null; headers: Record<string, string> };

const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = `${OBJECT_MEDIA_TYPE}; charset=utf-8`;

class Rollback extends Error {
  readonly error: RestError;
  constructor(error: RestError) {
    super(error.message);
    this.error = error;
  }
}

export function restRoutes(deps: RestDeps): Hono {
  const app = new Hono();
  app.all('/*', async (c) => {
    const keyRole = checkApiKey(c, deps.keys);
    if (keyRole instanceof Response) return keyRole;
    let caller: Caller = { role: keyRole, claims: { role: keyRole } };
    try {
      caller = await restCaller(c.req.header('authorization'), keyRole, deps.keys, deps.tokens);
      const reply = await handle(c, deps, caller);
      return send(c, reply);
    } catch (error) {
      return send(c, errorReply(error, caller));
    }
  });
  return app;
}

function send(c: Context, reply: Reply): Response {
  const body = c.req.method === 'HEAD' ? null : reply.body;
  return new Response(body, { status: reply.status, headers: reply.headers });
}

function errorReply(error: unknown, caller: Caller): Reply {
  let restError: RestError;
  if (error instanceof Rollback) restError = error.error;
  else if (error instanceof RestError) restError = error;
  else {
    restError = isPostgresError(error)
      ? fromPostgresError(error, caller.role === 'anon')
      : serverFailure();
    if (restError.status >= 500) console.error('[db/local] falha do servidor em /rest/v1:', error);
  }
  return {
    status: restError.status,
    body: JSON.stringify(restError.body),
    headers: { 'Content-Type': JSON_TYPE, ...restError.headers },
  };
}

async function handle(c: Context, deps: RestDeps, caller: Caller): Promise<Reply> {
  const method = c.req.method;
  const readOnly = method === 'GET' || method === 'HEAD';
  checkProfile(c.req.header(readOnly ? 'accept-profile' : 'content-profile'));
  const url = new URL(c.req.url);
  const path = decodePath(url.pathname.replace(/^\/rest\/v1/, '')).replace(/\/+$/, '');
  const segments = path.split('/').filter((s) => s !== '');
  const singular = wantsSingular(c.req.header('accept'));
  const prefer = readPreferences(c.req.header('prefer'));
  const info = {
    method,
    path: url.pathname,
    headers: c.req.header(),
    readOnly,
  };
  const run = <T>(work: (tx: Sql) => Promise<T>) =>
    inRequestTransaction(deps.db, caller, info, work);

  if (segments.length === 0) {
    if (!readOnly) throw unsupportedMethod(method);
    const cache = await deps.schema.get();
    return {
      status: 200,
      body: JSON.stringify(openApiDocument(cache, url.host)),
      headers: { 'Content-Type': 'application/openapi+json; charset=utf-8' },
    };
  }
  if (segments[0] === 'rpc' && segments.length === 2) {
    const name = segments[1] as string;
    const cache = await deps.schema.lookup((s) => s.routines.has(name));
    return callRoutine(c, cache, name, url.searchParams, prefer, singular, run);
  }
  if (segments.length !== 1) throw unknownTable('public', path.slice(1));
  const name = segments[0] as string;
  const cache = await deps.schema.lookup((s) => s.relations.has(name));
  const relation = cache.relations.get(name);
  if (!relation) throw unknownTable(cache.schema, name);

  const request = readRequestParams(url.searchParams);
  if (readOnly) {
    capRows(request, HOSTED_API_MAX_ROWS);
    const count = prefer.count !== undefined;
    const statement = readStatement(cache, relation, request, { count, singular });
    const row = await run(async (tx) => firstRow(await tx.query(statement.sql, statement.values)));
    return readReply(row, request, prefer, singular);
  }
  if (method === 'POST') {
    return insertReply(cache, relation, await readBody(c, false), request, prefer, singular, run);
  }
  if (method === 'PATCH') {
    const patch = await readBody(c, false);
    if (Array.isArray(patch) || patch === null || typeof patch !== 'object') {
      throw bodyError('The PATCH body must be a JSON object');
    }
    const representation = prefer.return === 'representation';
    if (Object.keys(patch).length === 0) {
      return mutationReply(0, representation ? '[]' : null, prefer, singular, 'PATCH');
    }
    const statement = updateStatement(cache, relation, patch as Record<string, unknown>, request, {
      representation,
      singular,
    });
    return runMutation(statement, prefer, singular, run, 'PATCH');
  }
  if (method === 'DELETE') {
    const statement = deleteStatement(cache, relation, request, {
      representation: prefer.return === 'representation',
      singular,
    });
    return runMutation(statement, prefer, singular, run, 'DELETE');
  }
  throw unsupportedMethod(method);
}

function decodePath(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw unknownTable('public', raw.replace(/^\//, ''));
  }
}

function unsupportedMethod(method: string) {
  return new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
}

function firstRow(result: { rows: AggregateRow[] }): AggregateRow {
  const [row] = result.rows;
  if (!row) throw new Error('aggregate query returned no row');
  return row;
}

async function readBody(c: Context, emptyAsObject: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (emptyAsObject) return {};
    throw bodyError('Empty or invalid json');
  }
  try {
    return JSON.parse(text);
  } catch {
    throw bodyError('Empty or invalid json');
  }
}

function contentRange(offset: number, rows: number, total: number | null): string {
  const range = rows === 0 || total === 0 ? '*' : `${offset}-${offset + rows - 1}`;
  return `${range}/${total ?? '*'}`;
}

function readReply(
  row: AggregateRow,
  request: RequestParams,
  prefer: Preferences,
  singular: boolean,
): Reply {
  const total = row.total === null ? null : Number(row.total);
  const offset = request.nodes.get('')?.offset ?? 0;
  if (total !== null && offset > total) {
    throw new RestError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${total} rows.`,
    );
  }
  if (singular && row.page_total !== 1) throw singularError(row.page_total);
  const headers: Record<string, string> = {
    'Content-Type': singular ? OBJECT_TYPE : JSON_TYPE,
    'Content-Range': contentRange(offset, row.page_total, total),
  };
  if (prefer.applied.length > 0) headers['Preference-Applied'] = prefer.applied.join(', ');
  const status = total !== null && row.page_total < total && !singular ? 206 : 200;
  return { status, body: row.body, headers };
}

async function callRoutine(
  c: Context,
  cache: SchemaCache,
  name: string,
  search: URLSearchParams,
  prefer: Preferences,
  singular: boolean,
  run: <T>(work: (tx: Sql) => Promise<T>) => Promise<T>,
): Promise<Reply> {
  const overloads = cache.routines.get(name) ?? [];
  const method = c.req.method;
  let args: Record<string, unknown>;
  let request: RequestParams;
  if (method === 'GET' || method === 'HEAD') {
    const argNames = new Set(overloads.flatMap((r) => r.args.map((a) => a.name)));
    request = readRequestParams(search, argNames);
    args = Object.fromEntries(request.args);
  } else if (method === 'POST') {
    const body = await readBody(c, true);
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw bodyError('The RPC body must be a JSON object of arguments');
    }
    args = body as Record<string, unknown>;
    request = readRequestParams(search);
  } else throw unsupportedMethod(method);

  const routine = chooseOverload(cache, name, overloads, Object.keys(args));
  if (routine.returnsSet) capRows(request, HOSTED_API_MAX_ROWS);
  const statement = callStatement(cache, routine, args, request, {
    count: prefer.count !== undefined,
    singular,
  });
  const row = await run(async (tx) => {
    const result = firstRow(await tx.query(statement.sql, statement.values));
    if (singular && routine.returnsSet && result.page_total !== 1) {
      throw new Rollback(singularError(result.page_total));
    }
    return result;
  });
  if (routine.returnsVoid) return { status: 204, body: null, headers: {} };
  if (!routine.returnsSet) {
    return {
      status: 200,
      body: row.body,
      headers: {
        'Content-Type': singular ? OBJECT_TYPE : JSON_TYPE,
        'Content-Range': contentRange(
          0,
          row.page_total,
          row.total === null ? null : Number(row.total),
        ),
      },
    };
  }
  return readReply(row, request, prefer, singular);
}

function chooseOverload(
  cache: SchemaCache,
  name: string,
  overloads: Routine[],
  keys: string[],
): Routine {
  const given = new Set(keys);
  const matches = overloads.filter((routine) => {
    const names = new Set(routine.args.map((a) => a.name));
    return (
      keys.every((k) => names.has(k)) &&
      routine.args.every((a) => a.hasDefault || given.has(a.name))
    );
  });
  const [first] = matches;
  if (!first) {
    const signature = [...keys].sort().join(', ');
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function ${cache.schema}.${name}${keys.length > 0 ? `(${signature})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${cache.schema}.${name}${keys.length > 0 ? ` with parameters ${signature}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  if (matches.length > 1) {
    throw new RestError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${matches
        .map(
          (r) =>
            `${cache.schema}.${name}(${r.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`,
        )
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  }
  return first;
}

async function insertReply(
  cache: SchemaCache,
  relation: Relation,
  body: unknown,
  request: RequestParams,
  prefer: Preferences,
  singular: boolean,
  run: <T>(work: (tx: Sql) => Promise<T>) => Promise<T>,
): Promise<Reply> {
  const isArray = Array.isArray(body);
  const rows = (isArray ? body : [body]) as unknown[];
  if (!rows.every((r) => r !== null && typeof r === 'object' && !Array.isArray(r))) {
    throw bodyError('The body must be a JSON object or an array of objects');
  }
  const objects = rows as Record<string, unknown>[];
  let columns: string[];
  if (request.columns) columns = request.columns;
  else {
    columns = Object.keys(objects[0] ?? {});
    const expected = [...columns].sort().join('\u0000');
    if (objects.some((o) => Object.keys(o).sort().join('\u0000') !== expected)) {
      throw bodyError('All object keys must match');
    }
  }
  const representation = prefer.return === 'representation';
  if (objects.length === 0) {
    if (singular) throw singularError(0);
    return mutationReply(0, representation ? '[]' : null, prefer, singular, 'POST');
  }
  const statement = insertStatement(cache, relation, objects, columns, request, {
    representation,
    singular,
    missingDefault: prefer.missing === 'default',
    resolution: prefer.resolution,
  });
  return runMutation(statement, prefer, singular, run, 'POST');
}

async function runMutation(
  statement: MutationStatement,
  prefer: Preferences,
  singular: boolean,
  run: <T>(work: (tx: Sql) => Promise<T>) => Promise<T>,
  verb: 'POST' | 'PATCH' | 'DELETE',
): Promise<Reply> {
  const outcome = await run(async (tx) => {
    const result = await tx.query<AggregateRow>(statement.sql, statement.values);
    const row = statement.returnsRows ? firstRow(result) : undefined;
    const affected = row ? row.page_total : (result.affectedRows ?? 0);
    if (singular && affected !== 1) throw new Rollback(singularError(affected));
    return { affected, body: row?.body ?? null, inserted: row?.inserted ?? null };
  });
  const reply = mutationReply(outcome.affected, outcome.body, prefer, singular, verb);
  if (
    verb === 'POST' &&
    prefer.resolution === 'merge-duplicates' &&
    outcome.inserted === 0 &&
    statement.returnsRows
  ) {
    reply.status = 200;
  }
  return reply;
}

function mutationReply(
  affected: number,
  body: string | null,
  prefer: Preferences,
  singular: boolean,
  verb: 'POST' | 'PATCH' | 'DELETE',
): Reply {
  const total = prefer.count !== undefined ? affected : null;
  const headers: Record<string, string> = {
    'Content-Range': verb === 'PATCH' ? contentRange(0, affected, total) : `*/${total ?? '*'}`,
  };
  if (prefer.applied.length > 0) headers['Preference-Applied'] = prefer.applied.join(', ');
  if (body !== null) {
    headers['Content-Type'] = singular ? OBJECT_TYPE : JSON_TYPE;
    return { status: verb === 'POST' ? 201 : 200, body, headers };
  }
  return { status: verb === 'POST' ? 201 : 204, body: null, headers };
}
