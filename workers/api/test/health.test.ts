import { type StartedServer, startServer } from '@guia-fortim/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let worker: StartedServer;

beforeAll(async () => {
  worker = await startServer({
    command: 'npx',
    args: ['--no-install', 'wrangler', 'dev', '--ip', '127.0.0.1', '--port', '{port}'],
    cwd: new URL('..', import.meta.url).pathname,
    readyPath: '/health',
  });
});

afterAll(() => worker?.stop());

describe('worker under wrangler dev (workerd)', () => {
  it('answers its health check', async () => {
    const response = await fetch(`${worker.url}/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});
