// The hosted project's Data API (PostgREST) settings the product relies on, as the dashboard's
// API settings name them: "Max rows" caps every read, whatever range it asks (PostgREST's
// db-max-rows, "a hard limit to the number of rows PostgREST will fetch from a view, table, or
// stored procedure"). 1,000 is Supabase's default and config.toml's `max_rows`; db/local applies
// the same cap, so a read that forgets to page meets it locally first.
export const HOSTED_API_MAX_ROWS = 1000;

/**
 * How long one statement of each API role may run before Postgres cancels it, as hosted Supabase
 * sets them on the roles ("anon: 3s, authenticated: 8s"; the service role has none). db/local sets
 * the same for each request; PGlite accepts the setting and does not enforce it (it has no timer
 * signals), PostgreSQL does.
 */
export const HOSTED_STATEMENT_TIMEOUTS: Record<string, string> = {
  anon: '3s',
  authenticated: '8s',
  service_role: '0',
};
