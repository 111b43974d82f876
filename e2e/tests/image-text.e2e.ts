import { zipOf } from '@dso/server/uploads/test-archives';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { signIn } from '../support/detail';
import { type ImageTextServer, startImageTextServer } from '../support/image-text';

/** A small picture of one colour, as a phone would export a card. */
function picture(red: number, green: number, blue: number): Buffer {
  const png = new PNG({ width: 90, height: 120 });
  for (let at = 0; at < png.data.length; at += 4) {
    png.data[at] = red;
    png.data[at + 1] = green;
    png.data[at + 2] = blue;
    png.data[at + 3] = 255;
  }
  return PNG.sync.write(png);
}

describe('AI 图文: generate a work for a keyword, edit it, find it in history, upload works', () => {
  let server: ImageTextServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startImageTextServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('saves card settings, generates a work for 露营装备 drawn with them, edits it and finds it in history', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/setImg`);
    await page.getByText('笔记纸').click();
    await page.getByRole('button', { name: '奶油白' }).click();
    await page.getByTestId('card-preview').and(page.locator('[data-template="note"]')).waitFor();
    await page.getByRole('button', { name: '保存设置' }).click();
    await page.getByText('设置已保存').waitFor();
    await screenshot(page, 'image-text-settings');

    await page.getByRole('link', { name: /单篇生成/ }).click();
    await page.waitForURL('**/keywordImg');
    await page.locator('#it-keyword').fill('露营装备');
    await page.getByTestId('image-text-remaining').getByText(String(server.remaining)).waitFor();
    await page.getByRole('button', { name: '生成图文' }).click();
    // The note streams: the sources it draws on and the growing text.
    await page.getByTestId('image-text-sources').getByText('露营装备避坑，这三样别买').waitFor();
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="image-text-note"]')?.textContent?.length ?? 0) > 40,
    );
    await page.getByTestId('sandbox-tag').waitFor();
    await screenshot(page, 'image-text-streaming');
    // Then the cards are drawn as a job and appear.
    await page.locator('[data-testid="image-text-result"][data-status="done"]').waitFor({ timeout: 60_000 });
    const images = page.getByTestId('image-text-result').getByTestId('work-image');
    await expect.poll(() => images.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    const count = await images.count();
    // Every card was painted: each image has its natural size.
    await page.waitForFunction(
      (expected) =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="image-text-result"] img')).filter(
          (image) => image.complete && image.naturalWidth === 1080,
        ).length === expected,
      count,
    );
    await page
      .getByTestId('image-text-remaining')
      .getByText(String(server.remaining - 1))
      .waitFor();
    await screenshot(page, 'image-text-generated');

    await page.getByRole('button', { name: /查看与编辑/ }).click();
    await page.waitForURL('**/keywordImgDetails?id=*');
    const title = page.getByLabel(/标题/);
    await title.waitFor();
    await title.fill('露营装备清单：新手这样买不踩坑');
    await page.getByRole('button', { name: '第3张前移' }).click();
    await page.getByRole('button', { name: `删除第${count}张` }).click();
    await expect.poll(() => page.getByTestId('editor-image').count()).toBe(count - 1);
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功').waitFor();
    await screenshot(page, 'image-text-details');

    await page.getByRole('link', { name: /历史记录/ }).click();
    await page.waitForURL('**/keywordImgHistory');
    const card = page.getByTestId('history-work').filter({ hasText: '露营装备清单：新手这样买不踩坑' });
    await card.waitFor();
    await expect.poll(() => card.getByText(`${count - 1} 张图`).count()).toBe(1);
    await screenshot(page, 'image-text-history');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('queues a batch of keywords and shows the status of each work until its cards are drawn', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/keywordImgsV2`);
    await page.locator('#it-keywords').fill('露营\n露营装备');
    await page.getByTestId('batch-estimate').getByText('共 2 个关键词').waitFor();
    await page.getByRole('button', { name: '批量生成' }).click();
    await page.getByText('图文作品正在生成中，请稍后到历史记录中查看').waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => page.getByText('已完成').count(), { timeout: 60_000 }).toBe(2);
    await expect.poll(() => page.locator('.ant-table-tbody img[data-testid="work-image"]').count()).toBe(2);
    await page
      .getByTestId('image-text-remaining')
      .getByText(String(server.remaining - 3))
      .waitFor();
    await screenshot(page, 'image-text-batch');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses an unsafe archive, then uploads a works zip and adds the first works the quota allows', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.token);
    await page.goto(`${server.url}/keywordImgHistory/upload`);
    await page.getByText('还没有上传的图文作品').waitFor();
    await page.getByRole('button', { name: /上传作品/ }).click();
    const dialog = page.getByTestId('works-upload-dialog');
    await whenSettled(dialog);
    const input = page.getByTestId('works-upload-input');

    await input.setInputFiles({
      name: '危险作品.zip',
      mimeType: 'application/zip',
      buffer: zipOf([{ name: '../越界/1.png', data: picture(200, 40, 40) }]),
    });
    await dialog.getByText('危险作品.zip').waitFor();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('解析失败！').waitFor();
    await page.getByText('文件包含不安全的路径（绝对路径或 ..），已拒绝解析').first().waitFor();
    await screenshot(page, 'image-text-upload-refused');
    await dialog.getByRole('button', { name: /删除/ }).click();

    const works = zipOf([
      { name: '01 周末露营/1.png', data: picture(255, 106, 61) },
      { name: '01 周末露营/2.png', data: picture(30, 42, 74) },
      { name: '01 周末露营/标题.txt', data: '周末露营清单\n帐篷、天幕、睡袋，三样就够' },
      { name: '02 露营做饭/1.png', data: picture(46, 184, 114) },
      { name: '03 带娃露营/1.png', data: picture(232, 163, 61) },
      { name: '04 露营灯/1.png', data: picture(22, 119, 255) },
    ]);
    await input.setInputFiles({ name: '我的图文作品.zip', mimeType: 'application/zip', buffer: works });
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await dialog.getByText('解析成功！共4个图文作品').waitFor();
    const ask = page.getByTestId('quota-first-n');
    await ask.waitFor();
    expect(await ask.textContent()).toBe('当前剩余额度不足，是否上传前1个作品？');
    await screenshot(page, 'image-text-upload-first-n');
    const askDialog = page.locator('.ant-modal').filter({ has: ask });
    await whenSettled(askDialog.getByRole('button', { name: /确\s*定/ }));
    await askDialog.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已添加1个图文作品').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // Only the first work fits the one unit left.
    await expect.poll(() => page.getByTestId('history-work').count(), { timeout: 10_000 }).toBe(1);
    await page.getByTestId('history-work').filter({ hasText: '周末露营清单' }).getByText('2 张图').waitFor();
    await page.getByTestId('image-text-remaining').getByText('0').waitFor();
    await screenshot(page, 'image-text-uploaded');
    // The refused archive's answer is a business refusal (HTTP 200): the dialog showed it, the console stays clean.
    expect(errors).toEqual([]);
    await context.close();
  });
});
