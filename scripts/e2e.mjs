// Runs the Playwright suite in Debian's Chromium. Without a browser the suite is
// skipped with a loud message, unless REQUIRE_E2E=1 (set by .ci/run) makes it fail.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chrome = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(chrome)) {
  const banner = '!'.repeat(78);
  const message = [
    banner,
    `!! BROWSER TESTS SKIPPED: no Chromium at ${chrome}.`,
    "!! Install Debian's Chromium with:  sudo apt-get install -y chromium",
    '!! or point CHROME_PATH at a Chromium/Chrome binary. (Never `playwright install`.)',
    banner,
  ].join('\n');
  console.error(message);
  process.exit(process.env.REQUIRE_E2E === '1' ? 1 : 0);
}
if (!existsSync('dist/client/index.html')) {
  console.error('The web app is not built: run `npm run build` first (npm test does).');
  process.exit(1);
}
const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } });
process.exit(result.status ?? 1);
