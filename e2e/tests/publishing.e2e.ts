import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { signIn } from '../support/detail';
import { type PublishingServer, sampleMp4, startPublishingServer } from '../support/publishing';

describe('one-key publishing: authorise a sandbox Douyin account and publish works to it', () => {
  let server: PublishingServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startPublishingServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('authorises through the sandbox page, publishes a video and an AI 图文 work to the account and shows them published', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);

    // 账号授权 in the personal centre: no account yet.
    await page.goto(`${server.url}/setting?type=second`);
    await page.getByRole('heading', { name: '账号授权' }).waitFor();
    await page.getByText('还没有授权的抖音账号，授权后即可一键发布作品').waitFor();
    await page.getByTestId('authorize-quota').filter({ hasText: '0 / 3' }).waitFor();
    await page.getByRole('button', { name: '授权抖音账号' }).click();

    // The sandbox's stand-in for Douyin's authorise page.
    await page.getByRole('heading', { name: 'DSO 申请使用你的抖音账号' }).waitFor();
    await page.getByLabel('模拟抖音账号（昵称）').fill('露营好物号');
    await screenshot(page, 'publishing-sandbox-authorize');
    await page.getByRole('button', { name: '同意授权' }).click();

    // Back in the centre, the account is listed and the note is gone from the address.
    await page.waitForURL('**/setting?type=second');
    const card = page.getByTestId('authorized-account');
    await card.getByText('露营好物号').waitFor();
    await card.getByText('已授权').waitFor();
    await page.getByTestId('authorize-quota').filter({ hasText: '1 / 3' }).waitFor();
    await screenshot(page, 'publishing-authorized');

    // 一键发布: a video with a caption, to that account.
    await page.goto(`${server.url}/oneSend`);
    const composer = page.getByTestId('one-send-composer');
    await composer.getByText('露营好物号').waitFor();
    await composer
      .locator('input[type=file]')
      .setInputFiles({ name: '露营开箱.mp4', mimeType: 'video/mp4', buffer: sampleMp4() });
    await composer.getByTestId('upload-item').getByText('已上传').waitFor();
    await composer.getByPlaceholder('作品标题').fill('露营开箱');
    await composer.getByPlaceholder('写点什么，可加 #话题').fill('新手露营装备开箱 #露营装备');
    await composer.getByText('露营好物号').click();
    await composer.getByRole('button', { name: '一键发布' }).click();

    // The job publishes it; the history shows the account's status.
    const history = page.getByTestId('one-send-history');
    const post = history.getByTestId('post').first();
    await post.getByText('露营开箱').waitFor();
    await post.getByTestId('delivery').getByText('已发布').waitFor({ timeout: 30_000 });
    expect(await post.getByTestId('delivery').textContent()).toContain('露营好物号');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'publishing-published');

    // An AI 图文 work, opened from its link: its pictures, title and body go to the account.
    await page.goto(`${server.url}/oneSend?work_id=${server.work.id}`);
    await composer.getByText(`${server.work.title}（2 张图）`).waitFor();
    await composer.getByText('露营好物号').click();
    await composer.getByRole('button', { name: '一键发布' }).click();
    const workPost = history.getByTestId('post').filter({ hasText: server.work.title });
    await workPost.getByText('图文').waitFor();
    await workPost.getByText('帐篷、天幕、睡袋，新手露营先买这三样 #露营装备').waitFor();
    await workPost.getByTestId('delivery').getByText('已发布').waitFor({ timeout: 30_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'publishing-work-published');

    // /pages/home/bind sums up the bindings, the Douyin account among them.
    await page.goto(`${server.url}/pages/home/bind`);
    await page.getByText('已授权 1 个').waitFor();
    await page.getByText('露营好物号').waitFor();
    await screenshot(page, 'publishing-bind-page');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 代运营 service and stores a lead from its form', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/distribution`);
    await page.getByRole('heading', { name: '短视频代运营' }).waitFor();
    await page.getByPlaceholder('如：王先生').fill('王经理');
    await page.getByPlaceholder('请输入手机号').fill('13800001111');
    await page.getByPlaceholder('公司或品牌名称').fill('杭州好物');
    await page.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('我们的顾问会尽快与您联系，请保持电话畅通。').waitFor();
    await screenshot(page, 'publishing-distribution-sent');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'publishing-distribution');
    expect(errors).toEqual([]);
    await context.close();
  });
});
