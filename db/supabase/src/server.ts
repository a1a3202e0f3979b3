// Test utility shared by every package: start a server process on a free 127.0.0.1 port, wait
// until it answers over HTTP, and always stop it (and its children) afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

// Test servers take their ports from below Linux's ephemeral range (32768–60999 by default), which
// the system hands out to every outgoing connection: a port found free there and released could be
// taken by some connection before the server binds it. With the Vitest and browser suites running
// side by side, one of their thousands of requests did just that to a worker's port.
export const TEST_PORTS = { from: 20_000, to: 32_000 };

/** A 127.0.0.1 port nothing listens on, from TEST_PORTS. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = TEST_PORTS.from + Math.floor(Math.random() * (TEST_PORTS.to - TEST_PORTS.from));
    if (await canListen(port)) return port;
  }
  throw new Error(`nenhuma porta livre entre ${TEST_PORTS.from} e ${TEST_PORTS.to}`);
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export type StartedServer = {
  url: string;
  port: number;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
};

export type StartServerOptions = {
  command: string;
  /** Arguments; the string `{port}` is replaced by the chosen port. */
  args?: string[];
  cwd?: string;
  env?: Record<string, string | undefined>;
  port?: number;
  /** Path requested until it answers with any HTTP status below 500. */
  readyPath?: string;
  timeoutMs?: number;
  /** Stops the server and gives up waiting for it (a start that was begun ahead of need). */
  signal?: AbortSignal;
};

const running = new Set<StartedServer>();
let exitHookInstalled = false;

export async function startServer(options: StartServerOptions): Promise<StartedServer> {
  const port = options.port ?? (await freePort());
  const args = (options.args ?? []).map((a) => a.replaceAll('{port}', String(port)));
  const child = spawn(options.command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const collect = (chunk: Buffer) => {
    log += chunk.toString();
    if (log.length > 200_000) log = log.slice(-100_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const url = `http://127.0.0.1:${port}`;
  const server: StartedServer = {
    url,
    port,
    process: child,
    output: () => log,
    stop: () =>
      stopProcess(child)
        .then(() => untilClosed(port, child))
        .finally(() => running.delete(server)),
  };
  running.add(server);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const s of running) killGroup(s.process, 'SIGKILL');
    });
  }

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (options.signal?.aborted) {
      await server.stop();
      throw new Error(`${options.command}: a espera foi cancelada.`);
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(server);
      throw new Error(
        `${options.command} saiu antes de responder (código ${child.exitCode}):\n${log}`,
      );
    }
    try {
      const response = await fetch(url + (options.readyPath ?? '/'), {
        signal: AbortSignal.timeout(2_000),
      });
      await response.body?.cancel();
      if (response.status < 500) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await server.stop();
  throw new Error(`${options.command} não respondeu em ${url} a tempo:\n${log}`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Whether something on 127.0.0.1 accepts connections on the port. */
export function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The process the server was started with can exit before a child of its own that holds the port
 * (wrangler's workerd): stopped means the port is free, so that the next start can take it.
 */
async function untilClosed(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  let killed = false;
  while ((await acceptsConnections(port)) && Date.now() < deadline) {
    if (!killed && Date.now() > deadline - 8_000) {
      killGroup(child, 'SIGKILL');
      killed = true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
