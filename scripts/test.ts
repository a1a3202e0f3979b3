// `npm test`: every package's Vitest suite and the browser suites, then a summary of each suite's
// pass/fail counts. Exits non-zero when anything failed.
//
// Two lanes run side by side: the browser suites (the longest, and mostly waiting on browsers and
// site rebuilds) and the Vitest suites one after another. A serial run left one of CI's two cores
// idle about half the time. The browser lane's output streams as it comes; each Vitest suite's
// output goes to .data/test-reports/<suite>.log as it comes and is printed whole when the suite
// ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Counts, countResults } from './test-reports.ts';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

type Suite = { name: string; cwd: string; kind: 'vitest' | 'playwright' };
const browser: Suite = { name: 'tests (browser)', cwd: 'tests', kind: 'playwright' };
const vitest: Suite[] = [
  { name: 'db/domain', cwd: 'db/domain', kind: 'vitest' },
  { name: 'db/supabase', cwd: 'db/supabase', kind: 'vitest' },
  { name: 'db/local', cwd: 'db/local', kind: 'vitest' },
  { name: 'workers/api', cwd: 'workers/api', kind: 'vitest' },
  { name: 'sites/portal', cwd: 'sites/portal', kind: 'vitest' },
  { name: 'admin', cwd: 'admin', kind: 'vitest' },
  { name: 'scripts', cwd: 'scripts', kind: 'vitest' },
  { name: 'tests', cwd: 'tests', kind: 'vitest' },
];

const only = process.argv.slice(2);
const chosen = (suite: Suite) => only.length === 0 || only.includes(suite.name);
type Result = Counts & { name: string; exit: number };

const running = new Set<ChildProcess>();

function run(suite: Suite, stream: boolean): Promise<Result> {
  const file = suite.name.replace(/[^a-z]+/gi, '-');
  const report = join(reports, `${file}.json`);
  const log = join(reports, `${file}.log`);
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
  running.add(child);
  const output = stream ? undefined : createWriteStream(log);
  if (output) {
    child.stdout?.pipe(output, { end: false });
    child.stderr?.pipe(output, { end: false });
  }
  return new Promise((resolve) => {
    let finished = false;
    const finish = (exit: number) => {
      if (finished) return;
      finished = true;
      running.delete(child);
      const counts = { name: suite.name, ...countResults(suite.kind, report, root), exit };
      if (!output) return resolve(counts);
      output.end(() => {
        console.log(`\n━━ ${suite.name} ━━`);
        process.stdout.write(readFileSync(log));
        resolve(counts);
      });
    };
    child.on('error', (error) => {
      output?.write(`${error}\n`);
      finish(1);
    });
    child.on('close', (code) => finish(code ?? 1));
  });
}

// Ctrl-C reaches the suites from the terminal (they share this process group): wait for them to
// stop what they started. SIGTERM (a CI cancel) comes to this process only: pass it on as the
// SIGINT on which Vitest and Playwright stop gracefully, then wait.
let stopping = false;
const stopAll = (passOn: boolean, code: number) => {
  stopping = true;
  if (passOn) for (const child of running) child.kill('SIGINT');
  const closed = [...running].map((child) => new Promise((r) => child.once('close', r)));
  Promise.all(closed).then(() => process.exit(code));
};
process.once('SIGINT', () => stopAll(false, 130));
process.once('SIGTERM', () => stopAll(true, 143));

async function vitestLane(): Promise<Result[]> {
  const results: Result[] = [];
  for (const suite of vitest.filter(chosen)) {
    if (stopping) break;
    results.push(await run(suite, false));
  }
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
    `${r.name.padEnd(18)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(4)} failed ${String(r.flaky.length).padStart(3)} flaky ${String(r.skipped).padStart(3)} skipped  ${status}`,
  );
}
// A test that passed only on its retry is listed, not failed: see "Flaky tests" in the README.
const flaky = results.flatMap((r) => r.flaky);
if (flaky.length > 0) {
  console.log(`\nInstáveis (falharam e passaram na nova tentativa): ${flaky.length}`);
  for (const name of flaky) console.log(`  ${name}`);
}
const failures = results.flatMap((r) => r.failures);
if (failures.length > 0) {
  console.log(`\nFalharam: ${failures.length}`);
  for (const text of failures) console.log(`  ${text}`);
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const broken = results.filter((r) => r.exit !== 0 && r.failed === 0).length;
console.log(`\n${flaky.length} flaky (counted apart from passed)`);
console.log(`${passed} passed, ${failed + broken} failed`);
process.exit(failed + broken > 0 ? 1 : 0);
