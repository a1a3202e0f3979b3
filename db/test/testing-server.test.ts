import { describe, expect, it } from 'vitest';
import { freePort, startServer } from '../src/testing/server.ts';

const tinyServer = `
  const http = require('node:http');
  http.createServer((req, res) => res.end('ok ' + req.url)).listen(Number(process.env.PORT), '127.0.0.1');
`;

describe('startServer', () => {
  it('starts a server on a free 127.0.0.1 port, waits for it and stops it', async () => {
    const server = await startServer({ command: process.execPath, args: ['-e', tinyServer] });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(await (await fetch(`${server.url}/ping`)).text()).toBe('ok /ping');
    await server.stop();
    await expect(fetch(server.url)).rejects.toThrow();
  });

  it('reports a process that exits before answering, with its output', async () => {
    await expect(
      startServer({
        command: process.execPath,
        args: ['-e', 'console.error("boom"); process.exit(3)'],
      }),
    ).rejects.toThrow(/boom/);
  });

  it('finds distinct free ports', async () => {
    const a = await freePort();
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(65536);
  });
});
