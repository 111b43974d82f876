import { deepCommentWorks, e2eVideoOptions } from '@dso/server/videos/demo/seed';
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
    // The first detail server of a run seeds the demo libraries (then copies them): minutes on a loaded machine.
  }, 300_000);
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

  it('pages a most-liked demo work’s comments to the 10th page, and its creator’s header counts the works it lists', async () => {
    const [deep] = deepCommentWorks(e2eVideoOptions(server.asOf));
    expect(deep).toBeDefined();
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/videoDetail/${deep!.awemeId}`);
    const panel = page.getByTestId('video-detail-panel');
    await panel.getByRole('tab', { name: '评论详情' }).click();
    const list = panel.getByTestId('comment-list');
    const items = list.locator('.vd-comment');
    await items.first().waitFor();
    // The list loads 20 a page as it scrolls, and ends after the 10th page (002 §4).
    await expect
      .poll(
        async () => {
          await list.evaluate((box) => {
            box.scrollTop = box.scrollHeight;
          });
          return items.count();
        },
        { timeout: 60_000 },
      )
      .toBe(200);
    await list.getByText('~更多评论，扫码查看完整视频~').waitFor();
    expect(new Set(await list.locator('.vd-comment__text').allTextContents()).size).toBeGreaterThan(150);
    await screenshot(page, 'videos-detail-comments-page10');
    await panel.getByRole('tab', { name: '视频数据' }).click();
    await screenshot(page, 'videos-detail-demo-trend');

    await page.goto(`${server.url}/person/detail/${deep!.authorUserId}`);
    const header = await page.getByTestId('creator-figure-works').textContent();
    const listed = page.getByText(/^共 \d+ 个作品$/);
    await listed.waitFor();
    const total = Number((await listed.textContent())!.replace(/\D/g, ''));
    expect(total).toBeGreaterThan(0);
    expect(header).toContain(String(total));
    await screenshot(page, 'videos-demo-creator-works');
    expect(errors).toEqual([]);
    await context.close();
    // Ten pages scrolled in one by one, then a second page: longer than one page's 60 s on a loaded machine.
  }, 180_000);

  it('asks a visitor to log in inside each tab, without opening the login dialog or failing a tab', async () => {
    const { page, context, errors, warnings } = await openPage(browser);
    await page.goto(`${server.url}/videoDetail/${SAMPLE_VIDEO_ID}`);
    const panel = page.getByTestId('video-detail-panel');
    await panel.getByText('露营装备清单｜新手第一次露营需要带什么').first().waitFor();
    for (const name of ['视频数据', '关联关键词', '评论详情', '观众分析']) {
      await panel.getByRole('tab', { name }).click();
      const body = panel.getByRole('tabpanel', { name });
      await body.getByText('立即登录注册，查看更多数据').waitFor();
      await body.getByRole('button', { name: '立即登录' }).waitFor();
      expect(await body.getByText('加载失败').count()).toBe(0);
      if (name === '视频数据') await screenshot(page, 'videos-detail-visitor');
    }
    // The tabs make no call, so nothing opens the login dialog (and its QR's long poll) behind the visitor's back.
    await page.waitForLoadState('networkidle', { timeout: 10_000 });
    expect(await page.getByTestId('login-dialog').count()).toBe(0);
    expect({ errors, warnings }).toEqual({ errors: [], warnings: [] });

    await panel.getByRole('tabpanel', { name: '观众分析' }).getByRole('button', { name: '立即登录' }).click();
    await page.getByText('登录后查看完整数据').waitFor();
    await context.close();
  });
});
