import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled, whenStill } from '../support/browser';
import { waitForChart, whenChartStill } from '../support/charts';
import { type DetailServer, signIn, startDetailServer } from '../support/detail';

describe('keyword boards and details', () => {
  let server: DetailServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startDetailServer({
      grade: 'SVIP',
      // The journeys' 小红书 library is a 600-word cut of the first-run one, without the search box's example
      // 露营装备; it joins at the 40.6w after the portraits are stored, so it has none of its own.
      seed: async (db, asOf) => {
        await db.execute(sql`
          INSERT INTO keywords (platform, country, keyword, grams, search_index, month_cover_count, industry, first_seen, as_of, is_demo)
          VALUES ('RSO', '', '露营装备', '{}', 406000, 12180000, '旅游出行', ${asOf}, ${asOf}, true)`);
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a board and loads more rows when the list is scrolled to its end', async () => {
    const { page, errors, context } = await openPage(browser, { theme: 'dark' });
    await signIn(context, server.token);
    await page.goto(`${server.url}/KeywordDouyinHot/blue`);
    const rows = page.getByTestId('board-row');
    await rows.first().waitFor();
    expect(await page.title()).toBe('抖音热词榜单 - DSO');
    expect(await rows.count()).toBe(20);
    expect(await page.getByTestId('board-as-of').textContent()).toContain(server.asOf);
    expect(await page.locator('.kb-tab--active .kb-tab__name').textContent()).toBe('蓝海词');
    await whenStill(page);
    await screenshot(page, 'keyword-board-dark');

    await page.locator('#app-container').evaluate((container) => container.scrollTo({ top: container.scrollHeight }));
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(40);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches boards and filters by industry', async () => {
    const { page, errors, context } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/KeywordDouyinHot/blue`);
    await page.getByTestId('board-row').first().waitFor();
    await page.locator('[data-board="industryHot"]').click();
    await page.waitForURL('**/KeywordDouyinHot/industryHot');
    await page.getByTestId('board-row').first().waitFor();
    const industry = page.getByTestId('industry-filter').locator('.kb-chip').nth(1);
    const name = (await industry.textContent()) ?? '';
    await industry.click();
    await page.waitForURL(/industry=/);
    await page.getByTestId('board-row').first().waitFor();
    const industries = await page.locator('.kb-cell--industry').allTextContents();
    expect(industries.slice(1).every((text) => text === name)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a visitor to log in for more of a board', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${server.url}/KeywordDouyinHot/industryHot`);
    await page.getByText('需要登录才能查看更多排名').waitFor();
    expect(await page.getByTestId('board-row').count()).toBeLessThanOrEqual(10);
    await page.getByRole('button', { name: '马上登录' }).click();
    await page.locator('.ant-modal').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a keyword from a board and walks every tab of its detail', async () => {
    const { page, errors, warnings, context } = await openPage(browser, { theme: 'dark' });
    await signIn(context, server.token);
    await page.goto(`${server.url}/KeywordDouyinHot/blue`);
    const first = page.locator('.kb-keyword').first();
    const keyword = (await first.textContent()) ?? '';
    await first.click();
    await page.waitForURL(/\/keyWordDetail\?keyword=/);
    await page.getByTestId('keyword-detail').waitFor();
    expect(await page.locator('.kd-summary__keyword').textContent()).toBe(keyword);
    expect(await page.getByTestId('keyword-breadcrumb').textContent()).toContain(`关键词详情：${keyword}`);
    expect(await page.getByTestId('keyword-figures').textContent()).toContain(`截至 ${server.asOf}`);

    // Overview: the daily trend drawn on a canvas and the word on every platform.
    await waitForChart(page, 'trend-chart');
    await page.getByTestId('platform-comparison').locator('tbody tr').first().waitFor();
    await whenChartStill(page, 'trend-chart');
    await whenStill(page);
    await screenshot(page, 'keyword-detail-overview-dark');

    await page.getByRole('tab', { name: '竞争分析' }).click();
    await page.waitForURL(/\/keyWordDetail\/competeAnalyze\?/);
    await page.getByTestId('compete-tab').waitFor();
    expect(await page.getByTestId('compete-reasons').count()).toBeLessThanOrEqual(1);
    if (await page.getByTestId('compete-chart').count()) await waitForChart(page, 'compete-chart');

    await page.getByRole('tab', { name: '相关词' }).click();
    await page.waitForURL(/\/keyWordDetail\/relatedWords\?/);
    const related = page.getByTestId('related-tab');
    await related.waitFor();
    for (const relation of ['相关词', '行业词', '词根', '下拉词']) {
      await related.getByText(relation, { exact: true }).click();
      await page.waitForURL(relation === '下拉词' ? /relation=sug/ : /relation=/);
      // The tab has rendered the new relation (its query is fetching from that render on), and then loaded:
      // data rows, or the empty state a word without such relations honestly shows.
      await related.locator('.ant-segmented-item-selected', { hasText: relation }).waitFor();
      await related.locator('.ant-table-tbody tr.ant-table-row, .ant-table-tbody .dso-no-data').first().waitFor();
      await related.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      const counted = (await related.locator('.kd-card__extra').textContent())?.match(/共 ([\d,]+) 个/)?.[1] ?? '';
      const total = Number(counted.replaceAll(',', ''));
      expect(await related.locator('.ant-table-tbody tr.ant-table-row').count(), relation).toBe(Math.min(total, 10));
      // Every board word shares its main word with others in the library.
      if (relation === '相关词') expect(total).toBeGreaterThan(0);
    }

    // A dialog over the page (an error or upgrade prompt) would take the next click; name it if one is open.
    expect(await page.locator('.ant-modal-wrap:visible').allTextContents(), warnings.join('\n')).toEqual([]);
    await page.getByRole('tab', { name: '人群画像' }).click();
    await page.waitForURL(/\/keyWordDetail\/audience\?/);
    await page.getByTestId('audience-tab').waitFor();
    await waitForChart(page, 'region-map');
    await waitForChart(page, 'age-chart');
    expect(await page.getByTestId('province-top10').locator('li').count()).toBe(10);
    // The tab's cards and the map in one view, just under the sticky header.
    await page.evaluate(() => {
      const tab = document.querySelector('[data-testid="audience-tab"]');
      if (tab) window.scrollBy({ top: tab.getBoundingClientRect().top - 80 });
    });
    await whenSettled(page.getByTestId('audience-tab'));
    await whenChartStill(page, 'region-map');
    await whenChartStill(page, 'age-chart');
    await whenStill(page);
    await screenshot(page, 'keyword-detail-audience-dark');

    await page.getByTestId('region-card').getByText('城市', { exact: true }).click();
    await page.getByTestId('city-top10').waitFor();
    await waitForChart(page, 'region-map');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a head word’s index over 近90天 and a custom range, its 综合指数, and related words with strength and direction', async () => {
    const { page, errors, context } = await openPage(browser, { theme: 'light' });
    await signIn(context, server.token);
    // The most searched word of the industry board: a head word, which keeps a year of daily index.
    await page.goto(`${server.url}/KeywordDouyinHot/industryHot`);
    const keyword = (await page.locator('.kb-keyword').first().textContent()) ?? '';
    await page.goto(`${server.url}/keyWordDetail?keyword=${encodeURIComponent(keyword)}`);
    await waitForChart(page, 'trend-chart');
    const periodText = page.getByTestId('trend-period');
    const dayBefore = (days: number) =>
      new Date(Date.parse(`${server.asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    expect(await periodText.textContent()).toContain(`${dayBefore(29)} 至 ${server.asOf}`);
    // Both indexes, each with its own toggle and definition.
    const toggles = page.getByTestId('trend-series-toggles');
    expect(await toggles.getByLabel('搜索指数说明').count()).toBe(1);
    expect(await toggles.getByLabel('综合指数说明').count()).toBe(1);

    await page.getByText('近90天', { exact: true }).click();
    await expect
      .poll(() => periodText.textContent(), { timeout: 10_000 })
      .toContain(`${dayBefore(89)} 至 ${server.asOf}`);
    await waitForChart(page, 'trend-chart');
    await page.getByTestId('trend-card').scrollIntoViewIfNeeded();
    await whenChartStill(page, 'trend-chart');
    await screenshot(page, 'keyword-detail-trend-90-light');

    // A custom range: two stored days picked in the calendar; days after the data day cannot be picked.
    await page.getByText('自定义', { exact: true }).click();
    await page.getByText(/请选择 .* 之间的日期/).waitFor();
    await page.getByLabel('自定义时间范围').first().click();
    const start = dayBefore(20);
    const end = dayBefore(6);
    await page.locator(`.ant-picker-cell[title="${start}"]`).first().click();
    await page.locator(`.ant-picker-cell[title="${end}"]`).first().click();
    await expect.poll(() => periodText.textContent(), { timeout: 10_000 }).toContain(`${start} 至 ${end}`);
    await waitForChart(page, 'trend-chart');
    expect(await page.getByText('共 15 天').count()).toBe(1);

    await page.getByRole('tab', { name: '相关词' }).click();
    const related = page.getByTestId('related-tab');
    // The table's first row while the list loads is antd's placeholder: wait for a word's own strength.
    const strengths = related.getByTestId('relation-strength');
    await strengths.first().waitFor();
    expect(await strengths.count()).toBeGreaterThan(0);
    expect(await strengths.first().getAttribute('aria-label')).toMatch(/^关联强度[强中弱]，\d+$/);
    const directions = await related
      .locator('[data-trend]')
      .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-trend')));
    expect(directions.length).toBeGreaterThan(0);
    expect(directions.every((direction) => ['rising', 'falling', 'flat', 'unknown'].includes(direction ?? ''))).toBe(
      true,
    );
    await related.scrollIntoViewIfNeeded();
    await whenSettled(related);
    await screenshot(page, 'keyword-detail-related-strength-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the search box’s example 露营装备 on 小红书 with an audience estimated from its industry, marked 估算', async () => {
    const { page, errors, context } = await openPage(browser, { theme: 'light' });
    await signIn(context, server.token);
    await page.goto(`${server.url}/RsoKeyWordDetail/audience?keyword=${encodeURIComponent('露营装备')}`);
    await page.getByTestId('audience-tab').waitFor();
    const mark = page.getByTestId('portrait-estimated');
    await mark.waitFor();
    expect(await mark.textContent()).toBe('估算');
    await waitForChart(page, 'age-chart');
    await waitForChart(page, 'region-map');
    await mark.hover();
    await page.getByRole('tooltip').getByText('该词暂无平台画像，按同行业有画像的词估算，仅供参考').waitFor();
    await screenshot(page, 'keyword-detail-audience-estimated-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a keyword’s detail in the light theme from its address, tab included', async () => {
    const { page, errors, context } = await openPage(browser, { theme: 'light' });
    await signIn(context, server.token);
    await page.goto(`${server.url}/KeywordDouyinHot/industryHot`);
    const keyword = (await page.locator('.kb-keyword').first().textContent()) ?? '';
    await page.goto(`${server.url}/keyWordDetail/competeAnalyze?keyword=${encodeURIComponent(keyword)}`);
    await page.getByTestId('compete-tab').waitFor();
    expect(await page.getByRole('tab', { name: '竞争分析', selected: true }).count()).toBe(1);
    // The chart against the industry's median comes with the tab when the industry has one.
    if (await page.getByTestId('compete-chart').count()) await whenChartStill(page, 'compete-chart');
    await whenStill(page);
    await screenshot(page, 'keyword-detail-compete-light');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a visitor off a detail page and shows a shared keyword with a login prompt', async () => {
    const { page, errors, context } = await openPage(browser);
    await page.goto(`${server.url}/KeywordDouyinHot/blue`);
    const keyword = (await page.locator('.kb-keyword').first().textContent()) ?? '';
    await page.goto(`${server.url}/keyWordDetail?keyword=${encodeURIComponent(keyword)}`);
    await page.getByTestId('home-page').waitFor();
    await page.goto(`${server.url}/keyWordShareDetail?keyword=${encodeURIComponent(keyword)}&platform=DSO`);
    await page.getByTestId('keyword-figures').waitFor();
    await page.getByTestId('share-login-prompt').waitFor();
    expect(await page.locator('.kd-summary__keyword').textContent()).toBe(keyword);
    expect(errors).toEqual([]);
    await context.close();
  });
});
