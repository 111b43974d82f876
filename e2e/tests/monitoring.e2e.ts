import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled, whenStill } from '../support/browser';
import { waitForChart, whenChartStill } from '../support/charts';
import { signIn } from '../support/detail';
import {
  keywordWorkbook,
  MONITOR_KEYWORD,
  MONITOR_WORKS,
  type MonitoringServer,
  shanghaiDay,
  startMonitoringServer,
} from '../support/monitoring';

/** Whether a chart's canvas has painted pixels (the chart drew, not just its box). */
const paintedPixels = (selector: string) => `(() => {
  const canvas = document.querySelector('${selector} canvas');
  if (!canvas) return 0;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  return painted;
})()`;

describe('rank monitoring', () => {
  let server: MonitoringServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startMonitoringServer();
    browser = await launchBrowser();
    // The demo library is seeded once per run (then copied): allow for its first seeding.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('monitors a keyword and a work, uploads a keyword file with its refusals, runs a round, shows the dashboard, the daily paper with its export and the wall board', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);

    // 关键词监控 in the personal centre: add a keyword; it is checked within moments.
    await page.goto(`${server.url}/setting?type=detectiontDouyin`);
    const section = page.getByTestId('monitoring-section');
    await section.getByTestId('monitor-quota').getByText('已用 0 / 50 个，剩余 50 个').waitFor();
    await section.getByRole('textbox', { name: '监控关键词' }).fill(MONITOR_KEYWORD);
    await section.getByRole('button', { name: /添加监控/ }).click();
    await page.getByText('添加成功').first().waitFor();
    await section.getByText(`上榜作品${MONITOR_WORKS}个`).waitFor({ timeout: 20_000 });
    await section.getByTestId('monitor-quota').getByText('已用 1 / 50 个，剩余 49 个').waitFor();

    // The upload dialog: the refusals, then a file added, then a file that cannot be read.
    await section.getByRole('button', { name: /批量上传/ }).click();
    const dialog = page.getByTestId('keyword-upload-dialog');
    await whenSettled(dialog);
    const input = dialog.getByTestId('upload-input');
    const file = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/octet-stream', buffer });
    const good = keywordWorkbook(['露营帐篷', '露营灯', MONITOR_KEYWORD]);
    await input.setInputFiles([file('a.xlsx', good), file('b.xlsx', good), file('c.xlsx', good)]);
    await page.getByText('一次最多上传两个文件').waitFor();
    // 20 MB crosses to the browser as one message: slow on a loaded machine, so it gets a deadline of its own.
    await input.setInputFiles([file('big.xlsx', Buffer.alloc(20 * 1024 * 1024 + 1))], { timeout: 120_000 });
    await page.getByText('上传文件大小不能超过 20MB!').waitFor();
    await input.setInputFiles([file('监控词.xlsx', good), file('坏文件.xlsx', Buffer.from('not a workbook'))]);
    await input.setInputFiles([file('third.xlsx', good)]);
    await page.getByText('最多只能上传两个文件,请先删除').waitFor();
    const items = dialog.getByTestId('upload-file');
    expect(await items.count()).toBe(2);
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await items.nth(0).getByText('添加成功').waitFor();
    await items.nth(0).getByText('新增2个，已在监控1个').waitFor();
    await items.nth(1).getByText('添加失败！').waitFor();
    // The parser's own words (SheetJS's) never show: the guard's message does.
    await items.nth(1).getByText('文件已损坏或格式不正确').waitFor();
    await screenshot(page, 'monitoring-upload');
    await items.nth(1).getByRole('button', { name: /删除/ }).click();
    expect(await items.count()).toBe(1);
    await page.getByRole('button', { name: /^关\s+闭$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await section.getByTestId('monitor-quota').getByText('已用 3 / 50 个，剩余 47 个').waitFor();

    // One keyword's ranked works: monitor the best placed work.
    await section
      .getByRole('row', { name: new RegExp(MONITOR_KEYWORD) })
      .getByRole('link', { name: '查看详情' })
      .click();
    await page.waitForURL(/\/keyWordDetailMonitor\?id=\d+/);
    const works = page.getByTestId('keyword-works-table');
    // The table shows 20 a page of the works ranked.
    await works.getByRole('row').nth(20).waitFor();
    await page.waitForFunction(paintedPixels('[data-testid="keyword-rank-chart"]'));
    const first = works.getByRole('row').nth(1);
    expect(await first.locator('.mon-rank').textContent()).toBe('1');
    const watched = (await first.locator('.mon-work-title').textContent()) ?? '';
    await first.getByRole('button', { name: /监控此作品/ }).click();
    await first.getByText('已监控').waitFor();
    await screenshot(page, 'monitoring-keyword');

    // A check round (yesterday's, as the scheduler would have run it) gives the work a history; the dashboard.
    expect(await server.runRound(shanghaiDay(1))).toBe(4);
    // The list's move is read below as what the daily paper must show: both need the work's first check
    // (queued when it was added, for today) and yesterday's recorded, or the list can show 新上榜 from
    // yesterday's alone while today's is still on its way.
    await server.checksSettled();
    await page.goto(`${server.url}/setting?type=detectiontDouyin`);
    const workRow = section.getByRole('row').filter({ hasText: watched });
    await workRow
      .getByTestId('monitor-latest')
      .filter({ hasText: /^第\d+名$/ })
      .waitFor({ timeout: 20_000 });
    // Whether the work moved since yesterday: the sandbox's ranking of a day is fixed, but which days move a
    // given work is not, so the daily paper below is held to what the list says.
    const moveClass = (await workRow.locator('.mon-move').getAttribute('class')) ?? '';
    const workMoved = !moveClass.includes('is-flat');
    await page.goto(`${server.url}/dataMarketNew`);
    const summary = page.getByTestId('dashboard-summary');
    await summary.waitFor();
    expect(await page.getByTestId('stat-core').textContent()).toBe('1');
    expect(Number(await page.getByTestId('stat-ranking').textContent())).toBeLessThanOrEqual(1);
    await page.waitForFunction(paintedPixels('[data-testid="dashboard-rank-chart"]'));
    await page.waitForFunction(paintedPixels('[data-testid="dashboard-coverage-chart"]'));
    await whenChartStill(page, 'dashboard-rank-chart', 0);
    await whenChartStill(page, 'dashboard-coverage-chart', 0);
    await whenStill(page);
    await screenshot(page, 'monitoring-dashboard');
    // The old dashboard: this user has an authorised Douyin account, so the market-old-data flag is on.
    await page.goto(`${server.url}/dataMarket`);
    await page.getByTestId('old-dashboard-items').getByText(watched).waitFor();
    await screenshot(page, 'monitoring-old-dashboard');

    // Today's paper: the work's move since yesterday, exported as a workbook; the wall board draws.
    await page.goto(`${server.url}/dailyPaper`);
    await page
      .getByTestId('daily-counts')
      .getByText(`对比 ${shanghaiDay(1)}`)
      .waitFor();
    const moved = page.getByTestId('daily-paper-page').getByText(watched);
    if (workMoved) await moved.waitFor();
    else expect(await moved.count()).toBe(0);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出日报/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`数据日报-${shanghaiDay(0)}.xlsx`);
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出PDF/ }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`数据日报-${shanghaiDay(0)}.pdf`);
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    await page.waitForFunction(() => !document.querySelector('[data-testid="daily-paper-page"] button[disabled]'));
    await screenshot(page, 'monitoring-daily-paper');
    await page.goto(`${server.url}/keyWordScreen`);
    await page.getByTestId('screen-summary').waitFor();
    await page.waitForFunction(paintedPixels('[data-testid="screen-rank-chart"]'));
    await page.getByTestId('screen-items').getByText(MONITOR_KEYWORD).first().waitFor();
    await whenChartStill(page, 'screen-rank-chart', 0);
    await whenStill(page);
    await screenshot(page, 'monitoring-screen');
    // The unreadable file's refusal is a business answer (HTTP 200): the dialog showed it, the console stays clean.
    expect(errors).toEqual([]);
  }, 240_000);

  it('offers a new account the example from its empty dashboard: a month of sample ranks, labelled and read-only, and a wall board with figures', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.newToken);
    await page.goto(`${server.url}/dataMarketNew`);
    const offer = page.getByTestId('dashboard-empty').getByRole('button', { name: /查看示例数据/ });
    await offer.waitFor();
    const [answer] = await Promise.all([
      page.waitForResponse((response) => /\/api\/monitor\/dashboard\?.*type=example/.test(response.url())),
      offer.click(),
    ]);
    await page.waitForURL(/\/dataMarketNew\?type=example$/);
    // The server's example: 30 days ending on the demo data's day, none in the future.
    const board = (await answer.json()).data as { days: string[]; curves: Array<{ ranks: Array<number | null> }> };
    expect(board.days).toHaveLength(30);
    expect(board.days.at(-1)).toBe(server.asOf);
    expect(board.days.at(-1)! <= shanghaiDay(0)).toBe(true);
    expect(board.curves.some((curve) => curve.ranks.filter((rank) => rank !== null).length >= 20)).toBe(true);
    await page.getByText('当前为示例数据，想要查看更多数据可选择升级会员').waitFor();
    expect(await page.getByTestId('monitor-example-tag').textContent()).toBe('示例数据');
    expect(Number(await page.getByTestId('stat-core').textContent())).toBeGreaterThan(0);
    await waitForChart(page, 'dashboard-rank-chart');
    await waitForChart(page, 'dashboard-coverage-chart');
    await whenSettled(page.getByTestId('dashboard-rank-chart'));
    await screenshot(page, 'monitoring-example-dashboard');

    // The daily paper and a keyword's month, from the notice's links; monitoring a work is disabled.
    await page.getByTestId('monitor-example-notice').getByRole('link', { name: '数据日报' }).click();
    await page
      .getByTestId('daily-counts')
      .getByText(/检测 [1-9]\d* 项/)
      .waitFor();
    expect(await page.getByRole('button', { name: /导出日报/ }).isDisabled()).toBe(true);
    await screenshot(page, 'monitoring-example-daily-paper');
    await page.getByTestId('monitor-example-notice').getByRole('link', { name: '关键词排名' }).click();
    await page.getByTestId('keyword-chooser').locator('.mon-chooser').getByRole('link').first().click();
    await page.waitForURL(/\/keyWordDetailMonitor\?id=\d+&type=example/);
    await waitForChart(page, 'keyword-rank-chart');
    const watch = page
      .getByTestId('keyword-works-table')
      .getByRole('button', { name: /监控此作品/ })
      .first();
    expect(await watch.isDisabled()).toBe(true);
    await whenSettled(page.getByTestId('keyword-rank-chart'));
    await screenshot(page, 'monitoring-example-keyword');

    // The wall board: the example's figures instead of a screen of zeros.
    await page.goto(`${server.url}/keyWordScreen?type=example`);
    const summary = page.getByTestId('screen-summary');
    await summary.waitFor();
    const figures = (await summary.locator('.mon-stat__value').allTextContents()).map(Number);
    expect(figures.slice(0, 4).every((figure) => figure > 0)).toBe(true);
    await waitForChart(page, 'screen-rank-chart');
    await whenSettled(page.getByTestId('screen-rank-chart'));
    await screenshot(page, 'monitoring-example-screen');

    // Without the parameter the new account's own board is still empty.
    await page.goto(`${server.url}/dataMarketNew`);
    await page.getByTestId('dashboard-empty').waitFor();
    expect(errors).toEqual([]);
  }, 120_000);
});
