import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestSmsCode, toastOf } from '../support/accounts';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { signIn } from '../support/detail';
import { type SettingServer, startSettingServer } from '../support/setting';

describe('the personal centre: see the account, invite a child account and let it leave', () => {
  let server: SettingServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startSettingServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the account: the masked phone, the grade with its days left, and the WeChat binding', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.parent.token);
    await page.goto(`${server.url}/setting`);
    const profile = page.getByTestId('account-profile');
    await profile.getByText(server.parent.maskedPhone).waitFor();
    await profile.getByText('企业版').waitFor();
    await profile.getByText(/剩余 \d+ 天/).waitFor();
    await page.getByText('未绑定').waitFor();
    expect(await page.getByTestId('setting-sidebar').getAttribute('data-open')).toBe('1');
    await screenshot(page, 'setting-account');
    // 修改密码 opens the reset-password dialog.
    await page.getByRole('button', { name: '修改密码' }).click();
    const dialog = page.getByRole('dialog', { name: '重置密码' });
    await whenSettled(dialog);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // 修改手机号 opens the change-phone dialog.
    await page.getByRole('button', { name: '修改手机号' }).click();
    const changePhone = page.getByRole('dialog', { name: '修改手机号' });
    await whenSettled(changePhone);
    await page.keyboard.press('Escape');
    await changePhone.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('invites a child account by phone; the child accepts, later unbinds itself with a code, and the parent sees it end', async () => {
    const parent = await openPage(browser);
    await signIn(parent.context, server.parent.token);
    await parent.page.goto(`${server.url}/setting?type=child`);
    await parent.page.getByRole('heading', { name: '子账号管理' }).waitFor();
    await parent.page.getByTestId('child-quota').filter({ hasText: '0 / 3' }).waitFor();
    await parent.page.getByRole('button', { name: '邀请子账号' }).click();
    const dialog = parent.page.getByRole('dialog', { name: '邀请子账号' });
    await whenSettled(dialog);
    await dialog.getByPlaceholder('请输入手机号').fill(server.child.phone);
    await dialog.getByRole('button', { name: '发送邀请' }).click();
    const row = parent.page.getByRole('row').filter({ hasText: server.child.phone });
    await row.getByText('待接受').waitFor();
    await parent.page.getByTestId('child-quota').filter({ hasText: '1 / 3' }).waitFor();
    await screenshot(parent.page, 'setting-child-invited');

    // The invited phone's user sees the bind notice and accepts.
    const child = await openPage(browser);
    await signIn(child.context, server.child.token);
    await child.page.goto(`${server.url}/`);
    const notice = child.page.getByRole('dialog').filter({ hasText: '子账号绑定通知' });
    await whenSettled(notice);
    await notice.getByRole('button', { name: '我知道了' }).click();
    await notice.waitFor({ state: 'hidden' });

    await parent.page.reload();
    await parent.page.getByRole('row').filter({ hasText: server.child.phone }).getByText('已绑定').waitFor();
    await screenshot(parent.page, 'setting-child-bound');

    // The bound child leaves by itself from 账号信息: a code to its own phone, then the confirm.
    await child.page.goto(`${server.url}/setting`);
    const parentRow = child.page.locator('.setting-row').filter({ hasText: '主账号' });
    await parentRow.getByText(`共享主账号 ${server.parent.maskedPhone} 的会员权益`).waitFor();
    expect(
      await child.page
        .getByTestId('setting-account')
        .getByRole('button', { name: /升级|续费|购买/ })
        .count(),
    ).toBe(0);
    await parentRow.getByRole('button', { name: '解除绑定' }).click();
    const unbind = child.page.getByRole('dialog', { name: '解除子账号绑定' });
    await unbind.getByText(`验证码将发送至 ${server.child.maskedPhone}`).waitFor();
    const code = await requestSmsCode(child.page, unbind, server, server.child.phone);
    await screenshot(child.page, 'setting-child-unbind-code');
    await unbind.getByLabel('验证码', { exact: true }).fill(code);
    await unbind.getByRole('button', { name: '下一步' }).click();
    await unbind.getByText('是否立即解除账号关系？').waitFor();
    expect(await unbind.textContent()).toContain('解除后，您将无法继续使用主账号的企业版会员权益，此操作不可撤销。');
    await whenSettled(unbind.getByRole('button', { name: '确定解除' }));
    await screenshot(child.page, 'setting-child-unbind-confirm');
    const reloaded = child.page.waitForEvent('load');
    await unbind.getByRole('button', { name: '确定解除' }).click();
    await toastOf(child.page, '解绑成功').waitFor();
    await reloaded;
    // Back on its own FREE grade: no parent row, and the upgrade is offered again.
    await child.page.getByTestId('setting-account').getByRole('button', { name: '升级会员' }).waitFor();
    expect(await child.page.getByTestId('setting-account').getByText('免费版').count()).toBe(1);
    expect(await child.page.locator('.setting-row').filter({ hasText: '主账号' }).count()).toBe(0);

    await parent.page.reload();
    const ended = parent.page.getByRole('row').filter({ hasText: server.child.phone });
    await ended.getByText('已解绑').waitFor();
    await ended.getByRole('button', { name: '重新邀请' }).waitFor();
    await parent.page.getByTestId('child-quota').filter({ hasText: '0 / 3' }).waitFor();
    await screenshot(parent.page, 'setting-child-ended');
    expect(parent.errors).toEqual([]);
    expect(child.errors).toEqual([]);
    await parent.context.close();
    await child.context.close();
  }, 120_000);
  it('closes an account: the terms, a code to its own phone, then the day of the erasure and a logout', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.closer.token);
    await page.goto(`${server.url}/setting`);
    const row = page.locator('.setting-row').filter({ hasText: '注销账号' });
    await row.getByText('申请后有 15 天冷静期').waitFor();
    await row.getByRole('button', { name: '注销账号' }).click();
    const dialog = page.getByRole('dialog', { name: '注销账号' });
    await whenSettled(dialog);
    await dialog.getByText(`验证码将发送至当前手机号 ${server.closer.maskedPhone}`).waitFor();
    expect(await dialog.getByRole('button', { name: '申请注销' }).isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: '我已阅读并同意以上注销须知' }).check();
    const code = await requestSmsCode(page, dialog, server, server.closer.phone);
    await dialog.getByLabel('验证码', { exact: true }).fill(code);
    await expect.poll(() => dialog.getByRole('button', { name: '申请注销' }).isEnabled()).toBe(true);
    await screenshot(page, 'setting-close-account');
    await dialog.getByRole('button', { name: '申请注销' }).click();
    const requested = dialog.getByTestId('closure-requested');
    await requested.getByText(/账号将于 \d{4}年\d{1,2}月\d{1,2}日 注销/).waitFor();
    await screenshot(page, 'setting-close-account-requested');
    const reloaded = page.waitForEvent('load');
    await requested.getByRole('button', { name: '我知道了' }).click();
    await reloaded;
    // Logged out, at the home page: the header offers the login again.
    await page.getByTestId('header-login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await screenshot(page, 'setting-close-account-logged-out');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
  it('answers "where did my uses go": a text written in AI 创作 is in 用量明细 with what it was for', async () => {
    const { page, context, errors } = await openPage(browser);
    await signIn(context, server.parent.token);
    await page.goto(`${server.url}/CueWord`);
    await page.getByRole('button', { name: /口播短视频脚本/ }).click();
    await page.waitForURL('**/writing');
    await page.getByLabel('视频主题').fill('露营装备');
    await page.getByLabel('核心观点').fill('入门三样东西就够');
    await page.getByRole('button', { name: '开始生成' }).click();
    // The unit is settled once the text is complete, when 重新生成 is offered.
    await page.getByRole('button', { name: '重新生成' }).waitFor({ timeout: 30_000 });

    await page.goto(`${server.url}/setting?type=usage`);
    await page.getByRole('heading', { name: '用量明细' }).waitFor();
    const writing = page.getByTestId('usage-log-AI_WRITING_COUNT_DAY');
    await writing.getByText('AI写作每日次数').waitFor();
    await writing.getByRole('cell', { name: '口播短视频脚本 · 露营装备' }).waitFor();
    await writing.getByRole('cell', { name: '扣除 1 次', exact: true }).waitFor();
    expect(await writing.getByText(/今日已用 1 次 · 剩余 \d+ \/ \d+ 次/).count()).toBe(1);
    await screenshot(page, 'setting-usage-log');
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
