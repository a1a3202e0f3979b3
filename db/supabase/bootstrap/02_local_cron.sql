-- Local stand-in for pg_cron (hosted Supabase's "Cron"), which neither PGlite nor the embedded
-- PostgreSQL has: the part of its interface the migrations use. `cron.schedule(job_name,
-- schedule, command)` creates the job, or replaces the schedule and command of the job of that
-- name, and answers its id; `cron.job` lists the jobs. db/local runs them at their minutes
-- (db/local/cron.ts), as the extension's background worker does. Idempotent; never in production.

create schema if not exists cron;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  jobname text unique,
  active boolean not null default true
);

create or replace function cron.schedule(job_name text, schedule text, command text)
returns bigint
language sql
as $$
  insert into cron.job (jobname, schedule, command) values (job_name, schedule, command)
  on conflict (jobname) do update set schedule = excluded.schedule, command = excluded.command
  returning jobid
$$;

revoke all on schema cron from public;
revoke all on all tables in schema cron from public;
revoke all on function cron.schedule(text, text, text) from public;
