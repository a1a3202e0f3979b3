// A server started by a script in a Node child process, for suites whose own globals are a
// browser's (happy-dom's URL and fetch): db/local here (local-process.ts), the worker in the
// panel's tests. The script reads its options as JSON from process.argv[1], prints what the test
// needs to reach it (its facts) as the first stdout line, stops on SIGTERM and, should the test
// process die, when its stdin closes. The script's imports resolve from the test's own cwd.
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export type ChildScript<Facts> = {
  /** The script's first stdout line, parsed. */
  facts: Facts;
  /** Sends SIGTERM and waits until the child has exited: nothing of its own listens afterwards. */
  stop: () => Promise<void>;
};

/**
 * Runs `script` (an ES module's source) in `node --input-type=module -e`, with `options` as its
 * JSON argument, and waits for its facts. `name` says who quit in the error when the child exits
 * before printing them ("db/local saiu com o código 1"); its stderr is the test's own.
 */
export async function startChildScript<Facts>(
  name: string,
  script: string,
  options: unknown,
): Promise<ChildScript<Facts>> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(options)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // The reader stays on stdout after the first line, so that later output never fills the pipe.
  const first = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${name} saiu com o código ${code}`)));
  });
  return {
    facts: JSON.parse(first) as Facts,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
