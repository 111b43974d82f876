import { shanghaiDay } from '@dso/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountsServer,
  openGlobalDialog,
  requestSmsCode,
  startAccountsServer,
  toastOf as toast,
} from '../support/accounts';
import {
  launchBrowser,
  openPage,
  recordToasts,
  screenshot,
  type TrackedPage,
  whenSettled,
  whenStill,
} from '../support/browser';

/**
 * Three phones, one per way of joining, and the accounts of the child-account and sister-product
 * journeys; the sandbox sends their codes to the `sms_outbox` table. One address may ask codes for at
 * most five phones in ten minutes, so the parents and the sister-product arrival never ask for one.
 */
const phones = {
  wechat: '13800000001',
  code: '13800000002',
  password: '13800000003',
  unbindingChild: '13800000004',
  acceptingChild: '13800000005',
  unbindingParent: '13800000011',
  acceptingParent: '13800000012',
  dcc: '13800000021',
} as const;
const firstPassword = 'Abc12345';
const newPassword = 'Xyz98765q';

describe('account journeys', () => {
  let server: AccountsServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startAccountsServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openHome(): Promise<TrackedPage> {
    const tracked = await openPage(browser);
    await tracked.page.goto(server.url);
    await tracked.page.getByTestId('home-page').waitFor();
    return tracked;
  }

  /** The about page: a light page for the sessions that only need to exist. */
  async function openAbout(): Promise<TrackedPage> {
    const tracked = await openPage(browser);
    await tracked.page.goto(`${server.url}/about`);
    await tracked.page.getByTestId('header-login').waitFor();
    return tracked;
  }

  async function openLoginDialog(page: Page) {
    await page.getByTestId('header-login').click();
    const dialog = page.locator('.dso-login-dialog');
    await dialog.getByRole('tab', { name: '微信扫码登录' }).waitFor();
    return dialog;
  }

  /** Clicks the code button in `scope`, solves the captcha and returns the code the sandbox sent. */
  async function requestCode(page: Page, scope: Locator, phone: string, shot?: string) {
    return requestSmsCode(page, scope, server, phone, async (shown) => {
      if (!shot) return;
      await whenSettled(shown.locator('.dso-captcha-dialog'));
      await screenshot(shown, shot);
    });
  }

  /** Waits for the reload that follows a login on the page the user started from. */
  async function loggedInAfterReload(page: Page, action: () => Promise<void>) {
    const reloaded = page.waitForEvent('load');
    await action();
    await reloaded;
    await page.getByTestId('header-avatar').waitFor();
  }

  /**
   * Logs out from the account panel, which opens on hovering the avatar. The click is dispatched on
   * the button itself: a pointer travelling there can close the hover panel on a busy machine.
   */
  async function logOut(page: Page) {
    await page.getByTestId('header-avatar').hover();
    const leave = page.getByTestId('user-panel').getByRole('button', { name: '退出登录' });
    await leave.waitFor();
    const reloaded = page.waitForEvent('load');
    await leave.dispatchEvent('click');
    await reloaded;
    await page.getByTestId('header-login').waitFor();
  }

  /** Switches a tab of the login dialog and waits until it shows. */
  async function chooseTab(dialog: Locator, name: string) {
    const tab = dialog.getByRole('tab', { name });
    await expect
      .poll(async () => {
        await tab.click();
        return tab.getAttribute('aria-selected');
      })
      .toBe('true');
  }

  /** Logs an existing account in with a phone code, through the captcha. */
  async function logInWithCode(page: Page, phone: string) {
    const dialog = await openLoginDialog(page);
    await chooseTab(dialog, '验证码登录');
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByLabel('验证码', { exact: true }).fill(await requestCode(page, dialog, phone));
    await loggedInAfterReload(page, async () => {
      await dialog.getByRole('button', { name: '注册/登录' }).click();
      await toast(page, '登录成功').waitFor();
    });
  }

  /** Clicks an entry of the account panel, dispatched on the button for the reason `logOut` gives. */
  async function chooseFromAccountPanel(page: Page, name: string) {
    await page.getByTestId('header-avatar').hover();
    const entry = page.getByTestId('user-panel').getByRole('button', { name });
    await entry.waitFor();
    await entry.dispatchEvent('click');
  }

  /** A SVIP parent whose pending invite waits for an existing FREE account; returns the link id. */
  async function invitedChild(parentPhone: string, childPhone: string) {
    const parent = await server.createUser({ phone: parentPhone, grade: 'SVIP' });
    await server.createUser({ phone: childPhone });
    return { parent, linkId: await server.inviteChild(parent.id, childPhone) };
  }

  const childNotice = (page: Page) => page.locator('.dso-account-dialog').filter({ hasText: '子账号绑定通知' });

  /** Logs in with a password; `beforeReload` runs once the button is pressed, before the page reloads. */
  async function logInWithPassword(page: Page, phone: string, password: string, beforeReload?: () => Promise<void>) {
    const dialog = await openLoginDialog(page);
    await chooseTab(dialog, '密码登录');
    await dialog.getByLabel('手机号', { exact: true }).fill(phone);
    await dialog.getByLabel('密码', { exact: true }).fill(password);
    await loggedInAfterReload(page, async () => {
      await dialog.getByRole('button', { name: /^登\s?录$/ }).click();
      await beforeReload?.();
    });
  }

  it('logs in by WeChat QR through the sandbox scan page, binding a phone the first time', async () => {
    const { page, context, errors } = await openHome();
    const dialog = await openLoginDialog(page);
    const link = dialog.getByTestId('wechat-sandbox-link');
    await link.waitFor();
    await expect.poll(() => dialog.locator('.ant-qrcode svg').count()).toBe(1);
    await whenStill(page);
    await screenshot(page, 'account-login-dialog');
    expect(await dialog.textContent()).toContain('登录即表示同意《用户协议》和《隐私政策》');

    // The phone: the scan URL opened in a second page, confirmed as the proposed WeChat user.
    const scan = await context.newPage();
    await scan.goto((await link.getAttribute('href')) ?? '');
    await scan.getByRole('button', { name: '确认登录' }).click();
    await scan.getByText('登录已确认').waitFor();

    // First time: no DSO account for this WeChat user, so the bind-phone dialog takes over.
    const bind = page.locator('.dso-account-dialog').filter({ hasText: '绑定手机号' });
    await bind.getByRole('button', { name: '绑定并登录' }).waitFor();
    expect(await bind.getByRole('button', { name: '绑定并登录' }).isDisabled()).toBe(true);
    await bind.getByLabel('手机号', { exact: true }).fill(phones.wechat);
    const code = await requestCode(page, bind, phones.wechat);
    await bind.getByLabel('验证码', { exact: true }).fill(code);
    await loggedInAfterReload(page, async () => {
      await bind.getByRole('button', { name: '绑定并登录' }).click();
      await toast(page, '绑定成功').waitFor();
    });

    // Second time the same WeChat user logs straight in.
    await logOut(page);
    const again = await openLoginDialog(page);
    const href = await again.getByTestId('wechat-sandbox-link').getAttribute('href');
    await scan.goto(href ?? '');
    await loggedInAfterReload(page, async () => {
      await scan.getByRole('button', { name: '确认登录' }).click();
      await toast(page, '登录成功').waitFor();
    });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('logs in with a phone code after the slider captcha, registering the new phone', async () => {
    const { page, context, errors } = await openHome();
    const dialog = await openLoginDialog(page);
    await chooseTab(dialog, '验证码登录');
    const submit = dialog.getByRole('button', { name: '注册/登录' });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel('手机号', { exact: true }).fill(phones.code);
    const code = await requestCode(page, dialog, phones.code, 'account-captcha');
    await dialog.getByLabel('验证码', { exact: true }).fill(code);
    await expect.poll(() => submit.isDisabled()).toBe(false);
    // Enter in the code field submits; a new phone is registered and offered a password, skippable.
    await dialog.getByLabel('验证码', { exact: true }).press('Enter');
    await toast(page, '注册成功').waitFor();
    const setPassword = page.locator('.dso-account-dialog').filter({ hasText: '设置登录密码' });
    const skip = setPassword.getByRole('button', { name: /^跳\s?过$/ });
    await whenSettled(skip);
    await loggedInAfterReload(page, () => skip.click());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('registers with a code, sets a password, logs out and logs in with the password', async () => {
    const { page, context, errors } = await openHome();
    const dialog = await openLoginDialog(page);
    await chooseTab(dialog, '验证码登录');
    await dialog.getByLabel('手机号', { exact: true }).fill(phones.password);
    await dialog.getByLabel('验证码', { exact: true }).fill(await requestCode(page, dialog, phones.password));
    await dialog.getByRole('button', { name: '注册/登录' }).click();

    const setPassword = page.locator('.dso-account-dialog').filter({ hasText: '设置登录密码' });
    await setPassword.getByLabel('新密码', { exact: true }).fill(firstPassword);
    await setPassword.getByLabel('确认密码', { exact: true }).fill(firstPassword);
    await loggedInAfterReload(page, async () => {
      await setPassword.getByRole('button', { name: /^完\s?成$/ }).click();
      await toast(page, '设置成功').waitFor();
    });
    await logOut(page);

    // A wrong password only stops the loading: no message.
    const toasts = await recordToasts(page);
    const login = await openLoginDialog(page);
    await chooseTab(login, '密码登录');
    await login.getByLabel('手机号', { exact: true }).fill(phones.password);
    await login.getByLabel('密码', { exact: true }).fill('Wrong1234');
    await login.getByRole('button', { name: /^登\s?录$/ }).click();
    await expect.poll(() => login.locator('.ant-btn-loading').count(), { timeout: 15_000 }).toBe(0);
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The next toast is the right password's 登录成功: had the wrong one raised a message, it would show first.
    await logInWithPassword(page, phones.password, firstPassword, () => toast(page, '登录成功').waitFor());
    expect(toasts[0]).toBe('登录成功');
    expect(new Set(toasts)).toEqual(new Set(['登录成功']));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets the password with a code and logs in with the new one', async () => {
    const { page, context, errors } = await openHome();
    const login = await openLoginDialog(page);
    await chooseTab(login, '密码登录');
    await login.getByRole('button', { name: '忘记密码？' }).click();

    const reset = page.locator('.dso-account-dialog').filter({ hasText: '重置密码' });
    const confirm = reset.getByRole('button', { name: '确认修改' });
    await reset.getByLabel('手机号', { exact: true }).fill(phones.password);
    await reset.getByLabel('验证码', { exact: true }).fill(await requestCode(page, reset, phones.password));
    await reset.getByLabel('新密码', { exact: true }).fill(newPassword);
    await reset.getByLabel('确认密码', { exact: true }).fill(`${newPassword}x`);
    expect(await confirm.isDisabled()).toBe(true);
    await reset.getByLabel('确认密码', { exact: true }).fill(newPassword);
    await expect.poll(() => confirm.isDisabled()).toBe(false);
    await confirm.click();
    await toast(page, '密码修改成功').waitFor();

    // A visitor goes on to the login dialog; the new password works.
    const again = page.locator('.dso-login-dialog');
    await chooseTab(again, '密码登录');
    await again.getByLabel('手机号', { exact: true }).fill(phones.password);
    await again.getByLabel('密码', { exact: true }).fill(newPassword);
    await loggedInAfterReload(page, () => again.getByRole('button', { name: /^登\s?录$/ }).click());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the account dialog to the oldest of four sessions of one account', async () => {
    // Three sessions may live at once: the fourth login kicks the first.
    const sessions: TrackedPage[] = [];
    for (let i = 0; i < 4; i++) {
      const tracked = await openAbout();
      await logInWithPassword(tracked.page, phones.password, newPassword);
      sessions.push(tracked);
    }
    const [first, , , last] = sessions;
    if (!first || !last) throw new Error('no session');
    await first.page.reload();
    await first.page.getByText('您的账号已被迫下线').waitFor();
    await first.page.getByRole('button', { name: '重新登录' }).click();
    await first.page.locator('.dso-login-dialog').getByRole('tab', { name: '微信扫码登录' }).waitFor();
    expect(await first.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The newest session is still signed in.
    await last.page.reload();
    await last.page.getByTestId('header-avatar').waitFor();
    for (const tracked of sessions) {
      expect(tracked.errors).toEqual([]);
      await tracked.context.close();
    }
  }, 150_000);

  it('offers the next tier with the ladder and the tier comparison when rights run out', async () => {
    const { page, context, errors } = await openHome();
    await logInWithPassword(page, phones.password, newPassword);
    await openGlobalDialog(page, 'noPermission', {
      message: '今日次数已用尽，请升级会员版本增加查看次数~',
      grade: 'VIP',
    });
    const dialog = page.getByTestId('no-permission-dialog');
    await dialog.getByText('今日次数已用尽，请升级会员版本增加查看次数~').waitFor();
    await dialog.locator('.dso-tier-table').waitFor();
    expect(await dialog.locator('.dso-ladder__step.is-current').textContent()).toContain('免费版');
    expect(await dialog.locator('.dso-ladder__step.is-target').textContent()).toContain('个人版');
    await whenStill(page);
    await screenshot(page, 'account-no-permission');

    // Upgrading opens the pay box on the offered tier with its plans.
    await page.getByRole('button', { name: '升级到个人版' }).click();
    const pay = page.getByTestId('pay-box');
    await pay.getByRole('tab', { name: /个人版/, selected: true }).waitFor();
    await pay.getByTestId('plan-option').first().waitFor();
    await whenStill(page);
    await screenshot(page, 'account-pay-dialog');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens change password with the phone locked, and change phone, from the account panel', async () => {
    const { page, context, errors } = await openAbout();
    await logInWithPassword(page, phones.password, newPassword);

    await chooseFromAccountPanel(page, '修改密码');
    const reset = page.locator('.dso-account-dialog').filter({ hasText: '重置密码' });
    const phone = reset.getByLabel('手机号', { exact: true });
    await phone.waitFor();
    await expect.poll(() => phone.isDisabled()).toBe(true);
    expect(await phone.inputValue()).toBe(phones.password);
    expect(await reset.getByRole('button', { name: '确认修改' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await reset.waitFor({ state: 'detached' });

    await chooseFromAccountPanel(page, '修改手机号');
    const change = page.locator('.dso-account-dialog').filter({ hasText: '验证原手机号' });
    await change.getByText('验证码将发送至当前手机号 138****0003').waitFor();
    expect(await change.locator('.ant-modal-title').textContent()).toBe('修改手机号');
    expect(await change.getByRole('button', { name: '下一步' }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an invited account unbind from the child-account notice with a code to its own phone', async () => {
    const { parent, linkId } = await invitedChild(phones.unbindingParent, phones.unbindingChild);
    const { page, context, errors } = await openHome();
    await logInWithCode(page, phones.unbindingChild);

    // Loading the user info finds the pending invite and opens the notice.
    const notice = childNotice(page);
    const lead = notice.getByText('已将您绑定为其子账号');
    await lead.waitFor();
    expect(await lead.textContent()).toBe('账号（138****0011）已将您绑定为其子账号，您将共享该账号的企业版会员权益。');
    // The day the parent's grade ends on, in Shanghai time, as the notice writes it (YYYY-MM-DD).
    expect(await notice.getByText('解绑日期：').textContent()).toBe(`解绑日期：${shanghaiDay(parent.gradeEndsAt!)}`);
    await whenStill(page);
    await screenshot(page, 'account-child-notice');

    // 解除绑定: an identity check with a code of api type 5 to the account's own phone.
    await notice.getByRole('button', { name: '解除绑定' }).click();
    await notice.getByText('为保障账号安全，请先验证身份。验证码将发送至 138****0004').waitFor();
    const next = notice.getByRole('button', { name: '下一步' });
    expect(await next.isDisabled()).toBe(true);
    await notice.getByLabel('验证码', { exact: true }).fill(await requestCode(page, notice, phones.unbindingChild));
    await next.click();
    await notice.getByText('是否立即解除账号关系？').waitFor();
    expect(await notice.textContent()).toContain('解除后，您将无法继续使用主账号的企业版会员权益，此操作不可撤销。');
    await whenStill(page);
    await screenshot(page, 'account-child-unbind-confirm');

    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: '确定解除' }).click();
    await toast(page, '解绑成功').waitFor();
    await reloaded;
    expect(await server.linkStatus(linkId)).toBe('refused');

    // After the reload the invite is gone: the check answers nothing and the notice stays shut.
    // The app's own reload may still be making its check when this one starts, and a page navigated away
    // from keeps no body: the answer read is the first whose body could be read (either says the same).
    let inviteAnswer: { data: unknown } | null = null;
    const inviteChecked = page.waitForResponse(async (response) => {
      if (!response.url().includes('/api/sub_account/invite_info')) return false;
      inviteAnswer = await response.json().catch(() => null);
      return inviteAnswer !== null;
    });
    await page.reload();
    await inviteChecked;
    expect(inviteAnswer!.data).toBeNull();
    await page.getByRole('button', { name: /会员权益/ }).waitFor();
    expect(await childNotice(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('binds an invited account that says 我知道了, which then holds the parent’s grade', async () => {
    const { linkId } = await invitedChild(phones.acceptingParent, phones.acceptingChild);
    const { page, context, errors } = await openHome();
    await logInWithCode(page, phones.acceptingChild);
    // A free account: the privileges button, no plan badge.
    await page.getByRole('button', { name: /会员权益/ }).waitFor();
    expect(await page.getByTestId('plan-badge').count()).toBe(0);

    const notice = childNotice(page);
    await notice.getByText('账号（138****0012）已将您绑定为其子账号').waitFor();
    const reloaded = page.waitForEvent('load');
    await notice.getByRole('button', { name: '我知道了' }).click();
    await reloaded;
    expect(await server.linkStatus(linkId)).toBe('active');

    // Reloaded as a child account: the parent's enterprise grade, and no notice any more.
    await page.getByTestId('plan-badge').waitFor();
    expect(await page.getByTestId('plan-badge').textContent()).toContain('企业版');
    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('user-panel').getByText('子账号 · 共享主账号权益').waitFor();
    expect(await childNotice(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('registers and logs in a sister-product arrival once the user agrees, and links an existing account', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto(`${server.url}/?dccToken=${encodeURIComponent(server.dccToken(phones.dcc))}`);
    const link = page.getByRole('dialog').filter({ hasText: '关联DCC账号' });
    await link
      .getByText('您尚未注册 DSO，确定后将使用DCC账号的手机号（138****0021）自动注册 DSO 账号并完成关联。')
      .waitFor();
    // The token has left the address bar; nobody is logged in until the user agrees.
    expect(new URL(page.url()).searchParams.has('dccToken')).toBe(false);
    expect(await page.getByTestId('header-login').isVisible()).toBe(true);
    await whenStill(page);
    await screenshot(page, 'account-dcc-link');

    await link.getByRole('button', { name: '注册并关联' }).click();
    await toast(page, '注册成功').waitFor();
    await page.getByTestId('header-avatar').waitFor();
    await link.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    // The session is the new account's, and survives a reload.
    await page.reload();
    await page.getByTestId('header-avatar').hover();
    await page.getByTestId('user-panel').getByText('尾号 0021').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // An arrival for a phone that has an account is offered the link instead, and logs in.
    const existing = await openPage(browser);
    await existing.page.goto(`${server.url}/about?dccToken=${encodeURIComponent(server.dccToken(phones.password))}`);
    const again = existing.page.getByRole('dialog').filter({ hasText: '关联DCC账号' });
    await again.getByText('检测到手机号 138****0003 已有 DSO 账号，点击确定即可与DCC账号关联并登录。').waitFor();
    expect(new URL(existing.page.url()).pathname).toBe('/about');
    await again.getByRole('button', { name: '确定关联' }).click();
    await toast(existing.page, '登录成功').waitFor();
    await existing.page.getByTestId('header-avatar').waitFor();
    expect(existing.errors).toEqual([]);
    await existing.context.close();
  });
});
