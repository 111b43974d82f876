import { readFile } from 'node:fs/promises';
import { type InvoiceItem, type OrderInfo, OrderPath } from '@dso/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toastOf } from '../support/accounts';
import { launchBrowser, openPage, screenshot, whenSettled } from '../support/browser';
import { type JourneyStaff, journeyStaff, logInToConsole } from '../support/console';
import { memberCall } from '../support/member-call';
import { type JourneyAccount, type JourneyServer, journeyAccount, startJourneyServer } from '../support/server';

interface Prepared {
  finance: JourneyStaff;
  admin: JourneyStaff;
  member: JourneyAccount;
}

const TAX_NO = '91110108MA01ABCD1X';

describe('the operator’s console: a 财务 issues and 红冲s a member’s invoice, a 管理员 opens 系统', () => {
  let server: JourneyServer<Prepared>;
  let browser: Browser;
  beforeAll(async () => {
    // No job worker: the requests wait in the queue until staff act on them.
    server = await startJourneyServer<Prepared>({
      prepare: async (db) => {
        const finance = await journeyStaff(db, '财务', '财务小周');
        const admin = await journeyStaff(db, '管理员', '管理员老陈');
        return {
          finance,
          admin,
          member: await journeyAccount(db),
        };
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const call = <T>(method: 'GET' | 'POST', url: string, body?: object) =>
    memberCall<T>(server, server.prepared.member.token, method, url, body);

  /** The member buys a plan at the sandbox 微信支付 cashier and asks for a company invoice for it. */
  async function requestInvoice(title: string, tag: string): Promise<InvoiceItem> {
    const order = await call<OrderInfo>('POST', OrderPath.preview, { grade_enum: 'VIP', day: 30, rand_tag: tag });
    const { code_url } = await call<{ code_url: string }>('GET', `${OrderPath.wechatQr}?orderId=${order.order_id}`);
    const trade = new URL(code_url).searchParams.get('trade') ?? '';
    await call('POST', OrderPath.sandboxCashier, { trade, action: 'pay' });
    return call<InvoiceItem>('POST', OrderPath.invoiceInsert, {
      kind: 'normal',
      title_type: 'company',
      title,
      tax_no: TAX_NO,
      order_ids: [order.order_id],
    });
  }

  it('issues one request through the provider and 红冲s it, and uploads the PDF of another', async () => {
    const { finance, member } = server.prepared;
    const first = await requestInvoice('杭州示例商贸有限公司', 'invoice-journey-1');
    const second = await requestInvoice('杭州另一家贸易有限公司', 'invoice-journey-2');

    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, finance, '/admin/invoices');
    const row = (invoice: InvoiceItem) => page.getByRole('row').filter({ hasText: invoice.title });
    await row(first).getByText(member.phone).waitFor();
    expect(await row(first).getByText('待开具').count()).toBe(1);
    expect(await row(first).getByText(TAX_NO).count()).toBe(1);
    await screenshot(page, 'console-invoices-queue');

    // 开具 through the provider (the sandbox renders the PDF), with a reason.
    await row(first)
      .getByRole('button', { name: /^开\s*具$/ })
      .click();
    let dialog = page.getByRole('dialog', { name: '开具发票' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('客户来电催开');
    await dialog.getByRole('button', { name: '确认开具' }).click();
    await toastOf(page, '发票已开具').waitFor();
    // Issued, it leaves the 待开具 queue; 全部 shows it with its number.
    await row(first).waitFor({ state: 'detached' });
    await page.getByText('全部', { exact: true }).click();
    await row(first).getByText('已开具').waitFor();
    const invoiceNo =
      (await row(first)
        .getByText(/^99\d{18}$/)
        .textContent()) ?? '';

    const download = page.waitForEvent('download');
    await row(first).getByRole('button', { name: '查看发票' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`invoice-${invoiceNo}.pdf`);
    expect((await readFile((await file.path())!)).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await row(first)
      .getByRole('button', { name: /^红\s*冲$/ })
      .click();
    dialog = page.getByRole('dialog', { name: '红冲发票' });
    await whenSettled(dialog);
    await dialog.getByLabel('操作原因').fill('抬头填写有误');
    await screenshot(page, 'console-invoices-redden-dialog');
    await dialog.getByRole('button', { name: '确认红冲' }).click();
    await toastOf(page, '发票已红冲').waitFor();
    await row(first).getByText('已红冲').waitFor();
    await row(first).getByText('红冲原因：抬头填写有误').waitFor();
    expect(await row(first).getByRole('button', { name: '红字发票' }).count()).toBe(1);

    // The second request is issued by hand: its PDF uploaded with the number the tax platform gave.
    await row(second).getByRole('button', { name: '上传发票' }).click();
    dialog = page.getByRole('dialog', { name: '上传发票' });
    await whenSettled(dialog);
    await dialog.getByLabel('发票号码').fill('25117000000012345678');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '发票.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% issued on the tax platform\n%%EOF\n'),
    });
    await dialog.getByText('发票.pdf').waitFor();
    await dialog.getByLabel('操作原因').fill('税务平台已开具');
    await dialog.getByRole('button', { name: '确认上传' }).click();
    await toastOf(page, '发票已上传').waitFor();
    await row(second).getByText('25117000000012345678').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await screenshot(page, 'console-invoices-done');

    // The member sees both as they now are.
    const mine = await call<{ list: InvoiceItem[] }>('POST', OrderPath.invoiceList, { page_no: 1 });
    expect(Object.fromEntries(mine.list.map((invoice) => [invoice.id, invoice.status]))).toEqual({
      [first.id]: 'reddened',
      [second.id]: 'issued',
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a 管理员 the providers, production checks, version and migrations', async () => {
    const { page, context, errors } = await openPage(browser);
    await logInToConsole(page, server, server.prepared.admin, '/admin/system');
    await page.getByText('外部服务').waitFor();
    const invoiceRow = page.getByRole('row').filter({ hasText: 'INVOICE_PROVIDER' }).first();
    await invoiceRow.getByText('沙箱').waitFor();
    await page.getByText(/项未通过：生产环境（NODE_ENV=production）将拒绝启动/).waitFor();
    await page.getByText('0028_console').waitFor();
    expect(await page.getByText('未执行', { exact: true }).count()).toBe(0);
    await screenshot(page, 'console-system');
    expect(errors).toEqual([]);
    await context.close();
  });
});
