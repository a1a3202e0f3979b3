// `npm test`: every package's Vitest suite and the browser suites, then a summary of each suite's
// pass/fail counts. Exits non-zero when anything failed.
//
// Two lanes run side by side: the browser suites (the longest, and mostly waiting on browsers and
// site rebuilds) and the Vitest suites one after another. A serial run left one of CI's two cores
// idle about half the time. The browser lane's output streams as it comes; each Vitest suite's
// output is printed whole when that suite ends, so the two never interleave line by line.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

type Suite = { name: string; cwd: string; kind: 'vitest' | 'playwright' };
const browser: Suite = { name: 'tests (browser)', cwd: 'tests', kind: 'playwright' };
const vitest: Suite[] = [
  { name: 'db', cwd: 'db', kind: 'vitest' },
  { name: 'workers/api', cwd: 'workers/api', kind: 'vitest' },
  { name: 'sites/portal', cwd: 'sites/portal', kind: 'vitest' },
  { name: 'admin', cwd: 'admin', kind: 'vitest' },
  { name: 'tests', cwd: 'tests', kind: 'vitest' },
];

const only = process.argv.slice(2);
const chosen = (suite: Suite) => only.length === 0 || only.includes(suite.name);
type Result = { name: string; passed: number; failed: number; skipped: number; exit: number };

function run(suite: Suite, stream: boolean): Promise<Result> {
  const report = join(reports, `${suite.name.replace(/[^a-z]+/gi, '-')}.json`);
  const command =
    suite.kind === 'vitest'
      ? ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : ['playwright', 'test', '--reporter=list,json'];
  if (stream) console.log(`\n━━ ${suite.name} ━━`);
  const child = spawn('npx', ['--no-install', ...command], {
    cwd: join(root, suite.cwd),
    stdio: stream ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (!stream) {
        console.log(`\n━━ ${suite.name} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ name: suite.name, ...countResults(suite.kind, report), exit: code ?? 1 });
    });
  });
}

function countResults(kind: Suite['kind'], file: string) {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    if (kind === 'vitest') {
      return {
        passed: json.numPassedTests ?? 0,
        failed: json.numFailedTests ?? 0,
        skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
      };
    }
    const stats = json.stats ?? {};
    return {
      passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
      failed: stats.unexpected ?? 0,
      skipped: stats.skipped ?? 0,
    };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

async function vitestLane(): Promise<Result[]> {
  const results: Result[] = [];
  for (const suite of vitest.filter(chosen)) results.push(await run(suite, false));
  return results;
}

const [browserResults, vitestResults] = await Promise.all([
  chosen(browser) ? run(browser, true).then((result) => [result]) : [],
  vitestLane(),
]);
const results = [...vitestResults, ...browserResults];

console.log('\n━━ Resumo dos testes ━━');
for (const r of results) {
  const status = r.exit === 0 ? 'ok' : 'FALHOU';
  console.log(
    `${r.name.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed ${String(r.skipped).padStart(3)} skipped  ${status}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const broken = results.filter((r) => r.exit !== 0 && r.failed === 0).length;
console.log(`\n${passed} passed, ${failed + broken} failed`);
process.exit(failed + broken > 0 ? 1 : 0);
