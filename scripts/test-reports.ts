// What `npm test` reads from each suite's JSON report: counts, the flaky tests by name, and each
// failure's name with the start of its message.
import { readFileSync } from 'node:fs';
import { stripVTControlCharacters } from 'node:util';

export type Counts = {
  passed: number;
  failed: number;
  skipped: number;
  /** Tests that failed, then passed on CI's retry: by name, never folded into `passed`. */
  flaky: string[];
  /** Each failed test's name and the first lines of its error, repeated in the summary. */
  failures: string[];
};

const NONE: Counts = { passed: 0, failed: 0, skipped: 0, flaky: [], failures: [] };

/** The counts of a Vitest (`--reporter=json`) or Playwright (`json` reporter) report file. */
export function countResults(kind: 'vitest' | 'playwright', file: string, root: string): Counts {
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return kind === 'vitest' ? vitestCounts(json, root) : playwrightCounts(json, root);
  } catch {
    return NONE;
  }
}

type VitestFile = {
  name: string;
  message?: string;
  assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
};

export function vitestCounts(
  json: {
    numPassedTests?: number;
    numFailedTests?: number;
    numPendingTests?: number;
    numTodoTests?: number;
    testResults?: VitestFile[];
  },
  root: string,
): Counts {
  const failures = (json.testResults ?? []).flatMap((file) => {
    const path = file.name.slice(root.length + 1);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    // A file that fails to load has no test results, only its own message.
    if (failed.length === 0 && file.message) return [failure(root, path, file.message)];
    return failed.map((test) =>
      failure(root, `${path} › ${test.fullName}`, test.failureMessages?.[0]),
    );
  });
  return {
    passed: json.numPassedTests ?? 0,
    failed: json.numFailedTests ?? 0,
    skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    flaky: [],
    failures,
  };
}

// The parts of Playwright's JSON report read here (JSONReportSuite, JSONReportTest and
// JSONReportTestResult in @playwright/test/reporter).
type PlaywrightResult = { status?: string; error?: { message?: string } };
type PlaywrightTest = {
  projectName: string;
  status: 'skipped' | 'expected' | 'unexpected' | 'flaky';
  results?: PlaywrightResult[];
};
type PlaywrightSuite = {
  title: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; tests: PlaywrightTest[] }[];
};

const FAILED_ATTEMPT = new Set(['failed', 'timedOut', 'interrupted']);

/**
 * Playwright calls 'flaky' any test that passed on a retry. A serial group or a worker whose
 * setup failed is retried whole, so a test that never failed — skipped the first time, or passed
 * both times — would be listed too: here a flaky test is one that failed, then passed.
 */
export function playwrightCounts(json: { suites?: PlaywrightSuite[] }, root: string): Counts {
  const counts: Counts = { ...NONE, flaky: [], failures: [] };
  for (const { name, test } of playwrightTests(json.suites ?? [])) {
    const results = test.results ?? [];
    if (test.status === 'unexpected') {
      counts.failed++;
      counts.failures.push(failure(root, name, results.at(-1)?.error?.message));
    } else if (test.status === 'skipped') counts.skipped++;
    else if (results.some((result) => FAILED_ATTEMPT.has(result.status ?? ''))) {
      counts.flaky.push(name);
    } else counts.passed++;
  }
  return counts;
}

/** Every test of a Playwright report, named "[project] file › describe › test". */
function playwrightTests(
  suites: PlaywrightSuite[],
  path: string[] = [],
): { name: string; test: PlaywrightTest }[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.map((test) => ({
        name: `[${test.projectName}] ${[...path, suite.title, spec.title].join(' › ')}`,
        test,
      })),
    ),
    ...playwrightTests(suite.suites ?? [], [...path, suite.title]),
  ]);
}

// CI keeps only the tail of a run's output: the summary repeats each failure's name, the start of
// its message and where in our code it was thrown, so the tail alone says what failed.
const messageLines = 6;
function failure(root: string, name: string, error = ''): string {
  const lines = stripVTControlCharacters(error)
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const message = lines.filter((line) => !line.startsWith('at ')).slice(0, messageLines);
  const where = lines.find(
    (line) => line.startsWith('at ') && line.includes(root) && !line.includes('node_modules'),
  );
  return [name, ...message, ...(where ? [where] : [])].join('\n    ');
}
