// One command run to completion: the panel's vite build, the worker's bundle, deploy's steps.
import { spawnLeashed } from './leash.ts';

/**
 * Runs a command to completion on a leash (it ends if this process does), collecting its output;
 * never throws for a non-zero exit.
 */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; onLine?: (line: string) => void },
): Promise<{ ok: boolean; log: string }> {
  return new Promise((resolve) => {
    const child = spawnLeashed(command, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
    });
    let log = '';
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      if (options.onLine)
        for (const line of text.split('\n')) if (line.trim()) options.onLine(line);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => resolve({ ok: false, log: `${log}\n${error}` }));
    child.on('close', (code) => resolve({ ok: code === 0, log }));
  });
}
