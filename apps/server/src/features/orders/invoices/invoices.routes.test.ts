import { Code, type InvoiceItem, type OrderInfo, type OrderItem, OrderPath } from '@dso/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { invoiceOrders, invoices } from '../../../db/schema';
import { InvoiceRequestError } from '../../../providers/invoice/index';
import { createSandboxInvoice } from '../../../providers/invoice/sandbox';
import type { TestAppOptions } from '../../../testing';
import { steeredInvoiceProvider } from '../../../testing/invoices';
import { payAtSandboxCashier } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { findJob, JobWorker } from '../../jobs';
import { reddenIssuedInvoice } from './invoices-admin.service';
import { invoiceJobHandlers } from './issue-invoice.job';
import { INVOICE_ISSUE_JOB } from './issue-invoice.service';

/** A valid 统一社会信用代码 shape (the check character is not verified). */
const TAX_NO = '91110108MA01ABCD1X';
const personal = { kind: 'normal', title_type: 'personal', title: '张三' } as const;
const company = { kind: 'normal', title_type: 'company', title: '北京示例科技有限公司', tax_no: TAX_NO } as const;
const special = {
  ...company,
  kind: 'special',
  address: '北京市海淀区中关村大街1号',
  phone: '010-12345678',
  bank_name: '招商银行北京分行',
  bank_account: '110912345610101',
} as const;

/** The app and the calls a buyer makes; one per suite so the provider can differ. */
function harness(options: TestAppOptions = {}) {
  const t = useTestApp(options);
  const { db, post, get, account } = t;
  const download = (url: string, token: string) => t.request({ method: 'GET', url, token });

  let tags = 0;
  /** Buys a plan the way a buyer does: preview, scan the Alipay QR, press 支付 at the sandbox cashier. */
  const buy = async (token: string, day = 30): Promise<OrderInfo> => {
    const info = await post(OrderPath.preview, token, { grade_enum: 'VIP', day, rand_tag: `invoice-${++tags}` });
    expect(info.code).toBe(Code.OK);
    const order = info.data as OrderInfo;
    expect((await payAtSandboxCashier(t, token, order.order_id)).result).toBe('paid');
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, token)).data).toBe(true);
    return order;
  };

  const invoiceable = async (token: string) =>
    ((await post(OrderPath.invoiceable, token)).data as OrderItem[]).map((order) => order.order_id);
  const request = (token: string | undefined, orderIds: string[], title: object = personal) =>
    post(OrderPath.invoiceInsert, token, { ...title, order_ids: orderIds });
  const invoice = async (token: string, id: string) =>
    (await get(`${OrderPath.invoiceGet}?id=${id}`, token)).data as InvoiceItem;
  /** Runs the queued issuing jobs as a worker would. */
  const runJobs = () =>
    new JobWorker(db(), invoiceJobHandlers({ providers: t.app.providers }), { backoffMs: () => 0 }).drain();

  return { t, db, post, get, download, account, buy, invoiceable, request, invoice, runJobs };
}

/** Whether the PDF carries the text, as pdfkit writes document information (UTF-16BE) or plain. */
function pdfCarries(pdf: Buffer, text: string) {
  const utf16be = Buffer.from(text, 'utf16le').swap16();
  return pdf.includes(utf16be) || pdf.includes(Buffer.from(text, 'latin1'));
}

describe('invoices through the sandbox provider', () => {
  const h = harness();
  const { t } = h;

  it('issues a requested invoice: 待开具 until the job runs, then 已开具 with a PDF carrying its number', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token, 365);
    expect(await h.invoiceable(buyer.token)).toEqual([order.order_id]);

    const requested = await h.request(buyer.token, [order.order_id], company);
    expect(requested.code).toBe(Code.OK);
    const pending = requested.data as InvoiceItem;
    expect(pending).toMatchObject({
      status: 'pending',
      amount: order.pay_money,
      order_ids: [order.order_id],
      title: company.title,
      tax_no: TAX_NO,
      invoice_no: null,
    });
    expect(await h.invoiceable(buyer.token)).toEqual([]);
    const mine = await h.post(OrderPath.orderList, buyer.token, { page_no: 1 });
    expect(mine.data.list[0]).toMatchObject({ invoice_id: pending.id, invoice_status: 'pending' });
    expect(await h.get(`${OrderPath.invoicePdf}?id=${pending.id}`, buyer.token)).toMatchObject({
      code: Code.NOT_FOUND,
      msg: '发票尚未开具',
    });

    expect(await h.runJobs()).toBe(1);

    const issued = await h.invoice(buyer.token, pending.id);
    expect(issued.status).toBe('issued');
    expect(issued.invoice_no).toMatch(/^99\d{18}$/);
    expect(issued.issue_time).toBeGreaterThan(0);
    const file = await h.download(`${OrderPath.invoicePdf}?id=${pending.id}`, buyer.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="invoice-${issued.invoice_no}.pdf"`);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfCarries(file.rawPayload, issued.invoice_no!)).toBe(true);
    expect(pdfCarries(file.rawPayload, `${issued.invoice_no!.slice(0, -1)}x`)).toBe(false);
  });

  it('lists the caller’s invoices newest first and finds the one covering an order', async () => {
    const buyer = await h.account();
    const first = await h.buy(buyer.token);
    const second = await h.buy(buyer.token);
    const third = await h.buy(buyer.token);
    const older = (await h.request(buyer.token, [first.order_id])).data as InvoiceItem;
    const newer = (await h.request(buyer.token, [second.order_id, third.order_id])).data as InvoiceItem;
    expect(newer.amount).toBe(second.pay_money + third.pay_money);

    const list = await h.post(OrderPath.invoiceList, buyer.token, { page_no: 1, page_size: 10 });
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((item: InvoiceItem) => item.id)).toEqual([newer.id, older.id]);
    expect(list.data.list[0].order_ids).toEqual([second.order_id, third.order_id].sort());
    const page2 = await h.post(OrderPath.invoiceList, buyer.token, { page_no: 2, page_size: 1 });
    expect(page2.data.list.map((item: InvoiceItem) => item.id)).toEqual([older.id]);

    expect((await h.get(`${OrderPath.invoiceByOrder}?orderId=${third.order_id}`, buyer.token)).data.id).toBe(newer.id);
    const stranger = await h.account();
    expect((await h.get(`${OrderPath.invoiceByOrder}?orderId=${third.order_id}`, stranger.token)).data).toBeNull();
    expect(await h.get(`${OrderPath.invoiceGet}?id=${newer.id}`, stranger.token)).toMatchObject({
      code: Code.NOT_FOUND,
      msg: '发票不存在',
    });
    const strangerList = await h.post(OrderPath.invoiceList, stranger.token, { page_no: 1 });
    expect(strangerList.data).toEqual({ list: [], total: 0 });
  });

  it('returns no saved title before the first request and the last title after it', async () => {
    const buyer = await h.account();
    expect((await h.get(OrderPath.invoiceTitle, buyer.token)).data).toBeNull();
    const order = await h.buy(buyer.token);
    const lowerCase = { ...special, tax_no: TAX_NO.toLowerCase(), email: 'finance@example.com' };
    expect((await h.request(buyer.token, [order.order_id], lowerCase)).code).toBe(Code.OK);
    expect((await h.get(OrderPath.invoiceTitle, buyer.token)).data).toEqual({
      ...special,
      email: 'finance@example.com',
    });
  });

  it('refuses titles that break the rules, in their words', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const refusal = async (title: object) => (await h.request(buyer.token, [order.order_id], title)).msg;
    expect(await refusal({ ...company, tax_no: undefined })).toBe('请输入正确的统一社会信用代码');
    expect(await refusal({ ...company, tax_no: '91110108MA01ABCD1' })).toBe('请输入正确的统一社会信用代码');
    // I, O, S, V and Z are not in the GB 32100 alphabet.
    expect(await refusal({ ...company, tax_no: '91110108MA01ABCDIX' })).toBe('请输入正确的统一社会信用代码');
    expect(await refusal({ ...personal, kind: 'special' })).toBe('增值税专用发票只能开给单位');
    expect(await refusal({ ...special, address: '' })).toBe('请填写注册地址');
    expect(await refusal({ ...special, phone: ' ' })).toBe('请填写注册电话');
    expect(await refusal({ ...special, bank_name: undefined })).toBe('请填写开户行');
    expect(await refusal({ ...special, bank_account: '' })).toBe('请填写银行账号');
    expect(await refusal({ ...personal, title: ' ' })).toBe('请输入发票抬头');
    expect(await refusal({ ...personal, email: 'not-an-email' })).toBe('请输入正确的邮箱地址');
    expect((await h.request(buyer.token, [])).msg).toBe('请选择要开票的订单');
    expect(await h.invoiceable(buyer.token)).toEqual([order.order_id]);
  });

  it('drops tax fields sent with a personal title', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const answer = await h.request(buyer.token, [order.order_id], { ...personal, tax_no: 'junk', bank_name: 'x' });
    expect(answer.code).toBe(Code.OK);
    expect(answer.data).toMatchObject({ title_type: 'personal', kind: 'normal', tax_no: null });
  });

  it('refuses another user’s order, an unpaid order and a visitor', async () => {
    const owner = await h.account();
    const order = await h.buy(owner.token);
    const other = await h.account();
    expect(await h.request(other.token, [order.order_id])).toMatchObject({ code: Code.TOAST, msg: '订单不存在' });
    expect(await h.invoiceable(other.token)).toEqual([]);

    const unpaid = await h.post(OrderPath.preview, owner.token, { grade_enum: 'VIP', day: 90, rand_tag: 'unpaid' });
    expect((await h.request(owner.token, [unpaid.data.order_id])).msg).toBe(
      `订单${unpaid.data.order_id}未支付，不能开票`,
    );
    expect(await h.invoiceable(owner.token)).toEqual([order.order_id]);

    expect((await h.request(undefined, [order.order_id])).code).toBe(Code.TOKEN_INVALID);
    expect((await h.post(OrderPath.invoiceable, undefined)).code).toBe(Code.TOKEN_INVALID);
    expect((await h.get(OrderPath.invoiceTitle)).code).toBe(Code.TOKEN_INVALID);
    expect(await h.db().select().from(invoices).where(eq(invoices.userId, other.id))).toEqual([]);
  });

  it('refuses an order already invoiced, alone or with others', async () => {
    const buyer = await h.account();
    const first = await h.buy(buyer.token);
    const second = await h.buy(buyer.token);
    expect((await h.request(buyer.token, [first.order_id])).code).toBe(Code.OK);
    expect(await h.request(buyer.token, [first.order_id])).toMatchObject({
      code: Code.TOAST,
      msg: `订单${first.order_id}已申请过发票`,
    });
    expect((await h.request(buyer.token, [second.order_id, first.order_id])).msg).toBe(
      `订单${first.order_id}已申请过发票`,
    );
    // The refused request invoiced nothing: the second order is still open.
    expect(await h.invoiceable(buyer.token)).toEqual([second.order_id]);
  });

  it('invoices an order once when five requests for it arrive together', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        h.request(buyer.token, [order.order_id], { ...personal, title: `张三${index}` }),
      ),
    );
    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.msg === `订单${order.order_id}已申请过发票`)).toHaveLength(4);
    const covering = await h.db().select().from(invoiceOrders).where(eq(invoiceOrders.orderId, order.order_id));
    expect(covering).toHaveLength(1);
  });

  it('frees the order of a reddened invoice and serves both files to its buyer', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id], company)).data as InvoiceItem;
    await h.runJobs();
    const blue = await h.invoice(buyer.token, requested.id);
    // Staff 红冲 in the console (console/invoices); here straight through the service, recording nothing.
    await reddenIssuedInvoice(
      { db: h.db(), provider: t.app.providers.invoice },
      { id: requested.id, reason: '开票有误' },
      async () => 0,
    );
    expect(await h.invoice(buyer.token, requested.id)).toMatchObject({
      status: 'reddened',
      invoice_no: blue.invoice_no,
    });

    const [row] = await h.db().select().from(invoices).where(eq(invoices.id, requested.id));
    expect(row?.redInvoiceNo).toMatch(/^99\d{18}$/);
    expect(row?.redInvoiceNo).not.toBe(blue.invoice_no);
    const red = await h.download(`${OrderPath.invoicePdf}?id=${requested.id}&red=1`, buyer.token);
    expect(red.statusCode).toBe(200);
    expect(red.headers['content-disposition']).toBe(`attachment; filename="invoice-${row?.redInvoiceNo}.pdf"`);
    expect(red.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfCarries(red.rawPayload, row!.redInvoiceNo!)).toBe(true);
    const stillBlue = await h.download(`${OrderPath.invoicePdf}?id=${requested.id}`, buyer.token);
    expect(pdfCarries(stillBlue.rawPayload, blue.invoice_no!)).toBe(true);

    expect(await h.invoiceable(buyer.token)).toEqual([order.order_id]);
    expect((await h.get(`${OrderPath.invoiceByOrder}?orderId=${order.order_id}`, buyer.token)).data).toBeNull();
    const mine = await h.post(OrderPath.orderList, buyer.token, { page_no: 1 });
    expect(mine.data.list[0]).toMatchObject({ order_id: order.order_id, invoice_id: null, invoice_status: null });
    const again = await h.request(buyer.token, [order.order_id], personal);
    expect(again.data).toMatchObject({ status: 'pending', order_ids: [order.order_id] });
  });

  it('refuses the red PDF of an invoice not reddened', async () => {
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id])).data as InvoiceItem;
    await h.runJobs();
    expect(await h.get(`${OrderPath.invoicePdf}?id=${requested.id}&red=1`, buyer.token)).toMatchObject({
      code: Code.NOT_FOUND,
      msg: '发票尚未红冲',
    });
    const stranger = await h.account();
    expect((await h.get(`${OrderPath.invoicePdf}?id=${requested.id}`, stranger.token)).msg).toBe('发票不存在');
  });
});

describe('invoices when the provider refuses or fails', () => {
  const { provider, sandbox, steer } = steeredInvoiceProvider();
  const h = harness({ providers: { invoice: provider } });
  const jobOf = async (invoiceId: string) => {
    const [row] = await queryRows<{ id: number }>(
      h.db(),
      sql`SELECT id FROM jobs WHERE kind = ${INVOICE_ISSUE_JOB} AND payload->>'invoiceId' = ${invoiceId}`,
    );
    return findJob(h.db(), Number(row?.id));
  };

  it('fails an invoice the provider refuses, with its reason, and does not retry it', async () => {
    steer(async () => {
      throw new InvoiceRequestError('购买方名称与税号不匹配');
    });
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id], company)).data as InvoiceItem;
    expect(await h.runJobs()).toBe(1);
    expect(await h.invoice(buyer.token, requested.id)).toMatchObject({
      status: 'failed',
      failure: '购买方名称与税号不匹配',
      invoice_no: null,
    });
    expect(await jobOf(requested.id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('fails an invoice when no Chinese font can be found, saying so', async () => {
    const fontless = createSandboxInvoice({
      seller: { name: 'DSO', taxNo: '91110000MA00000000', address: '', phone: '', bank: '' },
      fontPath: '/nonexistent/font.ttc',
      fontCandidates: [],
    });
    steer((request) => fontless.issue(request));
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id])).data as InvoiceItem;
    await h.runJobs();
    expect((await h.invoice(buyer.token, requested.id)).failure).toBe(
      '发票字体缺失，请安装中文字体（fonts-noto-cjk）或设置 INVOICE_FONT_PATH',
    );
  });

  it('retries an invoice after the provider fails for a moment, and issues it', async () => {
    let calls = 0;
    steer(async (request) => {
      calls += 1;
      if (calls === 1) throw new Error('connect ECONNREFUSED');
      return sandbox.issue(request);
    });
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id])).data as InvoiceItem;
    expect(await h.runJobs()).toBe(2);
    expect(calls).toBe(2);
    expect((await h.invoice(buyer.token, requested.id)).status).toBe('issued');
  });

  it('fails an invoice whose provider keeps failing once its attempts are used up', async () => {
    steer(async () => {
      throw new Error('platform down');
    });
    const buyer = await h.account();
    const order = await h.buy(buyer.token);
    const requested = (await h.request(buyer.token, [order.order_id])).data as InvoiceItem;
    await h.runJobs();
    expect(await h.invoice(buyer.token, requested.id)).toMatchObject({
      status: 'failed',
      failure: '开票失败，请联系客服',
    });
    expect((await jobOf(requested.id))?.status).toBe('failed');
  });
});
