import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { chartPicture, waitForChart, whenChartStill } from '../support/charts';
import { type DetailServer, signIn, startDetailServer } from '../support/detail';

describe('关键词思维导图: build a map for 露营装备, expand a node, export it', () => {
  let server: DetailServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startDetailServer({ grade: 'VIP' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('groups the library words of 露营装备, opens 露营 into its own words, and exports a PNG and Markdown', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/simmind`);
    await page.getByLabel('导图关键词').fill('露营装备');
    await page.getByRole('button', { name: /生成导图/ }).click();
    const summary = page.getByTestId('mind-map-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/「露营装备」 \d+ 个分组 · \d+ 个关键词/);
    await page.getByText('沙箱示例输出').waitFor();
    await waitForChart(page, 'mind-map-chart');
    const outline = page.getByTestId('mind-map-outline');
    await outline.getByText('核心词根').waitFor();
    await screenshot(page, 'mind-map-built');

    // 露营, a root word of 露营装备, has drop-down words of its own.
    const root = outline.getByRole('button', { name: '露营', exact: true });
    const before = (await page.getByTestId('mind-map-chart').boundingBox())!.height;
    await whenChartStill(page, 'mind-map-chart');
    const pictureBefore = await chartPicture(page, 'mind-map-chart');
    await root.click();
    await expect.poll(() => root.getAttribute('aria-expanded')).toBe('true');
    const children = root.locator('xpath=following-sibling::ul/li');
    expect(await children.count()).toBeGreaterThan(0);
    const child = (await children.first().getByRole('button').getAttribute('aria-label'))!;
    expect(child).toContain('露营');
    // The drawing takes the new branch in: taller, or the same height laid out anew (a branch in the same height can
    // paint fewer pixels than before, so what is compared is the picture, against the still one before the click).
    await expect
      .poll(async () => (await page.getByTestId('mind-map-chart').boundingBox())!.height, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(before);
    await expect.poll(() => chartPicture(page, 'mind-map-chart'), { timeout: 10_000 }).not.toBe(pictureBefore);
    await screenshot(page, 'mind-map-expanded');

    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出图片/ }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('思维导图-露营装备.png');
    const pngBytes = await readFile((await png.path())!);
    expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(pngBytes.length).toBeGreaterThan(10_000);

    const [markdown] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /导出 Markdown/ }).click(),
    ]);
    expect(markdown.suggestedFilename()).toBe('思维导图-露营装备.md');
    const text = await readFile((await markdown.path())!, 'utf8');
    expect(text.startsWith('# 露营装备\n')).toBe(true);
    expect(text).toContain('## 核心词根');
    expect(text).toContain('- 露营（词根');
    expect(text).toContain(`  - ${child}（`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
