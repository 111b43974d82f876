import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type CreatorServer, FEATURED_CREATOR, startCreatorServer } from '../support/creators';
import { signIn } from '../support/detail';
import { chooseSearchType } from '../support/header-search';

const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('creators: the library, a creator, benchmark accounts and the header search', () => {
  let server: CreatorServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startCreatorServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets a visitor browse and filter the creator library, and asks for a login to open a creator', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/personListLibrary`);
    const list = page.getByRole('list', { name: '达人列表' });
    await list.waitFor();
    // Visitors see the guest rows, then the login footer.
    expect(await list.getByTestId('creator-row').count()).toBe(10);
    await page.getByTestId('creator-library-page').getByText('立即登录注册，查看更多数据').waitFor();
    const followers = await list.locator('.cr-cell--num[data-label="粉丝数"]').allTextContents();
    expect(followers[0]).toBe('707.9w');

    await page
      .getByRole('group', { name: '粉丝量级' })
      .getByRole('button', { name: /腰部达人/ })
      .click();
    await page.waitForURL(/size_class=mid/);
    // The list is replaced once the filtered rows arrive.
    await expect
      .poll(async () => new Set(await list.getByTestId('creator-size-class').allTextContents()))
      .toEqual(new Set(['腰部达人']));
    await screenshot(page, 'creators-library-visitor');

    await list.getByRole('link', { name: FEATURED_CREATOR.nickName }).click();
    await page.getByText('登录后查看完整数据').waitFor();
    expect(pathOf(page)).toBe('/personListLibrary');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a FREE user filter the library, open a creator and walk the tabs', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.freeToken);
    await page.goto(`${server.url}/personListLibrary`);
    const list = page.getByRole('list', { name: '达人列表' });
    await list.waitFor();
    await page.getByRole('group', { name: '领域' }).getByRole('button', { name: '美食餐饮' }).click();
    await page.getByRole('group', { name: '带货' }).getByRole('button', { name: '带货达人', exact: true }).click();
    await page.waitForURL(/is_commerce=1/);
    await page.locator('.ant-segmented-item-label[title="获赞数"]').click();
    await page.waitForURL(/sort=total_favorited/);
    await list.getByRole('link', { name: FEATURED_CREATOR.nickName }).waitFor();
    await expect
      .poll(async () => new Set(await list.locator('.cr-tags .ant-tag-blue').allTextContents()))
      .toEqual(new Set(['美食餐饮']));
    await screenshot(page, 'creators-library-free');

    await list.getByRole('link', { name: FEATURED_CREATOR.nickName }).click();
    await page.waitForURL(`**/person/detail/${server.featuredUserId}`);
    const head = page.getByTestId('creator-head');
    await head.getByRole('heading', { name: FEATURED_CREATOR.nickName }).waitFor();
    expect(await page.getByTestId('creator-figure-followers').textContent()).toContain('46.0w');
    // FREE has no exact figures: the sales amount is a band, read as 约.
    expect(await page.getByTestId('creator-figure-sales').textContent()).toContain('约¥');
    const works = page.getByRole('list', { name: '达人作品' });
    await works.getByTestId('video-card').first().waitFor();
    expect(await works.getByTestId('video-card').count()).toBe(3);
    await screenshot(page, 'creators-detail-works');

    // A work opens the video detail dialog.
    await works.getByRole('button', { name: '麻婆豆腐的灵魂是这一步', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '视频详情' });
    await whenSettled(dialog);
    await dialog.getByTestId('video-detail-panel').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: '粉丝趋势' }).click();
    await page.waitForURL(/\/fans$/);
    await page.getByTestId('follower-trend-chart').locator('canvas').first().waitFor();
    await screenshot(page, 'creators-detail-fans');

    // The audience needs VIDEO_LIBRARY_DETAIL_USER_PORTRAIT (SVIP): FREE gets the upgrade panel.
    await page.getByRole('tab', { name: '粉丝画像' }).click();
    await page.waitForURL(/\/portrait$/);
    await page.getByRole('tabpanel').getByText('立即升级').waitFor();
    await screenshot(page, 'creators-detail-portrait-locked');

    await page.getByTestId('collect-creator').click();
    await page.getByTestId('collect-creator').getByText('已收藏').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds benchmark accounts for the creator with the reasons they match', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.freeToken);
    await page.goto(`${server.url}/person/detail/${server.featuredUserId}`);
    await page.getByRole('button', { name: '找对标账号' }).click();
    await page.waitForURL(/\/Competitors\?userId=/);
    const list = page.getByRole('list', { name: '对标账号' });
    await list.waitFor();
    const first = list.getByTestId('creator-row').first();
    expect(await first.getByRole('link').textContent()).toBe('老郭的川菜馆');
    expect(await first.getByRole('list', { name: '匹配理由' }).getByRole('listitem').allTextContents()).toEqual([
      '同领域：美食餐饮',
      '粉丝量级相近：腰部达人',
      '覆盖相同关键词：家常川菜',
      '相同话题标签：#川菜',
    ]);
    await page.getByTestId('competitor-source').getByText(FEATURED_CREATOR.nickName).waitFor();
    await screenshot(page, 'creators-competitors');

    await page.getByText('按关键词').click();
    await page.getByRole('searchbox', { name: '关键词' }).fill('家常川菜');
    await page.getByRole('searchbox', { name: '关键词' }).press('Enter');
    await page.waitForURL(/keyword=/);
    await page.getByTestId('competitor-source').getByText('关键词「家常川菜」的对标账号').waitFor();
    await list.getByText('作品覆盖关键词「家常川菜」：3个作品').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ranks the creators of a field on the creator board', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.freeToken);
    await page.goto(`${server.url}/personList`);
    await page.getByRole('list', { name: '达人榜' }).waitFor();
    await page.getByRole('navigation', { name: '领域' }).getByRole('button', { name: '美食餐饮' }).click();
    await page.getByRole('heading', { name: '美食餐饮 · 达人排行' }).waitFor();
    const board = page.getByRole('list', { name: '达人榜' });
    await expect
      .poll(async () => new Set(await board.locator('.cr-tags .ant-tag-blue').allTextContents()))
      .toEqual(new Set(['美食餐饮']));
    expect(await board.getByTestId('creator-rank').first().textContent()).toBe('1');
    await screenshot(page, 'creators-board');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches a creator from the header and lands on the library with the keyword', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.freeToken);
    await page.goto(`${server.url}/`);
    await chooseSearchType(page, '达人', '请输入达人名称');
    const input = page.getByTestId('header-search').getByPlaceholder('请输入达人名称');
    await input.fill('阿宝');
    await input.press('Enter');
    await page.waitForURL(/\/personListLibrary\?keyword=/);
    const list = page.getByRole('list', { name: '达人列表' });
    await list.getByRole('link', { name: FEATURED_CREATOR.nickName }).waitFor();
    expect(await list.getByTestId('creator-row').count()).toBe(1);
    expect(await page.getByRole('searchbox', { name: '达人名称' }).inputValue()).toBe('阿宝');
    await screenshot(page, 'creators-header-search');
    expect(errors).toEqual([]);
    await context.close();
  });
});
