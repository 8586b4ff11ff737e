import { describe, expect, it } from 'vitest';
import { countByStatus, playwrightTests, summaryLines, vitestTests } from './test-summary';

const vitestReport = {
  testResults: [
    {
      name: `${process.cwd()}/src/a.test.ts`,
      assertionResults: [
        { fullName: 'adds', status: 'passed', duration: 12 },
        { fullName: 'waits', status: 'pending', duration: 0 },
      ],
    },
    { name: `${process.cwd()}/src/server/b.test.ts`, assertionResults: [{ fullName: 'signs up', status: 'failed', duration: 4200 }] },
  ],
};

const playwrightReport = {
  suites: [
    { title: 'ops-admin.setup.ts', specs: [{ title: 'enrols', tests: [{ projectName: 'setup', results: [{ status: 'passed', duration: 9000 }] }] }] },
    {
      title: 'landing.spec.ts',
      specs: [],
      suites: [
        {
          title: 'the landing page',
          specs: [{ title: 'shows the steps', tests: [{ projectName: 'chromium', results: [{ status: 'passed', duration: 2500 }] }] }],
        },
      ],
    },
    { title: 'skipped.spec.ts', specs: [{ title: 'later', tests: [{ projectName: 'chromium', results: [] }] }] },
  ],
};

describe('the end-of-run summary', () => {
  it('reads every test of both reports, with its file and title', () => {
    expect(vitestTests(vitestReport).map((t) => t.name)).toEqual(['src/a.test.ts › adds', 'src/a.test.ts › waits', 'src/server/b.test.ts › signs up']);
    expect(playwrightTests(playwrightReport).map((t) => t.name)).toEqual([
      'ops-admin.setup.ts › enrols',
      'landing.spec.ts › the landing page › shows the steps',
      'skipped.spec.ts › later',
    ]);
  });

  it('counts passed, failed and skipped the way each runner says them', () => {
    expect(countByStatus(vitestTests(vitestReport))).toEqual({ passed: 1, failed: 1, skipped: 1 });
    expect(countByStatus(playwrightTests(playwrightReport))).toEqual({ passed: 2, failed: 0, skipped: 1 });
  });

  it('prints the stage times, the counts and the slowest tests first, leaving out the e2e set-up', () => {
    const lines = summaryLines({
      stages: [
        { name: 'typecheck + lint', ms: 35_000, ok: true },
        { name: 'vitest', ms: 300_000, ok: false },
      ],
      reports: [vitestTests(vitestReport), playwrightTests(playwrightReport)],
    });
    expect(lines).toContain('   35.0 s  typecheck + lint');
    expect(lines).toContain('  300.0 s  vitest  (failed)');
    expect(lines).toContain('  335.0 s  in all');
    expect(lines).toContain('Vitest: 3 tests — 1 passed, 1 failed, 1 skipped');
    expect(lines).toContain('Playwright: 3 tests — 2 passed, 0 failed, 1 skipped');
    const slowest = lines.slice(lines.indexOf('The 15 slowest tests') + 1);
    expect(slowest[0]).toBe('    4.2 s  unit  src/server/b.test.ts › signs up');
    expect(slowest[1]).toBe('    2.5 s  e2e   landing.spec.ts › the landing page › shows the steps');
    expect(slowest.join('\n')).not.toContain('ops-admin.setup.ts');
  });
});
