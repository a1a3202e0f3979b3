import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, startServer, TEST_PORTS } from '../src/server.ts';

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

  it('finds free ports below the range the system gives outgoing connections', async () => {
    const [ephemeralFrom] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    expect(TEST_PORTS.to).toBeLessThanOrEqual(ephemeralFrom as number);
    for (let i = 0; i < 20; i++) {
      const port = await freePort();
      expect(port).toBeGreaterThanOrEqual(TEST_PORTS.from);
      expect(port).toBeLessThan(TEST_PORTS.to);
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', resolve);
      });
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
