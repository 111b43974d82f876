import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { type DetailServer, SAMPLE_VIDEO_ID, signIn, startDetailServer } from '../support/detail';

describe('the video detail page', () => {
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

  it('shows an enterprise member the video, its comments with hot words and its audience', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/videoDetail/${SAMPLE_VIDEO_ID}`);
    const panel = page.getByTestId('video-detail-panel');
    await panel.getByText('露营装备清单｜新手第一次露营需要带什么').first().waitFor();
    await panel.getByText('数据仅供参考').waitFor();
    await screenshot(page, 'videos-detail-page');

    await panel.getByRole('tab', { name: '评论详情' }).click();
    await panel.getByText('用户0').first().waitFor();
    await panel.getByRole('tab', { name: '观众分析' }).click();
    await screenshot(page, 'videos-detail-audience');
    expect(errors).toEqual([]);
    await context.close();
  });
});
