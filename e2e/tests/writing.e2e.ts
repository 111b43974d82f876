import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot } from '../support/browser';
import { signIn } from '../support/detail';
import { startWritingServer, type WritingServer } from '../support/writing';

describe('AI 创作: pick a template, generate, stop, regenerate, save and find it in history', () => {
  let server: WritingServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startWritingServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('streams a text that grows, stops it, regenerates it and reopens it from 创作历史', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.vipToken);
    await page.goto(`${server.url}/CueWord`);
    await page.getByRole('heading', { name: '短视频脚本' }).waitFor();
    await page.getByRole('heading', { name: '小红书笔记' }).waitFor();
    await screenshot(page, 'writing-templates');
    await page.getByRole('button', { name: /口播短视频脚本/ }).click();
    await page.waitForURL('**/writing');
    await page.getByRole('heading', { name: '口播短视频脚本' }).waitFor();

    await page.getByLabel('视频主题').fill('露营装备');
    await page.getByLabel('核心观点').fill('入门不用买贵的，三样东西就够');
    await page.getByRole('button', { name: '开始生成' }).click();
    const output = page.getByTestId('writing-output');
    await page.waitForFunction(() => {
      const area = document.querySelector<HTMLTextAreaElement>('[data-testid="writing-output"]');
      return (area?.value.length ?? 0) > 10;
    });
    const early = (await output.inputValue()).length;
    // The text grows while it streams.
    await page.waitForFunction(
      (length) =>
        (document.querySelector<HTMLTextAreaElement>('[data-testid="writing-output"]')?.value.length ?? 0) >
        length + 20,
      early,
    );
    await page.getByTestId('sandbox-tag').waitFor();
    await screenshot(page, 'writing-streaming');

    await page.getByRole('button', { name: '停止生成' }).click();
    await page.getByText('已停止').waitFor();
    const stopped = await output.inputValue();
    // The template's form from its first line; the sandbox tag sits beside the text, not in it.
    expect(stopped.startsWith('【开头钩子】')).toBe(true);
    expect(stopped).not.toContain('沙箱');
    expect(stopped).toContain('露营装备');

    await page.getByRole('button', { name: '重新生成' }).click();
    await page.getByText('生成中…').waitFor();
    await page.getByText('生成中…').waitFor({ state: 'hidden', timeout: 30_000 });
    const full = await output.inputValue();
    expect(full.length).toBeGreaterThan(stopped.length);
    expect(full).toContain('入门不用买贵的，三样东西就够');
    await screenshot(page, 'writing-done');

    await output.fill(`${full}\n（已人工润色）`);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();

    await page.getByRole('link', { name: '创作历史' }).click();
    await page.waitForURL('**/CueWordHistory');
    const title = page.getByRole('link', { name: '口播短视频脚本：露营装备' });
    await title.waitFor();
    await screenshot(page, 'writing-history');
    await title.click();
    await page.waitForURL('**/writing?work=*');
    await page.waitForFunction(() =>
      document.querySelector<HTMLTextAreaElement>('[data-testid="writing-output"]')?.value.endsWith('（已人工润色）'),
    );
    expect(await page.getByLabel('视频主题').inputValue()).toBe('露营装备');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('writes 爆款标题 as ten numbered titles with the keyword, none the same', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.vipToken);
    await page.goto(`${server.url}/CueWord`);
    await page.getByRole('button', { name: /爆款标题/ }).click();
    await page.waitForURL('**/writing');
    // The form's field (the header's search box is labelled 关键词 too).
    await page.getByPlaceholder('例如：减脂餐').fill('减脂餐');
    await page.getByRole('button', { name: '开始生成' }).click();
    await page.getByRole('button', { name: '重新生成' }).waitFor({ timeout: 30_000 });
    const lines = (await page.getByTestId('writing-output').inputValue()).split('\n');
    expect(lines).toHaveLength(10);
    for (const [index, line] of lines.entries()) expect(line).toMatch(new RegExp(`^${index + 1}\\. .*减脂餐`));
    expect(new Set(lines.map((line) => line.replace(/^\d+\. /, ''))).size).toBe(10);
    await page.getByTestId('sandbox-tag').waitFor();
    await screenshot(page, 'writing-viral-titles');
    expect(errors).toEqual([]);
    await context.close();
  });
});
