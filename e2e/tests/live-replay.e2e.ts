import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { waitForChart } from '../support/charts';
import { signIn } from '../support/detail';
import { type LiveReplayServer, startLiveReplayServer } from '../support/live-replay';

describe('AI 直播复盘: review a demo live session, follow its progress, read the report, find it in history', () => {
  let server: LiveReplayServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startLiveReplayServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('starts a replay of an ended session, shows it queued and then its report, and lists it in 复盘历史', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/AiLiveReplay`);
    const session = page.getByTestId('replay-session').first();
    await session.waitFor();
    const title = (await session.locator('.ant-list-item-meta-title').textContent())!.trim();
    await screenshot(page, 'live-replay-start');
    // The upload tab says up front that the sandbox cannot hear a recording.
    await page.getByRole('tab', { name: '上传直播录像' }).click();
    await page.getByText(/当前为沙箱语音识别，无法识别上传的录音/).waitFor();
    expect(await page.getByRole('button', { name: /上传并复盘/ }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: '选择直播场次' }).click();

    await session.getByRole('button', { name: /复盘这场/ }).click();
    await page.waitForURL('**/liveReplay/*');
    const progress = page.getByTestId('replay-progress');
    await progress.getByText('排队中').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await screenshot(page, 'live-replay-progress');

    server.startWorker();
    const report = page.getByTestId('replay-report');
    await report.waitFor({ timeout: 30_000 });
    await progress.waitFor({ state: 'hidden' });
    await page.getByText('沙箱示例输出').first().waitFor();
    expect(await report.getByText(title, { exact: false }).count()).toBeGreaterThan(0);
    await waitForChart(page, 'replay-curve');
    expect(await page.getByTestId('replay-peak').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('replay-keep').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('replay-change').locator('li').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('replay-timeline').locator('.ant-timeline-item').count()).toBeGreaterThanOrEqual(3);
    // Every good of the session has a row, and the host talked about at least one.
    const mentions = page.getByTestId('replay-mentions').locator('tbody tr');
    expect(await mentions.count()).toBeGreaterThan(0);
    await screenshot(page, 'live-replay-report');
    await page.getByText(/完整转写/).click();
    await page
      .getByText(/欢迎|家人们|哈喽/)
      .first()
      .waitFor();
    await report.getByText('开场预热').scrollIntoViewIfNeeded();
    await screenshot(page, 'live-replay-report-lower');

    await page.getByRole('link', { name: '复盘历史' }).click();
    await page.waitForURL('**/AiLiveReplayHistory');
    const item = page.getByTestId('replay-history-item').first();
    await item.getByText(title).waitFor();
    await item.getByText('已完成').waitFor();
    await screenshot(page, 'live-replay-history');
    await item.getByRole('link', { name: title }).click();
    await page.waitForURL('**/liveReplay/*');
    await page.getByTestId('replay-report').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
