import { createCreator, createVideo } from '@dso/server/testing';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type DetailServer, signIn, startDetailServer } from '../support/detail';
import { chooseSearchType } from '../support/header-search';

/** A head term of the keyword demo library: the demo video library titles works with it and ranks them under it. */
const KEYWORD = '露营装备';

const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname + new URL(page.url()).search);

/**
 * The widths of the pictures under `scope` once each is decoded: decode() settles when the bytes are
 * drawable and rejects on a broken image, so a blank or failed picture fails here rather than passing.
 */
const decodedWidths = (scope: Locator) =>
  scope.evaluateAll((images) =>
    Promise.all(
      images.map((image) => (image as HTMLImageElement).decode().then(() => (image as HTMLImageElement).naturalWidth)),
    ),
  );

/** Opens the video dialog from the first work card under `scope` and waits for its panel. */
async function openFirstWork(page: Page, scope: ReturnType<Page['getByTestId']>) {
  const card = scope.getByTestId('video-card').first();
  const title = ((await card.locator('.vl-card__title').textContent()) ?? '').trim();
  await card.locator('.vl-card__media').click();
  const dialog = page.getByRole('dialog', { name: '视频详情' });
  await dialog.getByTestId('video-detail-panel').waitFor();
  await dialog.getByTestId('video-head').getByText(title.slice(0, 8)).first().waitFor();
  return dialog;
}

describe('the video lists', () => {
  let server: DetailServer;
  let browser: Browser;
  beforeAll(async () => {
    // The demo library's likes follow its creators' followers, so it holds no small account's breakout work:
    // one small camping account with two, by the lowPowderPop rule (≤10万 followers, ≥10 likes per follower).
    server = await startDetailServer({
      grade: 'FREE',
      seed: async (db) => {
        const creator = await createCreator(db, { nickName: '露营新手小林', followers: 3_200, field: '户外运动' });
        const day = Date.now() - 2 * 86_400_000;
        await createVideo(db, {
          creatorId: creator.id,
          desc: '第一次带娃露营，帐篷差点被风吹走 #露营 #亲子',
          goodCount: 86_000,
          createTime: new Date(day),
        });
        await createVideo(db, {
          creatorId: creator.id,
          desc: '百元露营装备清单，新手照抄就行 #露营装备',
          goodCount: 41_000,
          durationMs: 0,
          createTime: new Date(day - 86_400_000),
        });
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('browses the topic tabs and opens a work of a topic and a breakout work in the video dialog', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/DouyinTopic`);
    const rows = page.getByTestId('topic-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(0);
    expect(await rows.first().locator('.tp-rank').textContent()).toBe('1');
    await screenshot(page, 'video-lists-topics');

    await page.getByRole('link', { name: /图文选题/ }).click();
    await page.waitForURL(/\/DouyinTopic\/imgSearchWord$/);
    await rows.first().waitFor();
    await rows.first().locator('.tp-topic').click();
    const drawer = page.getByTestId('topic-videos');
    await drawer.getByTestId('video-card').first().waitFor();
    await whenSettled(drawer);
    await screenshot(page, 'video-lists-topic-works');
    const dialog = await openFirstWork(page, drawer);
    await whenSettled(dialog);
    await screenshot(page, 'video-lists-topic-work-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The dialog gives the focus back to the work it came from; an Escape from there closes the drawer
    // (antd alone kept it for the leaving dialog), and the focus is back on the topic that opened it by
    // the time the drawer's works are gone (never left on the page's body while it slides out).
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="topic-videos"]')?.contains(document.activeElement),
    );
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(
      await rows
        .first()
        .locator('.tp-topic')
        .evaluate((element) => element === document.activeElement),
    ).toBe(true);

    await page.getByRole('link', { name: /低粉爆款/ }).click();
    await page.waitForURL(/\/DouyinTopic\/lowPowderPop$/);
    const hits = page.getByTestId('low-follower-hits');
    await hits.getByTestId('video-card').first().waitFor();
    await screenshot(page, 'video-lists-low-follower-hits');
    expect(await hits.getByTestId('video-card').first().locator('.vl-card__nick').textContent()).toBe('露营新手小林');
    const breakout = await openFirstWork(page, hits);
    await breakout.getByText('粉丝数 3200').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('searches a video from the header and lists the titles holding the words, loading more on scroll', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/`);
    await chooseSearchType(page, '视频', '请输入视频名称');
    const input = page.getByTestId('header-search').getByPlaceholder('请输入视频名称');
    await input.fill('露营');
    await input.press('Enter');
    await page.waitForURL(/\/DouyinTopic\/searchWord\?keyword=/);
    expect(pathOf(page)).toBe('/DouyinTopic/searchWord?keyword=露营');
    const results = page.getByTestId('video-search');
    const cards = results.getByTestId('video-card');
    await cards.first().waitFor();
    await results.locator('mark', { hasText: '露营' }).first().waitFor();
    await screenshot(page, 'video-lists-header-search');
    const firstPage = await cards.count();
    expect(firstPage).toBeGreaterThan(0);
    expect(await results.getByText(/标题包含/).textContent()).toContain('露营');
    // A FREE user reaches 30 rows: scrolling to the end loads the next page, then the grade's prompt shows.
    if (firstPage === 20) {
      await page.locator('#app-container').evaluate((main) => main.scrollTo({ top: main.scrollHeight }));
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBeGreaterThan(20);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes from a keyword’s detail to the works ranked under it and back', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/keyWordDetail?keyword=${encodeURIComponent(KEYWORD)}`);
    const section = page.getByTestId('keyword-ranked-videos');
    await section.getByTestId('video-card').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'video-lists-keyword-detail-works');
    await section.getByRole('link', { name: /查看全部排名作品/ }).click();
    await page.waitForURL(/\/DouyinKeywordSearchRank\?keyword=/);
    expect(pathOf(page)).toBe(`/DouyinKeywordSearchRank?keyword=${KEYWORD}`);
    const ranked = page.getByTestId('keyword-rank-page');
    await ranked.getByTestId('video-card').first().waitFor();
    expect(await ranked.locator('.vl-card__badge').first().textContent()).toBe('第1名');
    await ranked.getByText(/排名日期 \d{4}-\d{2}-\d{2}/).waitFor();
    // The demo works carry pictures the server draws: the first card's cover and its creator's avatar.
    const firstCard = ranked.getByTestId('video-card').first();
    expect(await firstCard.locator('img.vl-card__cover').getAttribute('src')).toMatch(/^\/api\/demo-image\/cover\//);
    expect(await decodedWidths(firstCard.locator('img.vl-card__cover, img.vl-card__avatar'))).toEqual([360, 128]);
    await screenshot(page, 'video-lists-keyword-rank');

    // Back through a work: its related keywords link to the keyword's detail.
    const dialog = await openFirstWork(page, ranked);
    // The dialog shows the same cover large and the creator's avatar.
    const head = dialog.getByTestId('video-head');
    expect(await head.locator('img').count()).toBe(2);
    expect(await decodedWidths(head.locator('img'))).toEqual([360, 128]);
    await screenshot(page, 'video-lists-work-dialog-pictures');
    await dialog.getByRole('tab', { name: '关联关键词' }).click();
    await dialog.getByRole('link', { name: KEYWORD, exact: true }).click();
    await page.waitForURL(/\/keyWordDetail\?keyword=/);
    expect(pathOf(page)).toBe(`/keyWordDetail?keyword=${KEYWORD}`);
    await page.getByTestId('keyword-detail').waitFor();

    // And back by the ranking page's own link.
    await page.goto(`${server.url}/DouyinKeywordSearchRank?keyword=${encodeURIComponent(KEYWORD)}`);
    await page.getByRole('link', { name: /查看关键词详情/ }).click();
    await page.waitForURL(/\/keyWordDetail\?keyword=/);
    await page.getByTestId('keyword-ranked-videos').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
