// The hosted project's Data API (PostgREST) settings the product relies on, as the dashboard's
// API settings name them: "Max rows" caps every read, whatever range it asks (PostgREST's
// db-max-rows, "a hard limit to the number of rows PostgREST will fetch from a view, table, or
// stored procedure"). 1,000 is Supabase's default and config.toml's `max_rows`; db/local applies
// the same cap, so a read that forgets to page meets it locally first.
export const HOSTED_API_MAX_ROWS = 1000;
