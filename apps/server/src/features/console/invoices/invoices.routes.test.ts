import {
  CONSOLE_INVOICE_PDF_MAX_BYTES,
  Code,
  type ConsoleInvoice,
  ConsoleInvoicePath,
  type InvoiceItem,
  type OrderInfo,
  type OrderItem,
  OrderPath,
} from '@dso/contract';
import type { ConsoleRole } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { InvoiceRequestError } from '../../../providers/invoice/index';
import { multipartForm, type TestAppOptions } from '../../../testing';
import { steeredInvoiceProvider } from '../../../testing/invoices';
import { payAtSandboxCashier } from '../../../testing/orders';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { JobWorker } from '../../jobs';
import { invoiceJobHandlers } from '../../orders';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

/** A valid 统一社会信用代码 shape (the check character is not verified). */
const TAX_NO = '91110108MA01ABCD1X';
const company = { kind: 'normal', title_type: 'company', title: '北京示例科技有限公司', tax_no: TAX_NO } as const;
const handIssued = Buffer.from('%PDF-1.4\n% issued by the finance team\n%%EOF\n');
/** Tests that render invoices through the sandbox (a CJK font, pdfkit) take seconds each on a loaded machine. */
const SANDBOX_PDF_TIMEOUT = 60_000;
const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };

/** The app, a buyer's calls and staff's calls; one per suite so the provider can differ. */
function harness(options: TestAppOptions = {}) {
  const t = useTestApp(options);
  const { db, post, get } = t;
  const staff = (role: ConsoleRole) => staffWithCookie(db(), role);
  const { send, get: staffGet, post: staffPost } = consoleCalls(t);

  let tags = 0;
  /** A member with a paid order and an invoice requested for it (as 待开具). */
  const requested = async (title: object = company) => {
    const buyer = await t.account();
    const info = await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day: 30, rand_tag: `ci-${++tags}` });
    const order = info.data as OrderInfo;
    expect((await payAtSandboxCashier(t, buyer.token, order.order_id)).result).toBe('paid');
    const invoice = await post(OrderPath.invoiceInsert, buyer.token, { ...title, order_ids: [order.order_id] });
    expect(invoice.code).toBe(Code.OK);
    return { buyer, order, invoice: invoice.data as InvoiceItem };
  };
  const memberInvoice = async (token: string, id: string) =>
    (await get(withQuery(OrderPath.invoiceGet, { id }), token)).data as InvoiceItem;
  const invoiceable = async (token: string) =>
    ((await post(OrderPath.invoiceable, token)).data as OrderItem[]).map((order) => order.order_id);
  /** Runs the queued issuing jobs as a worker would. */
  const runJobs = () =>
    new JobWorker(db(), invoiceJobHandlers({ providers: t.app.providers }), { backoffMs: () => 0 }).drain();
  /** Uploads a file issued by hand, as the page's form sends it. */
  const upload = async (cookie: string, fields: Record<string, string>, file?: { name: string; content: Buffer }) => {
    const form = file
      ? multipartForm(file, fields)
      : multipartForm({ name: 'x.pdf', content: Buffer.alloc(0) }, fields);
    return (
      await t.request({ method: 'POST', url: ConsoleInvoicePath.upload, ...form, headers: { ...form.headers, cookie } })
    ).json();
  };
  const pdf = (name = 'invoice.pdf', content = handIssued) => ({ name, content });
  const audits = (id: string) => auditOf(db(), `invoice:${id}`);

  return {
    t,
    db,
    staff,
    staffGet,
    staffPost,
    send,
    requested,
    memberInvoice,
    invoiceable,
    runJobs,
    upload,
    pdf,
    audits,
  };
}

describe('console invoices through the sandbox provider', () => {
  const h = harness();

  it(
    'lists every member’s requests to 财务 with phone, title, amount and orders, by status, 20 a page',
    async () => {
      const finance = await h.staff('财务');
      const { buyer, order, invoice } = await h.requested();
      const page = await h.staffGet(withQuery(ConsoleInvoicePath.list, { status: 'pending' }), finance.cookie);
      expect(page.code).toBe(Code.OK);
      expect(page.data.manual).toBe(false);
      expect(page.data.list.find((item: ConsoleInvoice) => item.id === invoice.id)).toMatchObject({
        user_id: buyer.id,
        member_phone: buyer.phone,
        title: company.title,
        tax_no: TAX_NO,
        amount: order.pay_money,
        order_ids: [order.order_id],
        status: 'pending',
        failure: null,
      });
      for (let i = 0; i < 20; i++) await h.requested();
      const first = await h.staffGet(ConsoleInvoicePath.list, finance.cookie);
      expect(first.data.list).toHaveLength(20);
      expect(first.data.total).toBeGreaterThanOrEqual(21);
      const second = await h.staffGet(withQuery(ConsoleInvoicePath.list, { page_no: 2 }), finance.cookie);
      expect(second.data.list.map((item: ConsoleInvoice) => item.id)).toContain(invoice.id);
      const issued = await h.staffGet(withQuery(ConsoleInvoicePath.list, { status: 'issued' }), finance.cookie);
      expect(issued.data.list.map((item: ConsoleInvoice) => item.id)).not.toContain(invoice.id);
      expect(await h.staffGet(withQuery(ConsoleInvoicePath.list, { status: 'lost' }), finance.cookie)).toMatchObject({
        code: Code.BAD_REQUEST,
      });
    },
    SANDBOX_PDF_TIMEOUT,
  );

  it(
    'issues a waiting request through the provider with a reason, audited once however often it is clicked',
    async () => {
      const finance = await h.staff('财务');
      const { buyer, invoice } = await h.requested();
      expect(
        await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: invoice.id, reason: ' ' }),
      ).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: '请填写操作原因',
      });
      const clicks = await Promise.all(
        [1, 2].map(() => h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: invoice.id, reason: '客户催开' })),
      );
      const done = clicks.filter((answer) => answer.code === Code.OK);
      expect(done).toHaveLength(1);
      expect(clicks.filter((answer) => answer.code !== Code.OK)).toEqual([
        { code: Code.TOAST, msg: '该发票已开具', data: null },
      ]);
      expect(done[0].data.invoice).toMatchObject({ id: invoice.id, status: 'issued', member_phone: buyer.phone });
      const issued = await h.memberInvoice(buyer.token, invoice.id);
      expect(issued.status).toBe('issued');
      expect(issued.invoice_no).toMatch(/^99\d{18}$/);
      const [entry, ...more] = await h.audits(invoice.id);
      expect(more).toEqual([]);
      expect(entry).toMatchObject({
        id: done[0].data.audit_id,
        staffId: finance.id,
        staffName: finance.name,
        action: 'invoice.issue',
        reason: '客户催开',
        before: { status: 'pending', invoice_no: null },
        after: { status: 'issued', invoice_no: issued.invoice_no, user_id: buyer.id },
      });
      // The issuing job queued with the request finds it issued and does nothing.
      await h.runJobs();
      expect((await h.memberInvoice(buyer.token, invoice.id)).invoice_no).toBe(issued.invoice_no);
      expect(await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: 'F0NOSUCH', reason: '试试' })).toEqual({
        code: Code.NOT_FOUND,
        msg: '发票不存在',
        data: null,
      });
      expect(await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: '../x', reason: '试试' })).toMatchObject(
        {
          code: Code.BAD_REQUEST,
          msg: '发票不存在',
        },
      );
    },
    SANDBOX_PDF_TIMEOUT,
  );

  it(
    'reddens an issued invoice, frees its order, and refuses a repeated 红冲 without auditing it',
    async () => {
      const finance = await h.staff('财务');
      const { buyer, order, invoice } = await h.requested();
      await h.runJobs();
      const blue = await h.memberInvoice(buyer.token, invoice.id);
      expect(blue.status).toBe('issued');
      expect(
        await h.staffPost(ConsoleInvoicePath.redden, finance.cookie, { id: invoice.id, reason: '开'.repeat(101) }),
      ).toMatchObject({ code: Code.BAD_REQUEST, msg: '红冲原因最多100字' });
      const reddened = await h.staffPost(ConsoleInvoicePath.redden, finance.cookie, {
        id: invoice.id,
        reason: '开票有误',
      });
      expect(reddened).toMatchObject({ code: Code.OK, msg: '发票已红冲' });
      expect(reddened.data.invoice).toMatchObject({
        status: 'reddened',
        red_reason: '开票有误',
        invoice_no: blue.invoice_no,
      });
      expect(reddened.data.invoice.red_invoice_no).toMatch(/^99\d{18}$/);
      expect(
        await h.staffPost(ConsoleInvoicePath.redden, finance.cookie, { id: invoice.id, reason: '开票有误' }),
      ).toEqual({
        code: Code.TOAST,
        msg: '该发票已红冲',
        data: null,
      });
      const entries = await h.audits(invoice.id);
      expect(entries.map((entry) => [entry.action, entry.reason])).toEqual([['invoice.redden', '开票有误']]);
      expect(entries[0]).toMatchObject({
        before: { status: 'issued' },
        after: { status: 'reddened', red_invoice_no: reddened.data.invoice.red_invoice_no },
      });
      expect(await h.invoiceable(buyer.token)).toEqual([order.order_id]);

      const { invoice: waiting } = await h.requested();
      expect(
        await h.staffPost(ConsoleInvoicePath.redden, finance.cookie, { id: waiting.id, reason: '开票有误' }),
      ).toEqual({
        code: Code.TOAST,
        msg: '只有已开具的发票可以红冲',
        data: null,
      });
      expect(await h.audits(waiting.id)).toEqual([]);
    },
    SANDBOX_PDF_TIMEOUT,
  );

  it(
    'serves staff an issued invoice’s PDF and, once reddened, the red one’s',
    async () => {
      const admin = await h.staff('管理员');
      const { invoice } = await h.requested();
      expect(await h.staffGet(withQuery(ConsoleInvoicePath.pdf, { id: invoice.id }), admin.cookie)).toMatchObject({
        code: Code.NOT_FOUND,
        msg: '发票尚未开具',
      });
      await h.runJobs();
      const file = await h.send('GET', withQuery(ConsoleInvoicePath.pdf, { id: invoice.id }), admin.cookie);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(
        await h.staffGet(withQuery(ConsoleInvoicePath.pdf, { id: invoice.id, red: '1' }), admin.cookie),
      ).toMatchObject({ code: Code.NOT_FOUND, msg: '发票尚未红冲' });
      await h.staffPost(ConsoleInvoicePath.redden, admin.cookie, { id: invoice.id, reason: '开票有误' });
      const red = await h.send('GET', withQuery(ConsoleInvoicePath.pdf, { id: invoice.id, red: '1' }), admin.cookie);
      expect(red.headers['content-type']).toBe('application/pdf');
      expect(red.rawPayload.equals(file.rawPayload)).toBe(false);
    },
    SANDBOX_PDF_TIMEOUT,
  );

  it.each(['客服', '数据'] as const)('refuses %s every invoice call with 403, changing nothing', async (role) => {
    const staff = await h.staff(role);
    const { buyer, invoice } = await h.requested();
    const body = { id: invoice.id, reason: '试试' };
    expect(await h.staffGet(ConsoleInvoicePath.list, staff.cookie)).toEqual(forbidden);
    expect(await h.staffGet(withQuery(ConsoleInvoicePath.pdf, { id: invoice.id }), staff.cookie)).toEqual(forbidden);
    for (const path of [ConsoleInvoicePath.issue, ConsoleInvoicePath.redden, ConsoleInvoicePath.retry]) {
      expect(await h.staffPost(path, staff.cookie, body)).toEqual(forbidden);
    }
    expect(await h.upload(staff.cookie, { id: invoice.id, invoice_no: '12345678', reason: '试试' }, h.pdf())).toEqual(
      forbidden,
    );
    expect((await h.memberInvoice(buyer.token, invoice.id)).status).toBe('pending');
    expect(await h.audits(invoice.id)).toEqual([]);
  });

  it('refuses a member 403 and a visitor 800 on every invoice call', async () => {
    const { buyer, invoice } = await h.requested();
    const calls = [
      { method: 'GET' as const, url: ConsoleInvoicePath.list },
      { method: 'GET' as const, url: withQuery(ConsoleInvoicePath.pdf, { id: invoice.id }) },
      ...[ConsoleInvoicePath.issue, ConsoleInvoicePath.redden, ConsoleInvoicePath.retry].map((url) => ({
        method: 'POST' as const,
        url,
        body: { id: invoice.id, reason: '试试' },
      })),
      { method: 'POST' as const, url: ConsoleInvoicePath.upload, ...multipartForm(h.pdf(), { id: invoice.id }) },
    ];
    for (const call of calls) {
      const asMember = await h.t.request({ ...call, token: buyer.token });
      expect(asMember.statusCode).toBe(403);
      expect(asMember.json()).toEqual(forbidden);
      expect((await h.t.request(call)).json()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    }
    expect((await h.memberInvoice(buyer.token, invoice.id)).status).toBe('pending');
  });
});

describe('console invoices when the provider refuses or fails', () => {
  const { provider, sandbox, steer } = steeredInvoiceProvider();
  const h = harness({ providers: { invoice: provider } });

  it('shows the provider’s refusal of an issue and leaves the request waiting, unaudited', async () => {
    steer(async () => {
      throw new InvoiceRequestError('购买方名称与税号不匹配');
    });
    const finance = await h.staff('财务');
    const { buyer, invoice } = await h.requested();
    expect(await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: invoice.id, reason: '客户催开' })).toEqual(
      {
        code: Code.TOAST,
        msg: '购买方名称与税号不匹配',
        data: null,
      },
    );
    expect((await h.memberInvoice(buyer.token, invoice.id)).status).toBe('pending');
    expect(await h.audits(invoice.id)).toEqual([]);
  });

  it(
    'retries a failed invoice once: queued again, audited, then issued by the job',
    async () => {
      steer(async () => {
        throw new InvoiceRequestError('平台维护中');
      });
      const finance = await h.staff('财务');
      const { buyer, invoice } = await h.requested();
      await h.runJobs();
      const failed = await h.staffGet(withQuery(ConsoleInvoicePath.list, { status: 'failed' }), finance.cookie);
      expect(failed.data.list.find((item: ConsoleInvoice) => item.id === invoice.id)).toMatchObject({
        status: 'failed',
        failure: '平台维护中',
      });
      expect(await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: invoice.id, reason: '再试' })).toEqual({
        code: Code.TOAST,
        msg: '该发票开具失败，请使用重试',
        data: null,
      });

      steer((request) => sandbox.issue(request));
      const retried = await h.staffPost(ConsoleInvoicePath.retry, finance.cookie, {
        id: invoice.id,
        reason: '平台已恢复',
      });
      expect(retried).toMatchObject({ code: Code.OK, data: { invoice: { status: 'pending', failure: null } } });
      expect(
        await h.staffPost(ConsoleInvoicePath.retry, finance.cookie, { id: invoice.id, reason: '平台已恢复' }),
      ).toEqual({
        code: Code.TOAST,
        msg: '该发票正在等待开具',
        data: null,
      });
      expect(await h.runJobs()).toBe(1);
      expect((await h.memberInvoice(buyer.token, invoice.id)).status).toBe('issued');
      expect((await h.audits(invoice.id)).map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        [
          'invoice.retry',
          expect.objectContaining({ status: 'failed', failure: '平台维护中' }),
          expect.objectContaining({ status: 'pending', failure: null }),
        ],
      ]);
    },
    SANDBOX_PDF_TIMEOUT,
  );
});

describe('console invoices issued by hand (INVOICE_PROVIDER=manual)', () => {
  const h = harness({ config: { invoiceProvider: 'manual' } });

  it('refuses a file that is no whole PDF, a bad number, no reason, and a file over 10 MB', async () => {
    const finance = await h.staff('财务');
    const { invoice } = await h.requested();
    const fields = { id: invoice.id, invoice_no: '25117000000012345678', reason: '线下已开' };
    const refusal = async (form: Record<string, string>, file?: { name: string; content: Buffer }) =>
      (await h.upload(finance.cookie, form, file)).msg;
    expect(await refusal(fields)).toBe('请选择要上传的文件');
    expect(await refusal(fields, h.pdf('invoice.gif', Buffer.from('GIF89a')))).toBe('请上传PDF格式的发票文件');
    expect(await refusal(fields, h.pdf('invoice.pdf', Buffer.from('GIF89a')))).toBe('请上传PDF格式的发票文件');
    expect(await refusal(fields, h.pdf('invoice.pdf', handIssued.subarray(0, 20)))).toBe('请上传PDF格式的发票文件');
    expect(await refusal({ ...fields, invoice_no: '12' }, h.pdf())).toBe('请输入正确的发票号码');
    expect(await refusal({ ...fields, reason: ' ' }, h.pdf())).toBe('请填写操作原因');
    const big = Buffer.concat([handIssued, Buffer.alloc(CONSOLE_INVOICE_PDF_MAX_BYTES)]);
    expect(await refusal(fields, h.pdf('invoice.pdf', big))).toBe('发票文件不能超过 10MB');
    expect(await h.audits(invoice.id)).toEqual([]);
  });

  it('issues a waiting request from the uploaded PDF, which the member then downloads; once', async () => {
    const finance = await h.staff('财务');
    const { buyer, invoice } = await h.requested();
    expect(await h.runJobs()).toBe(0);
    const page = await h.staffGet(ConsoleInvoicePath.list, finance.cookie);
    expect(page.data.manual).toBe(true);
    expect(await h.staffPost(ConsoleInvoicePath.issue, finance.cookie, { id: invoice.id, reason: '开' })).toEqual({
      code: Code.TOAST,
      msg: '当前为手工开票，请上传发票文件',
      data: null,
    });
    const invoiceNo = '25117000000012345678';
    const fields = { id: invoice.id, invoice_no: invoiceNo, reason: '税务平台已开 Ref-A' };
    const uploaded = await h.upload(finance.cookie, fields, h.pdf());
    expect(uploaded).toMatchObject({ code: Code.OK, msg: '发票已上传' });
    expect(uploaded.data.invoice).toMatchObject({ status: 'issued', invoice_no: invoiceNo });
    expect(await h.upload(finance.cookie, fields, h.pdf())).toEqual({
      code: Code.TOAST,
      msg: '该发票已开具',
      data: null,
    });
    const file = await h.t.request({
      method: 'GET',
      url: withQuery(OrderPath.invoicePdf, { id: invoice.id }),
      token: buyer.token,
    });
    expect(file.rawPayload.equals(handIssued)).toBe(true);
    expect((await h.audits(invoice.id)).map((entry) => [entry.action, entry.reason, entry.after])).toEqual([
      ['invoice.upload', '税务平台已开 Ref-A', expect.objectContaining({ status: 'issued', invoice_no: invoiceNo })],
    ]);
  });

  it('reddens by hand: the provider call is refused and the uploaded red file frees the order', async () => {
    const finance = await h.staff('管理员');
    const { buyer, order, invoice } = await h.requested();
    await h.upload(finance.cookie, { id: invoice.id, invoice_no: '25117000000000000001', reason: '线下已开' }, h.pdf());
    expect(
      await h.staffPost(ConsoleInvoicePath.redden, finance.cookie, { id: invoice.id, reason: '开票有误' }),
    ).toEqual({
      code: Code.TOAST,
      msg: '当前为手工开票，请上传发票文件',
      data: null,
    });
    const redFile = Buffer.from('%PDF-1.4\n% red\n%%EOF\n');
    const red = await h.upload(
      finance.cookie,
      { id: invoice.id, invoice_no: '25117000000000000002', red: '1', reason: '开票有误' },
      h.pdf('red.pdf', redFile),
    );
    expect(red).toMatchObject({ code: Code.OK, msg: '发票已红冲', data: { invoice: { status: 'reddened' } } });
    const file = await h.t.request({
      method: 'GET',
      url: withQuery(OrderPath.invoicePdf, { id: invoice.id, red: '1' }),
      token: buyer.token,
    });
    expect(file.rawPayload.equals(redFile)).toBe(true);
    expect(await h.invoiceable(buyer.token)).toEqual([order.order_id]);
    expect((await h.audits(invoice.id)).map((entry) => entry.action)).toEqual(['invoice.redden', 'invoice.upload']);
  });
});
