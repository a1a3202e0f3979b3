// pg_cron's background worker, for db/local's stand-in of the extension
// (db/supabase/bootstrap/02_local_cron.sql): at the start of every minute, the active jobs of
// `cron.job` whose schedule names that minute run, each as one statement of the database owner,
// as pg_cron runs them, in UTC (pg_cron's default `cron.timezone`). Schedules are pg_cron's
// five-field cron lines: minute, hour, day of month, month, day of week (0 or 7 for Sunday), each
// `*`, a number, a range `a-b`, a step `*/n` or `a-b/n`, or a list of them; when both days are
// given, either one matches (as cron does).
import type { Database } from './database.ts';

type Field = { min: number; max: number };
const FIELDS: Field[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
];

/** The values a field allows, or null when the text is not a cron field. */
function fieldValues(text: string, { min, max }: Field): Set<number> | null {
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) return null;
    const [, , from, to, step] = match;
    const start = from === undefined ? min : Number(from);
    const end = from === undefined ? max : to === undefined ? (step ? max : start) : Number(to);
    const by = step === undefined ? 1 : Number(step);
    if (start < min || end > max || start > end || by < 1) return null;
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

/** Whether the five-field schedule names the minute of `at` (UTC). Invalid schedules never do. */
export function cronMatches(schedule: string, at: Date): boolean {
  const parts = schedule.trim().split(/\s+/);
  if (parts.length !== 5) return false;
  const sets = parts.map((part, i) => fieldValues(part, FIELDS[i] as Field));
  if (sets.some((set) => set === null)) return false;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  const weekday = at.getUTCDay();
  const dayOfMonth = days?.has(at.getUTCDate()) ?? false;
  const dayOfWeek = (weekdays?.has(weekday) || (weekday === 0 && weekdays?.has(7))) ?? false;
  const day =
    parts[2] === '*' || parts[4] === '*' ? dayOfMonth && dayOfWeek : dayOfMonth || dayOfWeek;
  return (
    (minutes?.has(at.getUTCMinutes()) ?? false) &&
    (hours?.has(at.getUTCHours()) ?? false) &&
    (months?.has(at.getUTCMonth() + 1) ?? false) &&
    day
  );
}

/** Runs the active jobs due at `at`'s minute; answers their names, with each failure's message. */
export async function runDueJobs(
  db: Pick<Database, 'sql'>,
  at: Date,
): Promise<{ job: string; error?: string }[]> {
  const { rows } = await db.sql.query<{ jobname: string; schedule: string; command: string }>(
    'select jobname, schedule, command from cron.job where active order by jobid',
  );
  const ran: { job: string; error?: string }[] = [];
  for (const job of rows.filter((row) => cronMatches(row.schedule, at))) {
    try {
      await db.sql.exec(job.command);
      ran.push({ job: job.jobname });
    } catch (error) {
      ran.push({ job: job.jobname, error: (error as Error).message });
    }
  }
  return ran;
}

/** Runs the due jobs at the start of every minute until stopped. */
export function startCron(
  db: Pick<Database, 'sql'>,
  log: (line: string) => void,
): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    const now = Date.now();
    timer = setTimeout(tick, 60_000 - (now % 60_000));
    timer.unref();
  };
  const tick = async () => {
    const minute = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    for (const { job, error } of await runDueJobs(db, minute).catch(() => [])) {
      log(error ? `[cron] ${job} falhou: ${error}` : `[cron] ${job} executado.`);
    }
    next();
  };
  next();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
