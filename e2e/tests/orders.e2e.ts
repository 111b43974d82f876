import { giveCoupon, lapseOrder, makeCard, ordersOf, readGrade, useUpDailyQuota } from '@dso/server/testing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, type TrackedPage, whenSettled } from '../support/browser';
import { signIn } from '../support/detail';
import { type OrdersServer, qrTextOf, scanAndPress, startOrdersServer } from '../support/orders';

const toast = (page: Page, text: string) => page.locator('.ant-message').getByText(text).first();

describe('buying journeys', () => {
  let server: OrdersServer;
  let browser: Browser;
  beforeAll(async () => {
    server = await startOrdersServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function openAs(token: string, path: string): Promise<TrackedPage> {
    const tracked = await openPage(browser);
    await signIn(tracked.context, token);
    await tracked.page.goto(`${server.url}${path}`);
    return tracked;
  }

  /** Chooses a plan on the pay box by the length its card shows and waits for its QR. */
  async function choosePlan(page: Page, length: string) {
    await page.getByTestId('plan-option').filter({ hasText: length }).first().click();
    await page.getByTestId('order-summary').waitFor();
    return qrTextOf(page, 'pay-qr');
  }

  it('lets a FREE user buy 个人版 on /pay by scanning the QR, and shows the new badge', async () => {
    const buyer = await server.account();
    const { page, errors, context } = await openAs(buyer.token, '/pay?grade=VIP');
    await page
      .getByTestId('pay-box')
      .getByRole('tab', { name: /个人版/, selected: true })
      .waitFor();
    const qr = await choosePlan(page, '12个月');
    expect(await page.getByTestId('summary-pay').textContent()).toBe('¥499');
    await screenshot(page, 'orders-pay-page');

    // The page reloads right after 支付成功: watch for both before the phone pays.
    const reloaded = page.waitForEvent('load');
    const paidToast = toast(page, '支付成功').waitFor();
    await scanAndPress(context, qr, '支付');
    await paidToast;
    await reloaded;
    await expect.poll(() => page.getByTestId('plan-badge').textContent()).toContain('个人版');
    expect((await readGrade(server.db, buyer.id))?.grade).toBe('VIP');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('says 您已取消支付 when the payer cancels, and greys out a lapsed QR with a refresh', async () => {
    const buyer = await server.account();
    const { page, errors, context } = await openAs(buyer.token, '/pay?grade=VIP');
    const qr = await choosePlan(page, '3个月');
    await scanAndPress(context, qr, '取消');
    await toast(page, '您已取消支付').waitFor();
    await page.getByTestId('pay-qr').and(page.locator('[data-state="cancelled"]')).waitFor();

    // A fresh order, then its 900 s run out (made to lapse now rather than waited for).
    await page
      .getByTestId('pay-qr')
      .getByRole('button', { name: /刷\s*新/ })
      .click();
    await page.getByTestId('pay-qr').and(page.locator('[data-state="waiting"]')).waitFor();
    const [latest] = await ordersOf(server.db, buyer.id, 'pending');
    await lapseOrder(server.db, latest!.id);
    await page.getByTestId('pay-qr').and(page.locator('[data-state="expired"]')).waitFor();
    await page.getByTestId('pay-qr').getByText('已过期').waitFor();
    await screenshot(page, 'orders-pay-expired');
    await page
      .getByTestId('pay-qr')
      .getByRole('button', { name: /刷\s*新/ })
      .click();
    await page.getByTestId('pay-qr').and(page.locator('[data-state="waiting"]')).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('quotes the yearly plan in the FREE bar, takes a held coupon off the price and holds back a closing buyer', async () => {
    const buyer = await server.account();
    await giveCoupon(server.db, buyer.id, { name: '新人立减券', discountFen: 5_000, lowMoneyFen: 10_000 });
    const { page, errors, context } = await openAs(buyer.token, '/about');
    const bar = page.getByTestId('login-bar');
    await bar.getByText('开通个人版年卡，低至¥41/月').waitFor();
    await bar.getByRole('button', { name: '立即开通' }).click();

    const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('pay-box') });
    await dialog.getByRole('tab', { name: /个人版/, selected: true }).waitFor();
    await choosePlan(page, '12个月');
    await expect.poll(() => page.getByTestId('summary-coupon').textContent()).toBe('-¥50');
    expect(await page.getByTestId('summary-pay').textContent()).toBe('¥449');
    await screenshot(page, 'orders-pay-dialog-coupon');

    await dialog.locator('.ant-modal-close').click();
    const retention = page.getByTestId('retention-dialog');
    await whenSettled(retention);
    await screenshot(page, 'orders-retention');
    await page.getByRole('button', { name: '继续支付' }).click();
    await retention.waitFor({ state: 'hidden' });
    await dialog.getByRole('tab', { name: /个人版/, selected: true }).waitFor();
    await whenSettled(dialog);
    await dialog.locator('.ant-modal-close').click();
    await whenSettled(retention);
    await page.getByRole('button', { name: '残忍离开' }).click();
    await retention.waitFor({ state: 'hidden' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs up for 连续包月 by Alipay only and cancels it from 我的订单', async () => {
    const buyer = await server.account();
    const { page, errors, context } = await openAs(buyer.token, '/pay?grade=VIP');
    const qr = await choosePlan(page, '连续包月');
    // WeChat Pay is not offered for the continuous plan.
    expect(await page.getByRole('radio', { name: /微信支付/ }).isDisabled()).toBe(true);
    const reloaded = page.waitForEvent('load');
    await scanAndPress(context, qr, '支付');
    await reloaded;
    expect((await readGrade(server.db, buyer.id))?.grade).toBe('VIP');

    await page.goto(`${server.url}/setting?type=first`);
    const notice = page.getByTestId('cycle-notice');
    await expect.poll(() => notice.textContent()).toContain('个人版连续包月生效中');
    expect(await notice.textContent()).toContain('自动续费 ¥59');
    await screenshot(page, 'orders-cycle');
    await notice.getByRole('button', { name: '取消连续包月' }).click();
    const confirm = page.locator('.ant-modal').filter({ hasText: '取消后将不再自动续费' });
    await confirm.getByRole('button', { name: /确认取消/ }).click();
    await toast(page, '已取消连续包月').waitFor();
    await notice.waitFor({ state: 'hidden' });
    // The paid month stays.
    expect((await readGrade(server.db, buyer.id))?.grade).toBe('VIP');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('ends the 连续包月 when its member upgrades to 企业版, and 我的订单 shows the periods as they now hold', async () => {
    const buyer = await server.account();
    const { page, errors, context } = await openAs(buyer.token, '/pay?grade=VIP');
    const monthly = await choosePlan(page, '连续包月');
    let reloaded = page.waitForEvent('load');
    await scanAndPress(context, monthly, '支付');
    await reloaded;
    expect((await readGrade(server.db, buyer.id))?.grade).toBe('VIP');

    await page.goto(`${server.url}/pay?grade=SVIP`);
    await page
      .getByTestId('pay-box')
      .getByRole('tab', { name: /企业版/, selected: true })
      .waitFor();
    const yearly = await choosePlan(page, '12个月');
    expect(await page.getByTestId('summary-ends-cycle').textContent()).toContain(
      '支付后将取消个人版连续包月，不再自动续费',
    );
    await screenshot(page, 'orders-upgrade-ends-cycle');
    reloaded = page.waitForEvent('load');
    await scanAndPress(context, yearly, '支付', { screenshot: 'orders-sandbox-cashier' });
    await reloaded;
    expect((await readGrade(server.db, buyer.id))?.grade).toBe('SVIP');

    const cycleAnswered = page.waitForResponse((response) => response.url().includes('/api/order/cycle_info'));
    await page.goto(`${server.url}/setting?type=first`);
    const table = page.getByTestId('orders-table');
    const rowOf = (title: string) => table.locator('tr').filter({ hasText: title });
    const day = (offsetDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(Date.now() + offsetDays * 86_400_000);
    await rowOf('企业版 12个月')
      .getByText(`${day(0)} 至 ${day(365)}`)
      .waitFor();
    await rowOf('个人版 连续包月')
      .getByText(`${day(0)} 至 ${day(0)}`)
      .waitFor();
    await rowOf('个人版 连续包月').getByText('已升级，剩余部分已抵扣').waitFor();
    // No running 连续包月 is claimed: the answer came back empty and nothing shows.
    expect(await (await cycleAnswered).json()).toMatchObject({ code: 200, data: null });
    expect(await page.getByTestId('cycle-notice').count()).toBe(0);
    await screenshot(page, 'orders-upgrade-periods');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells an enterprise member 个人版 cannot be bought', async () => {
    const member = await server.account('SVIP');
    const { page, errors, context } = await openAs(member.token, '/pay?grade=VIP');
    await page.getByText('您是企业版会员，不可购买个人版！').waitFor();
    expect(await page.getByTestId('plan-option').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sells an EVIP member out of searches a search pack through the recharge dialog', async () => {
    const member = await server.account('EVIP');
    await useUpDailyQuota(server.db, member.id, 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY', 2000);
    const { page, errors, context } = await openAs(member.token, '/KeywordDouyin?keyword=%E7%BE%8E%E9%A3%9F');

    const dialog = page.getByTestId('recharge-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.getByTestId('frequency-pack').count()).toBeGreaterThan(0);
    expect(await dialog.textContent()).toContain('关键词搜索次数包');
    await expect.poll(() => page.getByTestId('pay-amount').textContent()).toBe('¥19');
    await screenshot(page, 'orders-recharge-dialog');

    const reloaded = page.waitForEvent('load');
    await scanAndPress(context, await qrTextOf(page, 'pay-qr'), '支付');
    await reloaded;
    const [paid] = await ordersOf(server.db, member.id, 'paid');
    expect(paid?.kind).toBe('pack');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lists the paid order in 我的订单', async () => {
    const member = await server.account('EVIP');
    await useUpDailyQuota(server.db, member.id, 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY', 2000);
    const first = await openAs(member.token, '/KeywordDouyin?keyword=%E9%9C%B2%E8%90%A5');
    await first.page.getByTestId('recharge-dialog').waitFor();
    const reloaded = first.page.waitForEvent('load');
    await scanAndPress(first.context, await qrTextOf(first.page, 'pay-qr'), '支付');
    await reloaded;
    await first.context.close();

    const { page, errors, context } = await openAs(member.token, '/setting?type=first');
    const table = page.getByTestId('orders-table');
    await table.getByText('关键词搜索次数包 500次').waitFor();
    await table.getByText('已支付').first().waitFor();
    await screenshot(page, 'orders-setting');

    // An invoice for it, issued by the sandbox invoicing provider.
    await table.getByRole('checkbox').last().check();
    await page.getByRole('button', { name: '申请开票' }).click();
    const request = page.locator('.ant-modal').filter({ hasText: '抬头类型' });
    await request.getByPlaceholder('请输入个人姓名').fill('张三');
    await request.getByRole('button', { name: '提交申请' }).click();
    await toast(page, '开票申请已提交').waitFor();
    await page.getByRole('tab', { name: '开票记录' }).click();
    const invoices = page.getByTestId('invoice-list');
    await expect.poll(() => invoices.textContent(), { timeout: 20_000 }).toContain('已开具');
    await invoices.getByText('张三').waitFor();
    await screenshot(page, 'orders-invoices');
    const download = page.waitForEvent('download');
    await invoices.getByRole('button', { name: /下载发票/ }).click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('exchanges a membership card of another grade after the OFFSET warning', async () => {
    const member = await server.account('VIP');
    const code = await makeCard(server.db, { code: 'DSOK7M2QXP', grade: 'SVIP', days: 30 });
    const { page, errors, context } = await openAs(member.token, '/setting?type=first');
    await page.getByTestId('setting-account').getByRole('button', { name: '兑换会员卡' }).click();
    const dialog = page.getByTestId('card-exchange-dialog');
    const input = dialog.getByRole('textbox');
    await input.fill(code.slice(0, 9).toLowerCase());
    expect(await input.inputValue()).toBe('DSOK 7M2Q X');
    const confirm = page
      .locator('.ant-modal')
      .filter({ has: dialog })
      .getByRole('button', { name: /兑\s*换/ });
    expect(await confirm.isDisabled()).toBe(true);
    await input.fill(code);
    expect(await confirm.isDisabled()).toBe(false);
    await confirm.click();
    const warning = page.locator('.ant-modal').filter({ hasText: '本版本兑换后原会员版本将抵消，确认需要兑换吗？' });
    await warning.getByText('注意', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'orders-card-offset');
    const reloaded = page.waitForEvent('load');
    await warning.getByRole('button', { name: /确\s*定|确\s*认/ }).click();
    await toast(page, '兑换成功').waitFor();
    await reloaded;
    expect((await readGrade(server.db, member.id))?.grade).toBe('SVIP');
    expect(errors).toEqual([]);
    await context.close();
  });
});
