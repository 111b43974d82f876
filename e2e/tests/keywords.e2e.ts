import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, screenshotDir, type TrackedPage, whenStill } from '../support/browser';
import { type KeywordsServer, startServerWithDemoData } from '../support/keywords';

const DSO_SEARCH = '/KeywordDouyin/searchWord';
const rowCapMessage = '您的免费版会员只能看50条数据，升级会员查看更多';

describe('the keyword search box and libraries', () => {
  let server: KeywordsServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startServerWithDemoData();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A page of a visitor, or of a new user of a grade whose token is stored before the app starts. */
  async function open(options: { grade?: string; theme?: 'dark' | 'light' } = {}): Promise<TrackedPage> {
    const tracked = await openPage(browser, options.theme ? { theme: options.theme } : {});
    if (options.grade) {
      const user = await server.signedInUser(options.grade);
      await tracked.context.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
    }
    return tracked;
  }

  const rows = (page: Page) => page.getByTestId('keyword-table').locator('tr.ant-table-row');
  const keywordsShown = (page: Page) => page.locator('.kw-keyword-link').allTextContents();

  async function gotoLibrary(page: Page, path: string) {
    await page.goto(`${server.url}${path}`);
    await page.getByTestId('keyword-library-page').waitFor();
  }

  it('caps a single keyword at 30 characters', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, DSO_SEARCH);
    const input = page.getByTestId('keyword-input');
    await input.pressSequentially('露营装备推荐'.repeat(6));
    expect(await input.inputValue()).toBe('露营装备推荐'.repeat(5));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('splits a batch on 、 , ， and line breaks, cuts a sixth word and counts to 5/5', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, DSO_SEARCH);
    await page.getByText('批量搜索').click();
    const batch = page.getByTestId('batch-input');
    await batch.fill('口红、粉底,眼影');
    expect(await page.getByTestId('batch-counter').textContent()).toBe('3/5最多5个词');
    await batch.fill('口红、粉底,眼影，腮红\n面膜、唇釉');
    expect(await batch.inputValue()).toBe('口红、粉底,眼影，腮红\n面膜、');
    expect(await page.getByTestId('batch-counter').textContent()).toBe('5/5最多5个词');
    await screenshot(page, 'keywords-batch');
    await batch.fill(`口红\n${'长'.repeat(31)}`);
    expect(await batch.inputValue()).toBe(`口红\n${'长'.repeat(30)}`);
    await page.locator('.ant-message').getByText('关键词长度不能超过30个字符').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('highlights another platform at once and opens its library 300 ms later with the keyword', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, DSO_SEARCH);
    await page.getByTestId('keyword-input').fill('露营');
    const timing = await page.evaluate(async () => {
      const tab = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((item) =>
        item.textContent?.includes('小红书'),
      );
      if (!tab) throw new Error('no 小红书 tab');
      const start = performance.now();
      tab.click();
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const selectedAtOnce = tab.getAttribute('aria-selected');
      const stillHere = window.location.pathname;
      while (window.location.pathname.startsWith('/KeywordDouyin')) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { selectedAtOnce, stillHere, ms: performance.now() - start };
    });
    expect(timing.selectedAtOnce).toBe('true');
    expect(timing.stillHere).toBe(DSO_SEARCH);
    expect(timing.ms).toBeGreaterThanOrEqual(300);
    expect(timing.ms).toBeLessThan(3000);
    expect(new URL(page.url()).pathname).toBe('/KeywordXhs');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('露营');
    await page.locator('[data-testid="keyword-library-page"][data-platform="RSO"]').waitFor();
    expect(await page.getByTestId('keyword-input').inputValue()).toBe('露营');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('runs a batch search and shows the words of every searched word', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, DSO_SEARCH);
    await page.getByText('批量搜索').click();
    await page.getByTestId('batch-input').fill('口红\n面膜');
    await page.getByTestId('keyword-submit').click();
    await page.waitForURL((url) => url.searchParams.get('batch') === '1');
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('口红、面膜');
    await page.getByText('「口红、面膜」的搜索词').waitFor();
    // The library's words before the search stay on screen while the batch loads: wait for the batch's own.
    const holdsASearchedWord = (keyword: string) => keyword.includes('口红') || keyword.includes('面膜');
    await expect
      .poll(async () => {
        const shown = await keywordsShown(page);
        return shown.length > 0 && shown.every(holdsASearchedWord);
      })
      .toBe(true);
    expect(await page.getByTestId('batch-input').inputValue()).toBe('口红\n面膜');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a visitor 10 rows and asks them to log in for more rankings', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('推荐')}`);
    await page.getByText('需要登录才能查看更多排名').waitFor();
    expect(await rows(page).count()).toBe(10);
    await page.getByRole('button', { name: '马上登录' }).waitFor();
    await page.getByText('需要登录才能查看更多排名').scrollIntoViewIfNeeded();
    await screenshot(page, 'keywords-guest');
    await page.getByTitle('2', { exact: true }).click();
    await page.locator('.ant-modal').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('finds the 母婴亲子 words for 母婴, though no keyword contains it, each marked 行业词 or 近义词', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('母婴')}`);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(10);
    const marks = await rows(page)
      .locator('.kw-tag')
      .filter({ hasText: /^(行业词|近义词)$/ })
      .count();
    expect(marks).toBe(10);
    await rows(page).locator('.kw-tag', { hasText: '行业词' }).first().waitFor();
    await screenshot(page, 'keywords-industry-words');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a FREE user page to 50 rows and offers the upgrade beyond them', async () => {
    const { page, errors, context } = await open({ grade: 'FREE' });
    await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('推荐')}`);
    await rows(page).first().waitFor();
    const fifth = page.waitForResponse(
      (response) => response.url().includes('/api/keyword/search') && response.request().postDataJSON().page_no === 5,
    );
    await page.getByTitle('5', { exact: true }).click();
    await fifth;
    await page.locator('.kw-rank', { hasText: /^41$/ }).waitFor();
    expect(await rows(page).count()).toBe(10);
    await page.getByTitle('6', { exact: true }).click();
    await page.locator('.ant-modal').getByText(rowCapMessage).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a signed-in keyword library page go quiet: nothing is left loading or polling', async () => {
    const { page, errors, context } = await open({ grade: 'FREE' });
    // What is still in flight, named if the page never goes quiet. The one request the app holds open is the
    // login dialog's WeChat QR long poll (20-25 s a time), which a signed-in page has no reason to start.
    const pending = new Set<string>();
    page.on('request', (request) => pending.add(request.url()));
    page.on('requestfinished', (request) => pending.delete(request.url()));
    page.on('requestfailed', (request) => pending.delete(request.url()));
    await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('推荐')}`);
    await rows(page).first().waitFor();
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {
      throw new Error(`still loading after 10 s: ${[...pending].join(', ')}`);
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches the TikTok library to another country', async () => {
    const { page, errors, context } = await open();
    await gotoLibrary(page, '/KeywordTSO/searchWord');
    await page.getByTestId('country-select').getByText('美国').filter({ visible: true }).waitFor();
    await rows(page).first().waitFor();
    const britain = page.waitForRequest(
      (request) => request.url().includes('/api/keyword/search') && request.postDataJSON().country === 'GB',
    );
    await page.getByTestId('country-select').locator('.ant-select').click();
    await page.locator('.ant-select-item-option', { hasText: '英国' }).click();
    await britain;
    await page.waitForURL((url) => url.searchParams.get('country') === 'GB');
    await page.getByTestId('country-select').getByText('英国').filter({ visible: true }).waitFor();
    expect(await page.getByRole('tab', { name: /TikTok/ }).getAttribute('aria-selected')).toBe('true');
    await rows(page).first().waitFor();
    await screenshot(page, 'keywords-tso');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('picks blue-ocean words on the AI selection page and warns on an empty search', async () => {
    const { page, errors, context } = await open({ grade: 'FREE' });
    await page.goto(`${server.url}/keyWordSeo`);
    await page.getByTestId('keyword-seo-page').waitFor();
    await page.getByTestId('keyword-submit').click();
    await page.locator('.ant-message').getByText('请输入关键词').waitFor();
    const tries = page.getByTestId('random-tries').locator('.kw-try');
    await tries.first().waitFor();
    const word = (await tries.first().textContent()) ?? '';
    await tries.first().click();
    await page.waitForURL((url) => url.searchParams.get('keyword') === word);
    await page.getByText(`为「${word}」挑选的蓝海词`).waitFor();
    await rows(page).first().waitFor();
    // The table swaps the recommended list for the chosen word's: every row of the answer carries the tag.
    const blueOcean = rows(page).locator('.kw-tag', { hasText: '蓝海' });
    await expect.poll(async () => (await blueOcean.count()) === (await rows(page).count())).toBe(true);
    await screenshot(page, 'keywords-seo');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the TikTok topics of a country and switches between the two lists', async () => {
    const { page, errors, context } = await open();
    await page.goto(`${server.url}/KeywordTSOList/ecoTopic?country=GB`);
    await page.getByTestId('tso-topic-page').waitFor();
    const topicRows = page.getByTestId('tso-topics').locator('tr.ant-table-row');
    await topicRows.first().waitFor();
    expect(await topicRows.count()).toBe(10);
    await page.getByText('需要登录才能查看更多排名').waitFor();
    const creative = page.waitForRequest(
      (request) =>
        request.url().includes('/api/keyword/tso_topics') && request.url().includes('kind=creativeIdeaTopics'),
    );
    await page.getByRole('link', { name: '创意灵感话题' }).click();
    await creative;
    await page.waitForURL('**/KeywordTSOList/creativeIdeaTopics?country=GB');
    await topicRows.first().waitFor();
    await screenshot(page, 'keywords-tso-topics');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the drop-down words of a keyword', async () => {
    const { page, errors, context } = await open({ grade: 'FREE' });
    await gotoLibrary(page, `/KeywordDouyin/sugWord?keyword=${encodeURIComponent('口红')}`);
    await page.getByText('「口红」的下拉词').waitFor();
    await rows(page).first().waitFor();
    for (const keyword of await keywordsShown(page)) expect(keyword.startsWith('口红')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks down the drop-down words of 抖音下拉词 and back', async () => {
    const { page, errors, context } = await open();
    await page.goto(`${server.url}/DouyinSugKeyword`);
    await page.getByTestId('sug-starting-words').getByRole('button').first().waitFor();
    await page.getByTestId('sug-keyword-page').getByRole('searchbox', { name: '关键词' }).fill('口红');
    await page.getByRole('button', { name: /查下拉词/ }).click();
    const sugRows = page.getByTestId('sug-words').locator('tr.ant-table-row');
    await sugRows.first().waitFor();
    const words = await page.getByTestId('sug-words').locator('.kd-keyword-link').allTextContents();
    expect(words.length).toBeGreaterThan(0);
    for (const word of words) expect(word.startsWith('口红')).toBe(true);
    const first = words[0] ?? '';
    await sugRows.first().getByRole('button', { name: '下拉词' }).click();
    const trail = page.getByTestId('sug-words').locator('.ant-breadcrumb');
    await expect.poll(() => trail.textContent()).toBe(`口红/${first}`);
    await screenshot(page, 'keywords-sug-page');
    await trail.getByRole('button', { name: '口红' }).click();
    await expect.poll(() => trail.textContent()).toBe('口红');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exports the table to an xlsx file for a member', async () => {
    const { page, errors, context } = await open({ grade: 'VIP' });
    await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('口红')}`);
    await rows(page).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByTestId('export-button').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    await page.locator('.ant-message').getByText('导出成功').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  for (const theme of ['dark', 'light'] as const) {
    it(`shows the search words of a keyword in the ${theme} theme`, async () => {
      const { page, errors, context } = await open({ grade: 'VIP', theme });
      await gotoLibrary(page, `${DSO_SEARCH}?keyword=${encodeURIComponent('口红')}`);
      await rows(page).nth(9).waitFor();
      await page.getByTestId('as-of').waitFor();
      await whenStill(page);
      await screenshot(page, `keywords-search-${theme}`);
      await page.screenshot({ path: path.join(screenshotDir, `keywords-search-${theme}-full.png`), fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
