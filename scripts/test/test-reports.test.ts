// The summary of `npm test`: which browser tests count as flaky, passed, failed and skipped,
// read from reports in the shape of Playwright's JSON reporter (JSONReportTest: a status of
// 'expected' | 'unexpected' | 'flaky' | 'skipped' and one result per attempt).
import { describe, expect, it } from 'vitest';
import { playwrightCounts } from '../test-reports.ts';

type Attempt = 'passed' | 'failed' | 'timedOut' | 'interrupted' | 'skipped';

function report(tests: { title: string; status: string; attempts: Attempt[] }[]) {
  return {
    suites: [
      {
        title: 'admin-content.spec.ts',
        specs: tests.map(({ title, status, attempts }) => ({
          title,
          tests: [
            {
              projectName: 'desktop',
              status: status as 'expected',
              results: attempts.map((attempt) => ({
                status: attempt,
                ...(attempt === 'passed' || attempt === 'skipped'
                  ? {}
                  : { error: { message: `Error: ${title} ${attempt}` } }),
              })),
            },
          ],
        })),
      },
    ],
  };
}

const name = (title: string) => `[desktop] admin-content.spec.ts › ${title}`;

describe('a browser test is flaky only when it failed, then passed', () => {
  it.each<Attempt>(['failed', 'timedOut', 'interrupted'])(
    'an attempt %s, then a pass: flaky, by name, not passed',
    (first) => {
      const counts = playwrightCounts(
        report([{ title: 'a', status: 'flaky', attempts: [first, 'passed'] }]),
        '/repo',
      );
      expect(counts).toMatchObject({ passed: 0, failed: 0, flaky: [name('a')] });
    },
  );

  it('retried with its group without having failed (skipped, or passed twice): passed', () => {
    const counts = playwrightCounts(
      report([
        { title: 'skipped first', status: 'flaky', attempts: ['skipped', 'passed'] },
        { title: 'passed twice', status: 'flaky', attempts: ['passed', 'passed'] },
        { title: 'once', status: 'expected', attempts: ['passed'] },
      ]),
      '/repo',
    );
    expect(counts).toMatchObject({ passed: 3, failed: 0, skipped: 0, flaky: [] });
  });

  it('failed on every attempt: failed, with its message; never run: skipped', () => {
    const counts = playwrightCounts(
      report([
        { title: 'broken', status: 'unexpected', attempts: ['failed', 'timedOut'] },
        { title: 'never', status: 'skipped', attempts: ['skipped'] },
      ]),
      '/repo',
    );
    expect(counts).toMatchObject({ passed: 0, failed: 1, skipped: 1, flaky: [] });
    expect(counts.failures).toEqual([`${name('broken')}\n    Error: broken timedOut`]);
  });
});
