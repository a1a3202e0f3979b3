// The worker as the stack runs it (startWorker: wrangler dev, as startApi starts it beside an
// in-memory db/local with the demo data and the stack's deploy hook): its secrets stay off every
// command line, every visitor is this machine whatever CF-Connecting-IP says, its Cron Trigger (the
// photo sweep) runs through wrangler's local endpoint with its key, and it answers again within
// seconds when a workerd under it is killed.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ACCOUNTS } from '@guia-fortim/db/demo-accounts';
import { newStatsIngestKey, setStatsIngestKey } from '@guia-fortim/db/stats-key';
import { newImageSweepKey, setImageSweepKey } from '@guia-fortim/db/sweep-key';
import { freePort } from '@guia-fortim/db/testing';
import { type LocalSupabase, startLocalSupabase } from '@guia-fortim/local-supabase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../stack/api-worker.ts';
import type { BuildService } from '../stack/build-service.ts';
import { startLocalBuilds } from '../stack/local-builds.ts';
import { SiteBuilder } from '../stack/site-builder.ts';
import { SWEEP_CRON } from '../stack/sweep-schedule.ts';

const BROWSER =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36';
/** A workerd killed under the worker: /health answers again within this. */
const BACK_WITHIN_MS = 30_000;

let dataDir: string;
let supabase: LocalSupabase;
let hook: BuildService;
let worker: Awaited<ReturnType<typeof startWorker>>;
const statsIngestKey = newStatsIngestKey();
const imageSweepKey = newImageSweepKey();
/** Builds the local Workers Builds ran: the worker called its deploy hook (a secret address). */
let builds = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'stack-worker-'));
  const siteUrl = `http://127.0.0.1:${await freePort()}`;
  supabase = await startLocalSupabase({ port: await freePort(), seed: true, quiet: true, siteUrl });
  await setStatsIngestKey(supabase.url, supabase.keys.secretKey, statsIngestKey);
  await setImageSweepKey(supabase.url, supabase.keys.secretKey, imageSweepKey);
  hook = await startLocalBuilds();
  hook.attach(
    new SiteBuilder(join(dataDir, 'site'), async () => {
      builds += 1;
      return { ok: true, log: '' };
    }),
  );
  worker = await startWorker({
    port: await freePort(),
    persistDir: join(dataDir, 'wrangler'),
    supabaseUrl: supabase.url,
    publishableKey: supabase.keys.publishableKey,
    siteUrl,
    builds: hook,
    statsIngestKey,
    imageSweepKey,
  });
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await hook?.stop();
  await supabase?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every process's command line (those still there when read). */
function commandLines(): { pid: number; line: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const line = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(name), line }];
      } catch {
        return [];
      }
    });
}

/** The group of a process (field 5 of /proc/<pid>/stat), or null once it is gone. */
function groupOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return null;
  }
}

async function beacon(id: string, event: string, address: string): Promise<number> {
  const response = await fetch(`${worker.url}/api/events`, {
    method: 'POST',
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'user-agent': BROWSER,
      'cf-connecting-ip': address,
    },
    body: JSON.stringify({ kind: 'passeio', id, event }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function countsOf(id: string): Promise<Record<string, number>> {
  const { rows } = await supabase.database.query<{ event: string; count: number }>(
    'select event, count from public.listing_stats where listing_id = $1',
    [id],
  );
  return Object.fromEntries(rows.map((row) => [row.event, row.count]));
}

async function adminToken(): Promise<string> {
  const session = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: supabase.keys.publishableKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: DEMO_ACCOUNTS.admin.email,
      password: DEMO_ACCOUNTS.admin.password,
    }),
  });
  return ((await session.json()) as { access_token: string }).access_token;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(200);
    value = await read();
  }
  return value;
}

describe('the worker as the stack runs it', () => {
  it('keeps its secrets off every command line, in a file only this user reads', async () => {
    const lines = commandLines();
    const wranglers = lines.filter((running) => groupOf(running.pid) === worker.process.pid);
    // Its other settings are still arguments: the search below sees the worker's command lines.
    expect(wranglers.some((running) => running.line.includes(supabase.url))).toBe(true);
    for (const secret of [
      statsIngestKey,
      imageSweepKey,
      new URL(hook.hookUrl).pathname,
      hook.token,
    ]) {
      expect(lines.filter((running) => running.line.includes(secret))).toEqual([]);
    }
    const file = join(dataDir, 'wrangler', 'secrets.env');
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // And the worker has them: a beacon counts (the ingest key), a save calls the deploy hook.
    const { rows } = await supabase.database.query<{ id: string }>(
      'select id from public.passeios order by created_at limit 1',
    );
    const id = rows[0]?.id as string;
    expect(await beacon(id, 'whatsapp', '10.1.2.3')).toBe(204);
    expect(
      await until(
        () => countsOf(id),
        (counts) => counts.whatsapp === 1,
        20_000,
      ),
    ).toEqual({
      whatsapp: 1,
    });
    const token = await adminToken();
    const saved = await fetch(`${worker.url}/api/settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ contact_address: 'Fortim, Ceará' }),
    });
    expect(saved.status).toBe(200);
    expect(
      await until(
        async () => builds,
        (n) => n > 0,
        20_000,
      ),
    ).toBeGreaterThan(0);
  }, 60_000);

  it("runs its Cron Trigger, the photo sweep, at wrangler's local endpoint, with its key", async () => {
    const form = new FormData();
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#2a7f9e' },
    })
      .jpeg()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'foto.jpg');
    const upload = await fetch(`${worker.url}/api/images?folder=general`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await adminToken()}` },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { hero } = (await upload.json()) as { hero: string };
    // A day and a minute later (the run's scheduledTime), no row shows it: the database answered
    // the sweep's key, and the photo waits in the quarantine.
    const time = Date.now() + 24 * 60 * 60 * 1000 + 60_000;
    const run = await fetch(
      `${worker.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(SWEEP_CRON)}&time=${time}`,
    );
    await run.arrayBuffer();
    expect(run.status).toBe(200);
    expect((await fetch(hero)).status).toBe(404);
    const quarantined = await fetch(hero.replace('/images/', '/images/quarantine/'));
    await quarantined.arrayBuffer();
    expect(quarantined.status).toBe(200);
  }, 60_000);

  it('counts every visitor as this machine, whatever CF-Connecting-IP says', async () => {
    const { rows } = await supabase.database.query<{ id: string }>(
      'select id from public.passeios order by created_at desc limit 1',
    );
    const id = rows[0]?.id as string;
    // Two addresses with one action inside the repeat window are one visitor's repeat; another
    // action of the same visitor counts on its own.
    expect(await beacon(id, 'view', '198.51.100.1')).toBe(204);
    expect(await beacon(id, 'view', '203.0.113.77')).toBe(204);
    expect(await beacon(id, 'map', '198.51.100.1')).toBe(204);
    const counts = await until(
      () => countsOf(id),
      (seen) => seen.map === 1 && seen.view !== undefined,
      20_000,
    );
    expect(counts).toEqual({ view: 1, map: 1 });
  }, 60_000);

  it('answers again within seconds after either workerd under it is killed', async () => {
    for (const role of ['its own workerd', "wrangler's proxy workerd"] as const) {
      const port = `entry=127.0.0.1:${worker.port}`;
      const workerd = commandLines().find(
        (running) =>
          groupOf(running.pid) === worker.process.pid &&
          /\/workerd serve /.test(running.line) &&
          running.line.includes(port) === (role === "wrangler's proxy workerd"),
      );
      expect(workerd, role).toBeDefined();
      process.kill(workerd?.pid as number, 'SIGKILL');
      const killed = Date.now();
      const health = await until(
        () =>
          fetch(`${worker.url}/health`, { signal: AbortSignal.timeout(2_000) }).then(
            (response) => response.status,
            () => 0,
          ),
        (status) => status === 200,
        BACK_WITHIN_MS,
      );
      expect({ role, health, withinMs: Date.now() - killed <= BACK_WITHIN_MS }).toEqual({
        role,
        health: 200,
        withinMs: true,
      });
    }
    // The worker that answers has its secrets: the ingest key is read again.
    const { rows } = await supabase.database.query<{ id: string }>(
      'select id from public.passeios order by created_at limit 1',
    );
    expect(await beacon(rows[0]?.id as string, 'view', '10.9.9.9')).toBe(204);
  }, 120_000);
});
