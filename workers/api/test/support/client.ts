// What every test file uses: the suite's stack (global-setup.ts), HTTP calls to the worker,
// accounts, and reads of the database with the service role to prove what changed (or did not).
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { expect, inject } from 'vitest';
import { localR2Keys, localR2ObjectCount } from './r2.ts';
import { type Session, signIn, signUp } from './stack.ts';

export const stack = inject('stack');

// biome-ignore lint/suspicious/noExplicitAny: replies are inspected field by field in assertions
type Loose = any;

export type Reply<T = Loose> = { status: number; body: T; headers: Headers };

export type CallOptions = {
  token?: string | null;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
};

export async function api<T = Loose>(
  method: string,
  path: string,
  options: CallOptions = {},
  baseUrl = stack.apiUrl,
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

/**
 * A call that must answer `status`: its body. A different status fails the test naming the call,
 * with the reply's body (what the worker said went wrong) in the failure message.
 */
export async function expectCall<T = Loose>(
  status: number,
  method: string,
  path: string,
  options: CallOptions = {},
  baseUrl = stack.apiUrl,
): Promise<T> {
  return (await expectReply<T>(status, method, path, options, baseUrl)).body;
}

/** As expectCall, the whole reply: its headers carry the request's id (X-Request-Id). */
export async function expectReply<T = Loose>(
  status: number,
  method: string,
  path: string,
  options: CallOptions = {},
  baseUrl = stack.apiUrl,
): Promise<Reply<T>> {
  const reply = await api<T>(method, path, options, baseUrl);
  const call = `${method} ${path}`;
  expect({ call, status: reply.status }, JSON.stringify(reply.body)).toEqual({ call, status });
  return reply;
}

/** The id the worker gave a request (its log lines carry it). */
export const requestIdOf = (reply: Reply): string => reply.headers.get('x-request-id') as string;

/** One JSON line of a worker's log (log.ts): level, message, the request's id and its data. */
export type LogLine = { level: string; message: string; requestId?: string } & Record<
  string,
  unknown
>;

/**
 * The JSON lines of a worker's output. wrangler prints them between colour codes: the JSON is
 * from the line's level to its last brace.
 */
export function logLines(output: string): LogLine[] {
  return output.split('\n').flatMap((line): LogLine[] => {
    const start = line.indexOf('{"level"');
    if (start < 0) return [];
    try {
      return [JSON.parse(line.slice(start, line.lastIndexOf('}') + 1)) as LogLine];
    } catch {
      return [];
    }
  });
}

// What this test file has read of the suite's worker's log so far.
const logRead = { bytes: 0, partial: Buffer.alloc(0), lines: [] as LogLine[] };

/**
 * The suite's worker's JSON log lines so far (global-setup.ts writes them down as they arrive,
 * each stream in its order).
 */
export function workerLog(): LogLine[] {
  let fd: number;
  try {
    fd = openSync(stack.logFile, 'r');
  } catch {
    return logRead.lines; // nothing logged yet
  }
  try {
    const size = fstatSync(fd).size;
    if (size > logRead.bytes) {
      const fresh = Buffer.alloc(size - logRead.bytes);
      readSync(fd, fresh, 0, fresh.length, logRead.bytes);
      logRead.bytes = size;
      // Whole lines only: a line still being written is read with the next call.
      const read = Buffer.concat([logRead.partial, fresh]);
      const end = read.lastIndexOf(0x0a) + 1;
      logRead.partial = read.subarray(end);
      logRead.lines.push(...logLines(read.subarray(0, end).toString('utf8')));
    }
  } finally {
    closeSync(fd);
  }
  return logRead.lines;
}

let adminSession: Promise<Session> | undefined;

/** The suite's administrator (the first account, made admin in global-setup.ts). */
export function admin(): Promise<Session> {
  adminSession ??= signIn(
    stack.supabaseUrl,
    stack.publishableKey,
    stack.admin.email,
    stack.admin.password,
  );
  return adminSession;
}

let counter = 0;

/** A new signed-up account with the 'user' role. */
export function newUser(label = 'usuario'): Promise<Session> {
  counter += 1;
  const email = `${label}-${Date.now()}-${counter}-${Math.random().toString(36).slice(2, 8)}@testes.local`;
  return signUp(stack.supabaseUrl, stack.publishableKey, email, 'senha-teste-123');
}

/** A new account made administrator by the suite's admin through the worker. */
export async function newAdmin(): Promise<Session> {
  const user = await newUser('admin');
  const { token } = await admin();
  const reply = await api('POST', '/api/admin/grant', { token, json: { email: user.email } });
  if (reply.status !== 200) throw new Error(`grant: ${reply.status} ${JSON.stringify(reply.body)}`);
  return user;
}

/** A new account made moderator by the suite's admin through the worker. */
export async function newModerator(): Promise<Session> {
  const user = await newUser('moderador');
  const { token } = await admin();
  const reply = await api('PUT', `/api/users/${user.id}/role`, {
    token,
    json: { role: 'moderator' },
  });
  if (reply.status !== 200) throw new Error(`role: ${reply.status} ${JSON.stringify(reply.body)}`);
  return user;
}

/** Rows of a table as the service role sees them (row-level security bypassed). */
export async function rows<T = Loose>(table: string, query = ''): Promise<T[]> {
  const response = await fetch(`${stack.supabaseUrl}/rest/v1/${table}?${query}`, {
    headers: { apikey: stack.secretKey },
  });
  if (!response.ok) throw new Error(`${table}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T[];
}

/** The trash item holding a deleted row (undefined while the row is not in the trash). */
export async function trashItem<T = Loose>(table: string, rowId: string): Promise<T | undefined> {
  const [item] = await rows<T>('trash', `table_name=eq.${table}&row_id=eq.${rowId}`);
  return item;
}

/** The history of one row, oldest first. */
export function historyOf<T = Loose>(table: string, rowId: string): Promise<T[]> {
  return rows<T>('audit_log', `table_name=eq.${table}&row_id=eq.${rowId}&order=id.asc`);
}

export const TABLES = [
  'hospedagens',
  'comercios',
  'passeios',
  'categories',
  'carousel_slides',
  'site_settings',
  'user_roles',
  'trash',
  'audit_log',
] as const;

/** Everything the worker can change, in a stable order, to compare before and after. */
export async function snapshot(): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    TABLES.map(async (table) => {
      const order = table === 'site_settings' ? 'setting_key' : 'id';
      return [table, await rows(table, `order=${order}.asc`)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

export const PORTUGUESE_401 = 'Sessão inválida ou expirada. Entre novamente.';
export const PORTUGUESE_403 = 'Apenas administradores podem realizar esta operação.';

/** Objects in the suite's local R2 bucket. */
export const r2ObjectCount = (): number => localR2ObjectCount(stack.persistTo);

/** The keys in a worker's local R2 bucket (by default the suite's). */
export const r2Keys = (persistTo = stack.persistTo): string[] => localR2Keys(persistTo);
