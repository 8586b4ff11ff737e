// Reads the runners' JSON reports (Vitest's and Playwright's) and says where the
// minutes went: the count of tests per stage and the slowest tests. Used by
// scripts/test.mjs at the end of `npm test`; also runnable on its own:
//   npx tsx scripts/test-summary.ts .test-reports/vitest.json .test-reports/e2e.json
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface TestTime {
  stage: 'unit' | 'e2e';
  name: string;
  status: string;
  ms: number;
  project?: string;
}

export interface StageTime {
  name: string;
  ms: number;
  ok: boolean;
}

interface VitestReport {
  testResults?: { name: string; assertionResults?: { fullName: string; status: string; duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; tests?: { projectName?: string; results?: { status?: string; duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

/** Vitest's JSON reporter: one entry per file, each test with its own duration (ms). */
export function vitestTests(report: VitestReport): TestTime[] {
  const tests: TestTime[] = [];
  for (const file of report.testResults ?? []) {
    const name = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults ?? []) {
      tests.push({ stage: 'unit', name: `${name} › ${test.fullName}`, status: test.status, ms: test.duration ?? 0 });
    }
  }
  return tests;
}

/** Playwright's JSON reporter: suites within suites, each spec with its tests and their runs. */
export function playwrightTests(report: { suites?: PlaywrightSuite[] }): TestTime[] {
  const tests: TestTime[] = [];
  const walk = (suite: PlaywrightSuite, trail: string[]) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const runs = test.results ?? [];
        const ms = runs.reduce((sum, run) => sum + (run.duration ?? 0), 0);
        const status = runs.at(-1)?.status ?? 'skipped';
        tests.push({ stage: 'e2e', name: [...trail, spec.title].filter(Boolean).join(' › '), status, ms, project: test.projectName });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return tests;
}

/** passed / failed / skipped counts. Vitest says 'pending' or 'todo' for a skipped test. */
export function countByStatus(tests: TestTime[]) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const { status } of tests) {
    if (status === 'passed' || status === 'expected') counts.passed += 1;
    else if (status === 'skipped' || status === 'pending' || status === 'todo' || status === 'disabled') counts.skipped += 1;
    else counts.failed += 1;
  }
  return counts;
}

export const slowest = (tests: TestTime[], n = 15) => [...tests].sort((a, b) => b.ms - a.ms).slice(0, n);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

/** The lines printed at the end of a run. `stages`: [{ name, ms, ok }] in the order they ran. */
export function summaryLines({ stages = [], reports = [] }: { stages?: StageTime[]; reports?: TestTime[][] }): string[] {
  const lines: string[] = [];
  if (stages.length) {
    lines.push('Stage times');
    for (const stage of stages) lines.push(`${seconds(stage.ms)}  ${stage.name}${stage.ok ? '' : '  (failed)'}`);
    lines.push(`${seconds(stages.reduce((sum, s) => sum + s.ms, 0))}  in all`);
  }
  const tests = reports.flat();
  if (tests.length) {
    for (const stage of ['unit', 'e2e']) {
      const own = tests.filter((t) => t.stage === stage);
      if (!own.length) continue;
      const { passed, failed, skipped } = countByStatus(own);
      lines.push(`${stage === 'unit' ? 'Vitest' : 'Playwright'}: ${own.length} tests — ${passed} passed, ${failed} failed, ${skipped} skipped`);
    }
    lines.push('The 15 slowest tests');
    for (const test of slowest(tests.filter((t) => t.stage === 'unit' || t.project !== 'setup'))) {
      lines.push(`${seconds(test.ms)}  ${test.stage.padEnd(4)}  ${test.name}`);
    }
  }
  return lines;
}

export function readReports(files: string[]): TestTime[][] {
  return files
    .filter((file) => existsSync(file))
    .map((file) => {
      const report = JSON.parse(readFileSync(file, 'utf8')) as VitestReport & { suites?: PlaywrightSuite[] };
      return 'testResults' in report ? vitestTests(report) : playwrightTests(report);
    });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(summaryLines({ reports: readReports(process.argv.slice(2)) }).join('\n'));
}
