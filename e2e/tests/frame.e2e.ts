import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenStill } from '../support/browser';
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

describe('response codes in the browser', () => {
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

  /** A signed-in start loads roles and user info; the test decides what the server answers. */
  async function startSignedInWith(answer: { code: number; msg: string }) {
    const tracked = await openPage(browser);
    await tracked.context.addInitScript(() => window.localStorage.setItem('token', 'stale-token'));
    await tracked.page.route('**/api/user/**', (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...answer, data: null }) }),
    );
    await tracked.page.goto(`${server.url}/about`);
    return tracked;
  }

  it('turns 661 into the ipBusy dialog', async () => {
    const { page, context } = await startSignedInWith({ code: 661, msg: '访问过于频繁' });
    await page.getByText('访问过于频繁，24小时后可继续访问哦').waitFor();
    await whenStill(page);
    await screenshot(page, 'dialog-ip-busy');
    await page.getByRole('button', { name: '我知道了' }).click();
    await page.getByText('访问过于频繁，24小时后可继续访问哦').waitFor({ state: 'hidden' });
    await context.close();
  });

  it('turns 803 into the account dialog and clears the token', async () => {
    const { page, context } = await startSignedInWith({ code: 803, msg: '您已被迫下线' });
    await page.getByText('您的账号已被迫下线').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });

  it('turns 300 into a toast with the server message', async () => {
    const { page, context } = await startSignedInWith({ code: 300, msg: '今日次数已用尽，明天再来试试吧~' });
    await page.locator('.ant-message').getByText('今日次数已用尽，明天再来试试吧~').first().waitFor();
    await context.close();
  });

  it('turns a request the real server finds unsigned into the jsErr dialog', async () => {
    const { page, context } = await openPage(browser);
    await context.addInitScript(() => window.localStorage.setItem('token', 'any'));
    // Strip the signature on its way out; the server answers 652 and the client shows jsErr.
    await page.route('**/api/user/roles', async (route) => {
      const headers = { ...route.request().headers() };
      delete headers['x-dso-sign'];
      await route.continue({ headers });
    });
    await page.goto(`${server.url}/about`);
    await page.getByText('信息走失啦，刷新试试吧').waitFor();
    await context.close();
  });
});
