import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';

export { launchBrowser } from './chromium';

export const screenshotDir = path.join(import.meta.dirname, '..', 'screenshots');

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Console warnings and failed or refused resource loads (HTTP 4xx/5xx) seen so far. */
  warnings: string[];
}

export async function openPage(browser: Browser, options: { theme?: 'dark' | 'light' } = {}): Promise<TrackedPage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  if (options.theme) {
    await context.addInitScript((theme) => window.localStorage.setItem('dccTheme', theme), options.theme);
  }
  return openPageIn(context);
}

/**
 * A new tracked page in an existing context: pages of one context share its HTTP cache and storage, so a
 * journey visiting many addresses as one user loads the app's hashed assets once.
 */
export async function openPageIn(context: BrowserContext): Promise<TrackedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
    if (message.type() === 'warning') warnings.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) warnings.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => warnings.push(`failed ${request.url()}`));
  return { context, page, errors, warnings };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

/**
 * Waits until an element has stopped moving: antd dialogs zoom in when they open, and on a loaded
 * machine a click aimed at a button mid-zoom lands where the button was a frame earlier.
 */
export async function whenSettled(locator: Locator): Promise<void> {
  await locator.waitFor();
  let previous = await locator.boundingBox();
  for (;;) {
    await locator.page().waitForTimeout(100);
    const box = await locator.boundingBox();
    const same = box && previous && box.x === previous.x && box.y === previous.y && box.width === previous.width;
    if (same) return;
    previous = box;
  }
}
