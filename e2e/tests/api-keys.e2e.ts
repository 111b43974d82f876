import { apiKeyMessages, Code, OpenPath } from '@dso/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { signIn } from '../support/detail';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

/** An open call with a key, as a member's own program makes it: the envelope and the HTTP status. */
async function openCall(server: { url: string }, key: string) {
  const response = await fetch(`${server.url}${OpenPath.monitorRanks}?page_no=1&page_size=20`, {
    headers: { authorization: `Bearer ${key}` },
  });
  return { status: response.status, envelope: (await response.json()) as { code: number; msg: string } };
}

describe('API keys: a member makes a key in the personal centre and a program calls the open API with it', () => {
  let server: JourneyServer<{ member: JourneyAccount }>;
  let browser: Browser;
  beforeAll(async () => {
    server = await startJourneyServer({ prepare: async (db) => ({ member: await journeyAccount(db, 'VIP') }) });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a key shown once, copies it, calls an open route with it (one unit), and revokes it', async () => {
    const { page, context, errors } = await openPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signIn(context, server.prepared.member.token);
    await page.goto(`${server.url}/setting?type=api`);
    await page.getByRole('heading', { name: 'API 密钥' }).waitFor();
    await page.getByTestId('api-units').filter({ hasText: '已用 0 / 1000' }).waitFor();
    await page.getByText('还没有 API 密钥').waitFor();

    await page.getByRole('button', { name: '新建密钥' }).click();
    const dialog = page.getByRole('dialog', { name: '新建密钥' });
    await whenSettled(dialog);
    await dialog.getByPlaceholder('请输入密钥名称').fill('选词脚本');
    await dialog.getByRole('button', { name: /创\s*建/ }).click();
    const shown = page.getByRole('dialog', { name: '密钥已创建' });
    await shown.getByText('密钥仅显示这一次').waitFor();
    const key = await shown.getByTestId('api-key-created').inputValue();
    expect(key).toMatch(/^dso_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: /复\s*制/ }).click();
    await page.getByText('复制成功').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(key);
    await screenshot(page, 'api-keys-created');
    await shown.getByRole('button', { name: '我已保存，关闭' }).click();
    await shown.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: '选词脚本' });
    await row.getByText(`${key.slice(0, 12)}…`).waitFor();
    await row.getByText('从未使用').waitFor();
    expect(await page.content()).not.toContain(key);

    // The member's program calls an open route with the copied key: served, and one unit taken.
    const served = await openCall(server, copied);
    expect(served).toMatchObject({ status: 200, envelope: { code: Code.OK } });
    await page.reload();
    await page.getByTestId('api-units').filter({ hasText: '已用 1 / 1000' }).waitFor();
    await page.getByRole('row').filter({ hasText: '选词脚本' }).getByText('从未使用').waitFor({ state: 'detached' });
    await screenshot(page, 'api-keys-used');

    // Revoked after the confirmation, the key is refused at once.
    await page
      .getByRole('row')
      .filter({ hasText: '选词脚本' })
      .getByRole('button', { name: /撤\s*销/ })
      .click();
    const confirm = page.getByRole('tooltip').filter({ hasText: '无法恢复' });
    await whenSettled(confirm);
    await confirm.getByRole('button', { name: /撤\s*销/ }).click();
    await page.getByText('还没有 API 密钥').waitFor();
    expect(await openCall(server, copied)).toMatchObject({
      status: 401,
      envelope: { code: Code.TOKEN_INVALID, msg: apiKeyMessages.invalid },
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
