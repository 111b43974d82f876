import { type OrderInfo, OrderPath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff, logInToConsole } from '../support/console';
import { memberCall } from '../support/member-call';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

interface Prepared {
  agent: JourneyStaff;
  finance: JourneyStaff;
  member: JourneyAccount;
}

describe('the operator’s console: orders read by a 客服, reconciled by a 财务', () => {
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  let missed: OrderInfo;
  let paid: OrderInfo;
  beforeAll(async () => {
    server = await startJourneyServer<Prepared>({
      prepare: async (db) => {
        const agent = await journeyStaff(db, '客服', '客服小李');
        const finance = await journeyStaff(db, '财务', '财务小周');
        return {
          agent,
          finance,
          member: await journeyAccount(db),
        };
      },
    });
    browser = await launchBrowser();
    const scanned = await scannedOrder('orders-journey-paid', 30);
    paid = scanned.order;
    await payAtCashier(scanned.trade);
    missed = (await scannedOrder('orders-journey-missed', 365)).order;
    // The payer paid; Alipay's notification never arrived.
    await server.db.execute(
      sql`update sandbox_trades set status = 'TRADE_SUCCESS', paid_at = now() where out_trade_no = ${missed.order_id}`,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const call = <T>(method: 'GET' | 'POST', url: string, body?: object) =>
    memberCall<T>(server, server.prepared.member.token, method, url, body);

  /**
   * A 个人版 order of `day` days whose Alipay QR the member's phone opened: the trade waits at the sandbox
   * cashier. Answers the order and the cashier's trade.
   */
  async function scannedOrder(randTag: string, day: number) {
    const order = await call<OrderInfo>('POST', OrderPath.preview, { grade_enum: 'VIP', day, rand_tag: randTag });
    const page = await fetch(`${server.url}${OrderPath.alipayPage}?orderId=${order.order_id}`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    return { order, trade: new URL(page.headers.get('location') ?? '').searchParams.get('trade') ?? '' };
  }

  /** Paid at the sandbox cashier, whose notification is applied. */
  async function payAtCashier(trade: string) {
    expect(await call('POST', OrderPath.sandboxCashier, { trade, action: 'pay' })).toEqual({ state: 'paid' });
  }

  const mismatchRow = (page: Page) => page.getByRole('row').filter({ hasText: missed.order_id });

  it('shows a 客服 the orders, their totals and the day’s differences, with no button that acts', async () => {
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, server.prepared.agent, '/admin/orders');
    const paidRow = page.getByRole('row').filter({ hasText: paid.order_id });
    await paidRow.getByText('已支付').waitFor();
    await paidRow.getByText(server.prepared.member.phone).waitFor();
    expect(await paidRow.getByText('个人版 1个月').count()).toBe(1);
    await page.getByText('实收金额').waitFor();
    await screenshot(page, 'console-orders');

    await page.getByRole('tab', { name: '对账' }).click();
    await page.getByRole('button', { name: '开始对账' }).click();
    await mismatchRow(page).getByText('渠道已收款，我方未记录').waitFor();
    expect(await page.getByRole('button', { name: /补\s*记/ }).count()).toBe(0);
    await screenshot(page, 'console-orders-reconcile-read-only');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a 财务 open an order by its number, then settle the missed payment with a reason', async () => {
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, server.prepared.finance, `/admin/orders?q=${missed.order_id}`);
    const orderRow = page.getByRole('row').filter({ hasText: missed.order_id });
    await orderRow.getByText('待支付').waitFor();
    expect(await page.getByRole('row').filter({ hasText: paid.order_id }).count()).toBe(0);

    await page.getByRole('tab', { name: '对账' }).click();
    await page.getByRole('button', { name: '开始对账' }).click();
    await mismatchRow(page).getByText('渠道已收款，我方未记录').waitFor();
    await screenshot(page, 'console-orders-reconcile');
    await mismatchRow(page)
      .getByRole('button', { name: /补\s*记/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '按支付渠道补记' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('支付宝通知丢失，按渠道记录补记');
    await dialog.getByRole('button', { name: '确认补记' }).click();
    await page.getByText('该日订单与支付渠道一致').waitFor();

    // Opened afresh, the address's order number still filters the list.
    await page.reload();
    await page.getByRole('row').filter({ hasText: missed.order_id }).getByText('已支付').waitFor();
    await screenshot(page, 'console-orders-settled');
    expect(errors).toEqual([]);
    await context.close();
  });
});
