// db/local's stand-in for pg_cron: its schedules read as pg_cron's cron lines do (in UTC), at
// each field's edges, and the jobs due at a minute run as the database owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cronMatches, runDueJobs } from '../cron.ts';
import { type LocalSupabase, startLocalSupabase } from '../index.ts';

const at = (iso: string) => new Date(`${iso}Z`);

describe('cron schedules', () => {
  it('the retention rules: 06:17 UTC every day, not the minute before or after', () => {
    expect(cronMatches('17 6 * * *', at('2026-12-01T06:17:00'))).toBe(true);
    expect(cronMatches('17 6 * * *', at('2026-12-01T06:17:59'))).toBe(true);
    expect(cronMatches('17 6 * * *', at('2026-12-01T06:16:59'))).toBe(false);
    expect(cronMatches('17 6 * * *', at('2026-12-01T06:18:00'))).toBe(false);
    expect(cronMatches('17 6 * * *', at('2026-12-01T18:17:00'))).toBe(false);
  });

  it('steps, ranges and lists, at their ends', () => {
    expect(cronMatches('*/15 * * * *', at('2026-12-01T10:45:00'))).toBe(true);
    expect(cronMatches('*/15 * * * *', at('2026-12-01T10:44:00'))).toBe(false);
    expect(cronMatches('0 9-17 * * *', at('2026-12-01T09:00:00'))).toBe(true);
    expect(cronMatches('0 9-17 * * *', at('2026-12-01T17:00:00'))).toBe(true);
    expect(cronMatches('0 9-17 * * *', at('2026-12-01T08:00:00'))).toBe(false);
    expect(cronMatches('0 9-17 * * *', at('2026-12-01T18:00:00'))).toBe(false);
    expect(cronMatches('5,35 * * * *', at('2026-12-01T10:35:00'))).toBe(true);
    expect(cronMatches('5,35 * * * *', at('2026-12-01T10:36:00'))).toBe(false);
  });

  it('days: Sunday as 0 or 7; a day of month or a weekday when both are given', () => {
    // 2026-12-06 is a Sunday.
    expect(cronMatches('0 0 * * 0', at('2026-12-06T00:00:00'))).toBe(true);
    expect(cronMatches('0 0 * * 7', at('2026-12-06T00:00:00'))).toBe(true);
    expect(cronMatches('0 0 * * 7', at('2026-12-07T00:00:00'))).toBe(false);
    expect(cronMatches('0 0 1 * 0', at('2026-12-06T00:00:00'))).toBe(true);
    expect(cronMatches('0 0 1 * 0', at('2026-12-01T00:00:00'))).toBe(true);
    expect(cronMatches('0 0 1 * 0', at('2026-12-02T00:00:00'))).toBe(false);
    expect(cronMatches('0 0 31 12 *', at('2026-12-31T00:00:00'))).toBe(true);
    expect(cronMatches('0 0 31 12 *', at('2026-11-30T00:00:00'))).toBe(false);
  });

  it('a line that is not a schedule never runs', () => {
    for (const wrong of [
      '',
      '17 6 * *',
      '60 * * * *',
      '* 24 * * *',
      '0 0 0 * *',
      '0 0 * 13 *',
      '0 0 * * 8',
      '*/0 * * * *',
      '5-1 * * * *',
      'a * * * *',
      '@daily',
      '17 6 * * * *',
    ]) {
      expect(cronMatches(wrong, at('2026-12-01T06:17:00')), wrong).toBe(false);
    }
  });
});

describe('the jobs', () => {
  let supabase: LocalSupabase;
  beforeAll(async () => {
    supabase = await startLocalSupabase({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await supabase?.stop();
  });

  it('the migrations schedule the retention rules, and a due job runs as the owner', async () => {
    const { rows } = await supabase.database.query<{ jobname: string }>(
      'select jobname from cron.job order by jobid',
    );
    expect(rows.map((row) => row.jobname)).toContain('guia-fortim-purge-expired');
    await supabase.database.exec(
      `create table public.cron_probe (at timestamptz);
       select cron.schedule('probe', '30 12 * * *', 'insert into public.cron_probe values (now())');
       select cron.schedule('broken', '30 12 * * *', 'select no_such_function()');`,
    );
    try {
      const db = { sql: supabase.database };
      expect(await runDueJobs(db, at('2026-12-01T12:29:00'))).toEqual([]);
      const ran = await runDueJobs(db, at('2026-12-01T12:30:00'));
      expect(ran.map((r) => [r.job, r.error === undefined])).toEqual([
        ['probe', true],
        ['broken', false],
      ]);
      const probes = await supabase.database.query('select * from public.cron_probe');
      expect(probes.rows).toHaveLength(1);
      // Scheduling again under a name replaces the job (pg_cron's upsert by name).
      await supabase.database.exec(
        `select cron.schedule('probe', '31 12 * * *', 'insert into public.cron_probe values (now())')`,
      );
      expect((await runDueJobs(db, at('2026-12-01T12:30:00'))).map((r) => r.job)).toEqual([
        'broken',
      ]);
    } finally {
      await supabase.database.exec(
        `delete from cron.job where jobname in ('probe', 'broken'); drop table public.cron_probe;`,
      );
    }
  });
});
