import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { type RunningServer, startServer } from '../support/server';

describe('the app frame', () => {
  let server: RunningServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens the home page in the dark theme without console errors', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(server.url);
    await page.getByTestId('home-page').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.title()).toBe('首页 - DSO');
    await screenshot(page, 'home-dark');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends /login to the home page', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/login`);
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
  });

  it('sends an unknown path to /404', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/no/such/page`);
    await page.getByText('页面不存在').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/404');
    await screenshot(page, 'not-found');
    await context.close();
  });

  it('keeps a visitor off a login-needed route and remembers where they wanted to go', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${server.url}/setting?type=first`);
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => sessionStorage.getItem('logOutPath'))).toBe('/setting?type=first');
    await context.close();
  });
});
