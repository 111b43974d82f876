import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenStill } from '../support/browser';
import { type DetailServer, signIn, startDetailServer } from '../support/detail';

/** The length of the script in the output box. */
const outputLength = (page: Page) =>
  page.evaluate(
    () => document.querySelector<HTMLTextAreaElement>('[data-testid="copywriter-output"]')?.value.length ?? 0,
  );

describe('AI 文案 and AI 选词: scripts grounded in the libraries, and picks with their figures', () => {
  let server: DetailServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startDetailServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('writes a script for the keyword of the address, cites its videos, stops, regenerates and finds it in history', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/copyWriters?keyword=${encodeURIComponent('露营装备')}`);
    const keyword = page.getByLabel('关键词', { exact: true });
    await keyword.waitFor();
    expect(await keyword.inputValue()).toBe('露营装备');

    await page.getByRole('button', { name: '生成文案' }).click();
    await page.waitForFunction(
      () => (document.querySelector<HTMLTextAreaElement>('[data-testid="copywriter-output"]')?.value.length ?? 0) > 10,
    );
    const early = await outputLength(page);
    // The script grows while it streams.
    await page.waitForFunction(
      (length) =>
        (document.querySelector<HTMLTextAreaElement>('[data-testid="copywriter-output"]')?.value.length ?? 0) >
        length + 20,
      early,
    );
    // The videos and words it draws on are shown beside it, numbered as it cites them.
    const cited = page.getByTestId('cited-video');
    await cited.first().waitFor();
    expect(await cited.count()).toBeGreaterThan(0);
    expect(await page.getByTestId('cited-word').count()).toBeGreaterThan(0);
    const firstTitle = ((await cited.first().textContent()) ?? '').replace(/^视频1\s*/, '').trim();
    await page.getByTestId('sandbox-tag').waitFor();
    await whenStill(page);
    await screenshot(page, 'copywriters-streaming');

    await page.getByRole('button', { name: '停止生成' }).click();
    await page.getByText('已停止').waitFor();
    const stopped = await page.getByTestId('copywriter-output').inputValue();
    expect(stopped.startsWith('【开头3秒】')).toBe(true);
    expect(stopped).not.toContain('沙箱');

    // A cited video opens its detail dialog.
    await cited.first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(firstTitle.slice(0, 6)).first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: '重新生成' }).click();
    await page.getByText('生成中…').waitFor();
    await page.getByText('生成中…').waitFor({ state: 'hidden', timeout: 30_000 });
    const full = await page.getByTestId('copywriter-output').inputValue();
    expect(full).toContain('【参考视频1】');
    expect(full).toContain(firstTitle.slice(0, 6));
    expect(full).toContain('【推荐话题】');
    await whenStill(page);
    await screenshot(page, 'copywriters-done');

    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();

    await page.getByRole('tab', { name: /历史文案/ }).click();
    const saved = page.getByRole('button', { name: 'AI文案：露营装备', exact: true });
    await saved.waitFor();
    await whenStill(page);
    await screenshot(page, 'copywriters-history');
    await saved.click();
    await page.waitForURL('**/copyWriters?work=*');
    await page.waitForFunction(
      (text) => document.querySelector<HTMLTextAreaElement>('[data-testid="copywriter-output"]')?.value === text,
      full,
    );
    await page.getByTestId('cited-video').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('leads from the home search with AI选词 on to /keyWordSeo, where the model picks blue-ocean words shown with their figures', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(server.url);
    const home = page.getByTestId('home-search');
    await home.getByTestId('ai-pick-toggle').click();
    await home.getByLabel('关键词').fill('露营');
    await home.getByRole('button', { name: '搜索', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/keyWordSeo' && url.searchParams.get('keyword') === '露营');
    // The picks start from the typed word: every one contains it (none from another field).
    const panel = page.getByTestId('ai-picks');
    await panel.waitFor();
    await panel.getByRole('button', { name: /开始 AI 挑词/ }).click();
    const picks = panel.getByTestId('ai-pick');
    await picks.first().waitFor();
    await panel.getByRole('button', { name: '停止挑选' }).waitFor();
    await expect.poll(() => picks.count(), { timeout: 30_000 }).toBe(5);
    await panel.getByRole('button', { name: /重新挑选/ }).waitFor();
    for (const word of await picks.locator('.kw-ai-pick__word').allTextContents()) expect(word).toContain('露营');

    // The figure beside a pick is the one the library's table shows for the same word.
    const word = (await picks.first().locator('.kw-ai-pick__word').textContent()) ?? '';
    const index = (await picks.first().getByTestId('pick-search-index').textContent()) ?? '';
    expect(index).toMatch(/\d/);
    const row = page.locator('tr.ant-table-row', { has: page.getByRole('link', { name: word, exact: true }) });
    if ((await row.count()) > 0) expect(await row.first().locator('.kw-figure').first().textContent()).toBe(index);
    expect(await panel.getByTestId('sandbox-tag').count()).toBe(1);
    await whenStill(page);
    await screenshot(page, 'keyword-seo-ai-picks');
    expect(errors).toEqual([]);
    await context.close();
  });
});
