import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from '@dso/server';
import { loadConfig } from '@dso/server/config';
import { createTestDatabase } from '@dso/server/testing';
import { launchBrowser } from '../e2e/support/chromium';
import { printTable } from './lib/load';

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const ENTRY_BUDGET_KB = 350;
const LCP_BUDGET_MS = 1000;
const LCP_RUNS = 7;

/**
 * The first page's cost: the entry JavaScript a browser must fetch before anything renders (the
 * entry script and every chunk index.html preloads, gzip-compressed as a server would send them)
 * and the largest contentful paint of the home page on localhost in Debian's Chromium.
 */
export async function benchWeb() {
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@dso/web'], { stdio: 'ignore' });
  if (build.status !== 0) throw new Error('the web build failed; run `npm run build` to see why');
  const entry = entryScripts();
  const gzipKb = entry.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(webDist, file))).length, 0) / 1024;
  printTable('Web entry JavaScript (gzip)', [
    {
      files: entry.length,
      'KB gzip': gzipKb.toFixed(1),
      budget: ENTRY_BUDGET_KB,
      within: String(gzipKb < ENTRY_BUDGET_KB),
    },
  ]);

  const database = await createTestDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), webDist };
  const app = await buildApp({ config, database, logger: false });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const browser = await launchBrowser();
  const lcps: number[] = [];
  try {
    for (let run = 0; run < LCP_RUNS; run++) {
      // A fresh context each run: nothing cached, as a first visit.
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.getByTestId('home-page').waitFor();
      // A string, evaluated in the page: the bench is type-checked without the DOM's types.
      const lcp = (await page.evaluate(`new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? 0);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      })`)) as number;
      // The first run also warms the server's static file cache; it is measured like the others.
      lcps.push(lcp);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
    await database.close();
  }
  const sorted = [...lcps].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  printTable(`Home page paint on localhost, ${LCP_RUNS} cold visits`, [
    {
      'LCP median ms': median.toFixed(0),
      'LCP max ms': Math.max(...lcps).toFixed(0),
      budget: LCP_BUDGET_MS,
      within: String(median < LCP_BUDGET_MS),
    },
  ]);
}

/** The entry script and the chunks index.html preloads with it. */
function entryScripts(): string[] {
  const html = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  return [...new Set(files)].filter(Boolean);
}
