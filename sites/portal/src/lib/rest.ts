// Build-time reads from Supabase's REST API (PostgREST) with the public key, as an anonymous
// visitor: the build sees exactly what row-level security lets the public see.
import type { SupabaseConfig } from './supabase-config.ts';

const PAGE_ROWS = 1000;

export class DataReadError extends Error {}

/** Every row of `table` matching `query`, read in pages of 1,000 so no server row cap cuts it. */
export async function readAllRows(
  config: SupabaseConfig,
  table: string,
  query: Record<string, string>,
): Promise<unknown[]> {
  const rows: unknown[] = [];
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = await readRows(config, table, {
      ...query,
      limit: String(PAGE_ROWS),
      offset: String(offset),
    });
    rows.push(...page);
    if (page.length < PAGE_ROWS) return rows;
  }
}

async function readRows(
  config: SupabaseConfig,
  table: string,
  query: Record<string, string>,
): Promise<unknown[]> {
  const url = `${config.url}/rest/v1/${table}?${new URLSearchParams(query)}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: {
        apikey: config.key,
        Authorization: `Bearer ${config.key}`,
        Accept: 'application/json',
        'Accept-Profile': 'public',
      },
      signal: AbortSignal.timeout(60_000),
    });
  } catch (error) {
    throw new DataReadError(
      `Não foi possível ler ${table} em ${config.url}: ${(error as Error).message}`,
    );
  }
  const body = await response.text();
  if (!response.ok) {
    throw new DataReadError(
      `Leitura de ${table} falhou (HTTP ${response.status}): ${body.slice(0, 300)}`,
    );
  }
  let rows: unknown;
  try {
    rows = JSON.parse(body);
  } catch {
    throw new DataReadError(`Leitura de ${table} não devolveu JSON.`);
  }
  if (!Array.isArray(rows)) throw new DataReadError(`Leitura de ${table} não devolveu uma lista.`);
  return rows;
}
