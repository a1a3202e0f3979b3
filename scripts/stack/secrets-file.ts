// The worker's secrets for `wrangler dev`: a dotenv file only this user may read, given with
// `--env-file`, the way wrangler documents secrets for local development — never `--var KEY:value`
// arguments, which every user of the machine can read in the process list (ps, /proc/<pid>/cmdline).
// wrangler dev gives the worker each entry as a secret, over a variable of the same name in
// wrangler.jsonc.
import { rmSync, writeFileSync } from 'node:fs';

/** What a value may hold: dotenv reads quotes, `$` (expansion), backslashes and line breaks. */
const PLAIN = /^[^'"$\\\r\n]*$/;

/** Writes `secrets` to `path` (mode 0600, replacing any file there) and answers the path. */
export function writeSecretsFile(path: string, secrets: Record<string, string>): string {
  const lines = Object.entries(secrets).map(([key, value]) => {
    if (!PLAIN.test(value)) throw new Error(`O segredo ${key} tem caracteres que o dotenv lê.`);
    return `${key}='${value}'\n`;
  });
  // The mode applies only to a file being created.
  rmSync(path, { force: true });
  writeFileSync(path, lines.join(''), { mode: 0o600, flag: 'wx' });
  return path;
}
