// The worker on workerd without wrangler dev (workerd-api.ts, what the events benchmark runs):
// the same bundle and bindings answer as under wrangler dev — a beacon is counted in the database
// through the EventCounter Durable Object and the ingest key, its Cron Trigger runs at wrangler's
// local endpoint — and stopping it frees its port.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@guia-fortim/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, startApi } from '../stack/api.ts';
import { NO_BUILDS } from '../stack/build-service.ts';
import { SWEEP_CRON } from '../stack/sweep-schedule.ts';

let api: Api;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'workerd-api-'));
  api = await startApi({
    dataDir,
    memory: true,
    ports: { site: await freePort(), supabase: await freePort(), api: await freePort() },
    workerRuntime: 'workerd',
    builds: NO_BUILDS,
  });
}, 120_000);

afterAll(async () => {
  await api?.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
});

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('the worker on workerd directly', () => {
  it('counts a visitor beacon in the database, as under wrangler dev', async () => {
    expect(await (await fetch(`${api.env.apiUrl}/health`)).json()).toEqual({ ok: true });
    const { rows } = await api.supabase.database.query<{ id: string }>(
      'select id from public.passeios order by created_at limit 1',
    );
    const id = rows[0]?.id as string;
    const response = await fetch(`${api.env.apiUrl}/api/events`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/142.0 Mobile Safari/537.36',
        'cf-connecting-ip': '10.9.8.7',
      },
      body: JSON.stringify({ kind: 'passeio', id, event: 'whatsapp' }),
    });
    expect(response.status).toBe(204);
    const counted = async () =>
      (
        await api.supabase.database.query<{ count: number }>(
          `select count from public.listing_stats where listing_id = $1 and event = 'whatsapp'`,
          [id],
        )
      ).rows[0]?.count ?? 0;
    const deadline = Date.now() + 15_000;
    while ((await counted()) === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await counted()).toBe(1);
  });

  it("runs its Cron Trigger (the photo sweep) at wrangler's local endpoint, as the stack fires it", async () => {
    const run = await fetch(
      `${api.env.apiUrl}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(SWEEP_CRON)}&format=json`,
    );
    // `ok` once the handler ran and did not throw: the stack's sweep key reached the worker.
    expect([run.status, await run.json()]).toEqual([200, { outcome: 'ok', noRetry: false }]);
  });

  it('frees its port when stopped', async () => {
    const port = Number(new URL(api.env.apiUrl).port);
    expect(await portIsFree(port)).toBe(false);
    await api.stop();
    expect(await portIsFree(port)).toBe(true);
  });
});
