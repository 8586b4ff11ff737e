// npm run bench -- pages: every public route on a simulated mid-range phone, the profile Lighthouse
// uses for mobile — Chromium with the CPU 4× slower, 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, a cold
// cache for every load, a 412 × 823 phone screen — median of 3 loads per route: Largest Contentful Paint, Cumulative
// Layout Shift, Total Blocking Time and the bytes transferred, each beside the landing page's. On the built app
// (STATIC_DIR, default dist/client). Prints figures, asserts nothing (docs/decisions/025-server-rendered-public-pages.md).
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { fmt, startProcess } from './lib';

const LOADS = Number(process.env.BENCH_PAGES_LOADS ?? 3);

/** The public routes (docs/decisions/025-server-rendered-public-pages.md), the landing page first. */
export const PUBLIC_ROUTES = [
  '/',
  '/intro',
  '/waitlist',
  '/how-much-home-can-i-afford',
  '/affordability',
  comparisonPath(DEFAULT_BRAND),
  '/privacy-policy',
  '/auth/signin',
  '/auth/signup',
  '/auth/forgot-password',
  '/no-such-page',
];

interface Load {
  lcp: number;
  cls: number;
  tbt: number;
  bytes: number;
}

// Watches paints, shifts and long tasks from the first byte on (added before any page script runs).
const OBSERVE = `(() => {
  const m = (window.__pages = { lcp: 0, cls: 0, fcp: 0, tasks: [] });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) m.cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') m.fcp = e.startTime; }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) m.tasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
})()`;

async function loadOnce(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      bytes += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Quiet for a moment after load: lazy chunks, hydration and fonts have landed.
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(1000);
    // Ends the LCP candidates as a tap would; then read the figures.
    const figures = await page.evaluate(() => {
      const m = (window as unknown as { __pages: { lcp: number; cls: number; fcp: number; tasks: [number, number][] } }).__pages;
      // Total Blocking Time: each long task's time beyond 50 ms, after the first contentful paint.
      const tbt = m.tasks.filter(([start]) => start >= m.fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
      return { lcp: m.lcp, cls: m.cls, tbt };
    });
    return { ...figures, bytes };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function benchPages() {
  const staticDir = process.env.STATIC_DIR ?? 'dist/client';
  if (!existsSync(path.join(staticDir, 'index.html'))) throw new Error(`no build in ${staticDir}: run \`npm run build\` first`);
  const port = 3900 + Math.floor(Math.random() * 90);
  const server = await startProcess(
    'node',
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: staticDir,
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'bench-pages-')),
    },
    `http://127.0.0.1:${port}/api/health`,
    // A new database is migrated first: slow on a busy machine.
    180_000,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    // One load to warm the server (its first render of each page), not counted.
    for (const route of PUBLIC_ROUTES) await fetch(base + route);
    const rows: { route: string; lcp: number; cls: number; tbt: number; bytes: number }[] = [];
    for (const route of PUBLIC_ROUTES) {
      const loads: Load[] = [];
      for (let i = 0; i < LOADS; i++) loads.push(await loadOnce(browser, base + route));
      rows.push({
        route,
        lcp: median(loads.map((l) => l.lcp)),
        cls: median(loads.map((l) => l.cls)),
        tbt: median(loads.map((l) => l.tbt)),
        bytes: median(loads.map((l) => l.bytes)),
      });
    }
    const landing = rows[0]!;
    console.log(`\nPublic pages on a mid-range phone (CPU 4×, 150 ms RTT, 1.6 Mbit/s, cold cache), median of ${LOADS} loads — ${staticDir}`);
    console.log('Goal: LCP ≤ 2.0 s, ≤ 1.1× the landing page for text-and-form pages; CLS ≤ 0.05\n');
    const header = ['route', 'LCP ms', '× landing', 'CLS', 'TBT ms', 'KB transferred'];
    const table = rows.map((r) => [r.route, fmt(r.lcp), fmt(r.lcp / landing.lcp, 2), fmt(r.cls, 3), fmt(r.tbt), fmt(r.bytes / 1024, 1)]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
    console.log(line(header));
    for (const row of table) console.log(line(row));
  } finally {
    await browser.close();
    await server.stop();
  }
}
