import { type OrderInfo, OrderPath } from '@dso/contract';
import { rsaPemPair, startFakeAlipay } from '@dso/server/testing';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff, logInToConsole } from '../support/console';
import { memberCall } from '../support/member-call';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

interface Prepared {
  finance: JourneyStaff;
  member: JourneyAccount;
}

const APP_ID = '2021004100000001';
const SELLER_ID = '2088102146225135';

describe('the operator’s console: a 财务 refunds a double payment through Alipay', () => {
  const appKeys = rsaPemPair();
  const alipayKeys = rsaPemPair();
  let fake: Awaited<ReturnType<typeof startFakeAlipay>>;
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  beforeAll(async () => {
    fake = await startFakeAlipay({
      appId: APP_ID,
      appPublicKey: appKeys.publicKey,
      alipayPrivateKey: alipayKeys.privateKey,
      sellerId: SELLER_ID,
      autoNotifyRefunds: true,
    });
    server = await startJourneyServer<Prepared>({
      selfLinked: true,
      variables: {
        ALIPAY_PROVIDER: 'alipay',
        ALIPAY_APP_ID: APP_ID,
        ALIPAY_APP_PRIVATE_KEY: appKeys.privateKey,
        ALIPAY_PUBLIC_KEY: alipayKeys.publicKey,
        ALIPAY_SELLER_ID: SELLER_ID,
        ALIPAY_GATEWAY: fake.url,
      },
      prepare: async (db) => {
        const finance = await journeyStaff(db, '财务', '财务小周');
        return { finance, member: await journeyAccount(db) };
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await fake?.close();
  });

  /**
   * The member pays one order twice: its Alipay QR is opened (the trade waits at Alipay), it is paid at
   * the sandbox 微信支付 cashier, then the Alipay trade is paid too: that second payment is kept for refund.
   */
  async function payTwice(): Promise<OrderInfo> {
    const call = <T>(method: 'GET' | 'POST', url: string, body?: object) =>
      memberCall<T>(server, server.prepared.member.token, method, url, body);
    const order = await call<OrderInfo>('POST', OrderPath.preview, {
      grade_enum: 'VIP',
      day: 30,
      rand_tag: 'refund-journey',
    });
    const alipayPage = await fetch(`${server.url}${OrderPath.alipayPage}?orderId=${order.order_id}`, {
      redirect: 'manual',
    });
    expect(alipayPage.status).toBe(302);
    const { code_url } = await call<{ code_url: string }>('GET', `${OrderPath.wechatQr}?orderId=${order.order_id}`);
    const trade = new URL(code_url).searchParams.get('trade') ?? '';
    expect(await call<{ state: string }>('POST', OrderPath.sandboxCashier, { trade, action: 'pay' })).toEqual({
      state: 'paid',
    });
    expect(await fake.pay(order.order_id)).toBe('success');
    return order;
  }

  it('logs in, opens 待退款, refunds the second payment through Alipay and sees its notification applied', async () => {
    const { finance, member } = server.prepared;
    const order = await payTwice();

    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, finance, '/admin/orders');

    await page.getByRole('tab', { name: /待退款/ }).click();
    const row = page.getByRole('row').filter({ hasText: order.order_id });
    await row.getByText('重复支付').waitFor();
    expect(await row.getByText(member.phone).count()).toBe(1);
    expect(await row.getByText('支付宝').count()).toBe(1);
    expect(await row.getByText(`¥${(order.pay_money / 100).toFixed(2)}`).count()).toBe(1);
    await row.getByText('待退款').waitFor();
    await screenshot(page, 'console-refunds-due');

    await row.getByRole('button', { name: '原路退款' }).click();
    const dialog = page.getByRole('dialog', { name: '原路退款' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('用户重复支付，原路退回');
    await dialog.getByRole('button', { name: '确认退款' }).click();

    // The refund answered at once; the panel shows it settled once Alipay's notification was applied.
    await row.getByText('已退款').waitFor();
    await row.getByText(/^渠道已通知/).waitFor({ timeout: 20_000 });
    expect(await row.getByRole('button', { name: '原路退款' }).count()).toBe(0);
    expect(await fake.refundNotificationsSettled()).toEqual(['success']);
    expect([...fake.refunds.values()]).toEqual([
      expect.objectContaining({ outTradeNo: order.order_id, refundFen: order.pay_money }),
    ]);
    await screenshot(page, 'console-refunds-refunded');

    expect(errors).toEqual([]);
    await context.close();
  });
});
