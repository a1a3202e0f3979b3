-- After the bootstrap, as the cluster's superuser (supabase_admin): the roles and ownership a
-- hosted Supabase project has when our migrations run, so the suites meet its conditions rather
-- than a superuser's. From supabase/postgres's own setup: auth's tables belong to
-- supabase_auth_admin (init-scripts/00000000000001-auth-schema.sql), and `postgres` is demoted
-- to "NOSUPERUSER CREATEDB CREATEROLE LOGIN REPLICATION BYPASSRLS" with "GRANT ALL" on the auth
-- schema, its tables, sequences and routines (migrations/10000000000000_demote-postgres.sql),
-- the API roles granted to it with admin option (20250605172253_grant_with_admin_to_postgres_16_
-- and_above.sql), and pg_cron's schema granted "with grant option" (init-scripts/
-- 00000000000003-post-setup.sql). No default privileges: new public objects reach the API roles
-- only through the migrations' own grants.

create role supabase_auth_admin noinherit createrole login noreplication;
create role postgres nosuperuser createdb createrole login replication bypassrls;

do $$
declare
  t record;
begin
  for t in select tablename from pg_tables where schemaname = 'auth' loop
    execute format('alter table auth.%I owner to supabase_auth_admin', t.tablename);
  end loop;
end
$$;
grant all on schema auth to supabase_auth_admin;

-- The project's database is postgres's: a pg_dump --create of a hosted project reads "Name:
-- postgres; Type: DATABASE; Schema: -; Owner: postgres", and its public schema is
-- pg_database_owner's, so `postgres` owns public as the database's owner (the restore drill's
-- schema.sql sets public's comment, which only its owner may).
alter database postgres owner to postgres;
grant all on database postgres to postgres;
grant usage, create on schema public to postgres;
grant all on schema auth to postgres;
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all routines in schema auth to postgres;
grant anon, authenticated, service_role to postgres with admin option;
grant usage on schema cron to postgres with grant option;
grant all on all tables in schema cron to postgres with grant option;
grant all on all sequences in schema cron to postgres with grant option;
grant all on all routines in schema cron to postgres with grant option;
-- Hosted projects let `postgres` set session_replication_role (supautils'
-- privileged_role_allowed_configs; the tests backdate rows with triggers off through it).
grant set on parameter session_replication_role to postgres;
