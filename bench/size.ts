import { existsSync, statSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { chromium } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { fmt, startProcess } from './lib';

const STATIC = 'dist/client';

/** gzip bytes of a built file: its precompressed .gz twin. */
function gzBytes(urlPath: string): number {
  const file = path.join(STATIC, urlPath);
  return existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : statSync(file).size;
}

async function assetsLoadedBy(baseUrl: string, pagePath: string) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const urls = new Set<string>();
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') urls.add(new URL(r.url()).pathname);
  });
  await page.goto(baseUrl + pagePath, { waitUntil: 'networkidle' });
  await browser.close();
  const js = [...urls].filter((u) => u.endsWith('.js'));
  const css = [...urls].filter((u) => u.endsWith('.css'));
  return { js, css };
}

export async function benchSize() {
  if (!existsSync(path.join(STATIC, 'index.html'))) throw new Error('run `npm run build` first');
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startProcess(
    'node',
    ['--import', 'tsx', 'src/server/main.ts'],
    { NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-size-')) },
    `http://127.0.0.1:${port}/api/health`,
  );
  try {
    const base = `http://127.0.0.1:${port}`;
    const landing = await assetsLoadedBy(base, '/');
    const sum = (list: string[]) => list.reduce((total, u) => total + gzBytes(u), 0);
    console.log('\nLanding page (/, pre-rendered by the server) — gzip bytes of what the browser loads');
    for (const u of [...landing.js, ...landing.css]) console.log(`  ${u}  ${fmt(gzBytes(u))} B`);
    console.log(`  JS total: ${fmt(sum(landing.js))} B (${fmt(sum(landing.js) / 1024, 1)} KB; target ≤ 100 KB)   CSS total: ${fmt(sum(landing.css))} B`);

    // Every other page is the app: what all of them load (its entry), then each page's own chunks.
    const appPages = await Promise.all(['/privacy-policy', '/waitlist', '/how-much-home-can-i-afford'].map((p) => assetsLoadedBy(base, p)));
    const entry = appPages[0]!.js.filter((u) => appPages.every((loaded) => loaded.js.includes(u)));
    console.log(`\nThe app (every page but the landing page) — the JS every app page loads: ${fmt(sum(entry))} B (${fmt(sum(entry) / 1024, 1)} KB)`);
    console.log('  (React 19 + react-dom and React Router 7 are ~90 KB of it; docs/decisions/012-static-landing.md)');
    console.log('\nCalculator pages — gzip bytes of the JS each loads beyond the app entry');
    for (const p of ['/how-much-home-can-i-afford', '/affordability', comparisonPath(DEFAULT_BRAND)]) {
      const loaded = await assetsLoadedBy(base, p);
      const extra = loaded.js.filter((u) => !entry.includes(u));
      console.log(`  ${p}: ${extra.map((u) => `${path.basename(u)} ${fmt(gzBytes(u))} B`).join(', ')}  (total ${fmt(sum(extra))} B)`);
    }
  } finally {
    await server.stop();
  }
}
