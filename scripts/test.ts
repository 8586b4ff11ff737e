// `npm test`: every check the project has, in stages, timed. Type-check and lint
// run side by side (each on one core); then Vitest, the build and Playwright. The
// runners write JSON reports to .test-reports/, and the run ends with each
// stage's time, the test counts and the 15 slowest tests (scripts/test-summary.ts),
// pass or fail. The first failing stage stops the run.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { readReports, summaryLines, type StageTime } from './test-summary';

const REPORTS = '.test-reports';
const VITEST_REPORT = path.join(REPORTS, 'vitest.json');
const E2E_REPORT = path.join(REPORTS, 'e2e.json');

/** Runs a command; with `buffered`, its output is held and printed in one piece when it ends (for side-by-side stages). */
function run(command: string, args: string[], { buffered = false, env = {} as Record<string, string> } = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
    const chunks: Buffer[] = [];
    if (buffered) {
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    }
    child.on('close', (code) => {
      if (buffered && chunks.length) process.stdout.write(Buffer.concat(chunks));
      resolve(code === 0);
    });
  });
}

const stages: StageTime[] = [];
async function stage(name: string, work: () => Promise<boolean>) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const ok = await work();
  stages.push({ name, ms: performance.now() - started, ok });
  return ok;
}

function summarise() {
  const lines = summaryLines({ stages, reports: readReports([VITEST_REPORT, E2E_REPORT]) });
  console.log(`\n${'─'.repeat(78)}\n${lines.join('\n')}\n${'─'.repeat(78)}`);
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });

const ok =
  (await stage('typecheck + lint (side by side)', async () => {
    const [typecheck, lint] = await Promise.all([
      run('npm', ['run', '--silent', 'typecheck'], { buffered: true }),
      run('npm', ['run', '--silent', 'lint'], { buffered: true }),
    ]);
    if (!typecheck) console.error('typecheck failed');
    if (!lint) console.error('lint failed');
    return typecheck && lint;
  })) &&
  (await stage('vitest (unit + server)', () => run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`]))) &&
  (await stage('build', () => run('npm', ['run', '--silent', 'build']))) &&
  (await stage('playwright (e2e)', () => run('node', ['scripts/e2e.mjs', '--reporter=list,json'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: E2E_REPORT } })));

summarise();
process.exit(ok ? 0 : 1);
