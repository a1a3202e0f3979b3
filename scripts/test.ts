// `npm test`: every package's Vitest suite, then the browser suites, one after the other, and a
// summary of each suite's pass/fail counts. Exits non-zero when anything failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const reports = join(root, '.data', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

type Suite = { name: string; cwd: string; kind: 'vitest' | 'playwright' };
const suites: Suite[] = [
  { name: 'db', cwd: 'db', kind: 'vitest' },
  { name: 'workers/api', cwd: 'workers/api', kind: 'vitest' },
  { name: 'sites/portal', cwd: 'sites/portal', kind: 'vitest' },
  { name: 'admin', cwd: 'admin', kind: 'vitest' },
  { name: 'tests', cwd: 'tests', kind: 'vitest' },
  { name: 'tests (browser)', cwd: 'tests', kind: 'playwright' },
];

const only = process.argv.slice(2);
type Result = { name: string; passed: number; failed: number; skipped: number; exit: number };
const results: Result[] = [];

for (const suite of suites) {
  if (only.length > 0 && !only.includes(suite.name)) continue;
  const report = join(reports, `${suite.name.replace(/[^a-z]+/gi, '-')}.json`);
  console.log(`\n━━ ${suite.name} ━━`);
  const command =
    suite.kind === 'vitest'
      ? ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
      : ['playwright', 'test', '--reporter=list,json'];
  const run = spawnSync('npx', ['--no-install', ...command], {
    cwd: join(root, suite.cwd),
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  });
  results.push({ name: suite.name, ...countResults(suite.kind, report), exit: run.status ?? 1 });
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
