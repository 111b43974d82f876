import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { waitForChart } from '../support/charts';
import {
  type DetailServer,
  SAMPLE_ENDED_LIVE_ROOM_ID,
  SAMPLE_LIVE_ROOM_ID,
  signIn,
  startDetailServer,
} from '../support/detail';

describe('the live pages', () => {
  let server: DetailServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startDetailServer({ grade: 'SVIP' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the wall of sessions, live first, and opens a session’s studio from its tile', async () => {
    const { page, context, errors } = await openPage(browser, { theme: 'dark' });
    await page.goto(`${server.url}/live_screen`);
    const tiles = page.getByTestId('live-tile');
    await tiles.first().getByText('露营装备专场｜帐篷天幕限时秒杀').waitFor();
    expect(await page.getByTestId('live-count').textContent()).toBe('正在直播 1 场');
    expect(await tiles.count()).toBe(2);
    expect(await tiles.nth(1).getByTestId('live-status').textContent()).toBe('已结束');
    // A full-screen wall: no header, no footer.
    expect(await page.locator('.app-header').count()).toBe(0);
    await waitForChart(page, 'live-sparkline', 300);
    await screenshot(page, 'live-screen');

    const [studio] = await Promise.all([context.waitForEvent('page'), tiles.first().getByRole('link').click()]);
    await studio.waitForURL(`**/live_studio?lid=${SAMPLE_LIVE_ROOM_ID}`);
    await studio.getByTestId('live-studio').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a live room in real time and asks again while it is live', async () => {
    const { page, context, errors } = await openPage(browser, { theme: 'dark' });
    await page.goto(`${server.url}/live_studio?lid=${SAMPLE_LIVE_ROOM_ID}`);
    await page.getByTestId('live-studio').waitFor();
    expect(await page.getByTestId('live-status').textContent()).toBe('直播中');
    expect(await page.getByTestId('live-figure-online').textContent()).toMatch(/^当前在线\d+$/);
    await waitForChart(page, 'live-chart');
    expect(await page.getByTestId('live-goods').getByRole('row').count()).toBe(4);
    await screenshot(page, 'live-studio');

    // The page asks the server again on its own: the time of the figures moves on.
    const updated = page.getByTestId('live-updated');
    const first = await updated.textContent();
    await expect.poll(() => updated.textContent(), { timeout: 25_000 }).not.toBe(first);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says 链接错误，请检查链接是否正确 for a studio link without a room id', async () => {
    const { page, context, errors } = await openPage(browser, { theme: 'dark' });
    await page.goto(`${server.url}/live_studio`);
    await page.getByText('链接错误，请检查链接是否正确').waitFor();
    await screenshot(page, 'live-studio-link-error');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a member a session’s goods and its curves on the goods detail page, with banded sales', async () => {
    const { page, context, errors } = await openPage(browser, { theme: 'light' });
    await signIn(context, server.token);
    await page.goto(`${server.url}/livegoods/detail/${SAMPLE_ENDED_LIVE_ROOM_ID}`);
    await page.getByRole('heading', { name: '周末露营好物分享' }).waitFor();
    expect(await page.getByTestId('live-status').textContent()).toBe('已结束');
    expect(await page.getByTestId('live-elapsed').textContent()).toBe('2:00:00');
    await waitForChart(page, 'live-chart');
    const goods = page.getByTestId('live-goods');
    await goods.getByText('铁锅').waitFor();
    expect(await page.getByTestId('live-figure-sales_amount').textContent()).toMatch(/^销售额约¥/);
    await screenshot(page, 'live-goods-detail');

    await page.goto(`${server.url}/livegoods/detail/${SAMPLE_LIVE_ROOM_ID}`);
    await page.getByRole('heading', { name: '露营装备专场｜帐篷天幕限时秒杀' }).waitFor();
    await page.getByTestId('live-goods').getByText('户外自动帐篷 3-4人').waitFor();
    expect(await page.getByRole('link', { name: '进入直播间实时数据' }).getAttribute('href')).toBe(
      `/live_studio?lid=${SAMPLE_LIVE_ROOM_ID}`,
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
