import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { signIn } from '../support/detail';
import { FAVOURITE_SUBJECTS, type FavouritesServer, GONE_KEYWORD, startFavouritesServer } from '../support/favourites';

describe('favourites: collect a keyword, a creator and a video, and find them in 我的收藏', () => {
  let server: FavouritesServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startFavouritesServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('lets a FREE user collect on the pages, list each on its tab of 我的收藏 and let one go', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.freeToken);
    // The keyword, on its detail page.
    await page.goto(`${server.url}/keyWordDetail?keyword=${encodeURIComponent(FAVOURITE_SUBJECTS.keyword)}`);
    const summary = page.getByTestId('keyword-summary');
    await summary.getByRole('heading', { name: FAVOURITE_SUBJECTS.keyword }).waitFor();
    await summary.getByTestId('collect-button').getByText('收藏', { exact: true }).click();
    await summary.getByTestId('collect-button').getByText('已收藏').waitFor();
    await screenshot(page, 'favourites-keyword-collected');

    // The creator, on their page; then one of their works, in the video dialog.
    await page.goto(`${server.url}/person/detail/${FAVOURITE_SUBJECTS.creator.userId}`);
    await page.getByTestId('collect-creator').click();
    await page.getByTestId('collect-creator').getByText('已收藏').waitFor();
    const works = page.getByRole('list', { name: '达人作品' });
    await works.getByRole('button', { name: FAVOURITE_SUBJECTS.video, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '视频详情' });
    await whenSettled(dialog);
    const head = dialog.getByTestId('video-head');
    await head.getByTestId('collect-button').getByText('收藏', { exact: true }).click();
    await head.getByTestId('collect-button').getByText('已收藏').waitFor();
    await screenshot(page, 'favourites-video-collected');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // 我的收藏 from the account panel opens the keyword tab.
    await page.getByTestId('header-avatar').hover();
    // The panel grows its plan block once the account's info arrives: click after it, not while it shifts.
    const panel = page.getByTestId('user-panel');
    await panel.getByText(/^尾号 \d{4}$/).waitFor();
    // And after the panel's opening animation: a click on the moving button was lost on a loaded machine.
    const favourites = panel.getByRole('button', { name: '我的收藏' });
    await whenSettled(favourites);
    await favourites.click();
    await page.waitForURL('**/setting?type=collectDouyin');
    await page.getByRole('heading', { name: '我的收藏' }).waitFor();
    const keywordLink = page.getByRole('link', { name: FAVOURITE_SUBJECTS.keyword });
    await keywordLink.waitFor();
    expect(await keywordLink.getAttribute('href')).toBe(
      `/keyWordDetail?keyword=${encodeURIComponent(FAVOURITE_SUBJECTS.keyword)}`,
    );
    await page.getByText(GONE_KEYWORD).waitFor();
    await page.getByText('词库暂无该词数据').waitFor();
    expect(await page.getByText('共 2 条收藏').count()).toBe(1);
    await screenshot(page, 'favourites-keywords');

    await page.getByRole('tab', { name: '小红书关键词' }).click();
    await page.waitForURL('**/setting?type=collectRso');
    await page.getByText('暂无数据').waitFor();

    await page.getByRole('tab', { name: '达人' }).click();
    await page.waitForURL('**/setting?type=collectUser');
    const creatorLink = page.getByRole('link', { name: FAVOURITE_SUBJECTS.creator.nickName });
    await creatorLink.waitFor();
    expect(await creatorLink.getAttribute('href')).toBe(`/person/detail/${FAVOURITE_SUBJECTS.creator.userId}`);
    expect(await page.getByTestId('favourite-creator').textContent()).toContain('28.6w');
    await screenshot(page, 'favourites-creators');

    await page.getByRole('tab', { name: '视频' }).click();
    await page.waitForURL('**/setting?type=collectVideo');
    const card = page.getByTestId('favourite-video');
    await card.getByRole('button', { name: FAVOURITE_SUBJECTS.video, exact: true }).waitFor();
    await screenshot(page, 'favourites-videos');
    // The card opens the video dialog, which shows it collected.
    await card.getByRole('button', { name: FAVOURITE_SUBJECTS.video, exact: true }).click();
    await whenSettled(dialog);
    await dialog.getByTestId('video-head').getByTestId('collect-button').getByText('已收藏').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: '取消收藏' }).click();
    await page.getByText('暂无数据').waitFor();
    // A reload lands on the same tab, still empty.
    await page.reload();
    await page.getByRole('tab', { name: '视频', selected: true }).waitFor();
    await page.getByText('暂无数据').waitFor();
    expect(await page.getByTestId('favourite-video').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
