import { type InvoiceTitle, OrderPath } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { typeIn } from '../../../components/testing/type-in';
import { request } from '../../../lib/api/client';
import { createOrderItem } from '../testing/factories';
import { InvoiceRequestDialog } from './invoice-request-dialog';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;

const paidOrder = (id: string, payMoney: number) =>
  createOrderItem({ order_id: id, title: '企业版 12个月', grade: 'SVIP', price: payMoney, pay_money: payMoney });

const orders = [paidOrder('O1', 289900), paidOrder('O2', 49900)];

/** Answers the saved title and accepts the request; returns the bodies sent to invoice/insert. */
function answer(saved: InvoiceTitle | null) {
  const inserted: unknown[] = [];
  requestMock.mockImplementation(async (path, options) => {
    if (path === OrderPath.invoiceTitle) return saved;
    if (path === OrderPath.invoiceInsert) {
      inserted.push(options?.body);
      return { id: 'I1' };
    }
    throw new Error(`unexpected ${path}`);
  });
  return inserted;
}

function renderDialog() {
  const onSubmitted = vi.fn();
  renderWidget(<InvoiceRequestDialog open orders={orders} onClose={() => undefined} onSubmitted={onSubmitted} />, {
    viewer: 'SVIP',
  });
  return onSubmitted;
}

/** A company's special VAT title, as saved and as sent. */
const companyTitle = {
  kind: 'special',
  title_type: 'company',
  title: '杭州示例科技有限公司',
  tax_no: '91330100MA2H3X4Y5Z',
  address: '杭州市西湖区文三路1号',
  phone: '0571-88888888',
  bank_name: '招商银行杭州分行',
  bank_account: '571900000000001',
} as const satisfies InvoiceTitle;

const submit = () => fireEvent.click(screen.getByRole('button', { name: '提交申请' }));

/** Turns the title to 单位 and waits for the company fields. */
async function chooseCompany() {
  fireEvent.click(await screen.findByLabelText('单位'));
  await screen.findByLabelText('统一社会信用代码');
}

describe('InvoiceRequestDialog', () => {
  spyOnToast();
  beforeEach(() => {
    requestMock.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for a personal invoice with the title only, for the chosen orders', async () => {
    const inserted = answer(null);
    const onSubmitted = renderDialog();
    expect((await screen.findByTestId('invoice-summary')).textContent).toBe('共 2 个订单，开票金额 ¥3398');
    expect(screen.queryByLabelText('统一社会信用代码')).toBeNull();
    expect((screen.getByLabelText('增值税专用发票') as HTMLInputElement).disabled).toBe(true);
    submit();
    expect(await screen.findByText('请输入发票抬头')).toBeTruthy();
    typeIn('抬头', '张三');
    typeIn('接收邮箱', 'zhang@example.com');
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(inserted).toEqual([
      { order_ids: ['O1', 'O2'], kind: 'normal', title_type: 'personal', title: '张三', email: 'zhang@example.com' },
    ]);
  });

  it('requires an 18-character 统一社会信用代码 of digits and capitals for a company title', async () => {
    const inserted = answer(null);
    const onSubmitted = renderDialog();
    await chooseCompany();
    typeIn('抬头', '杭州示例科技有限公司');
    typeIn('统一社会信用代码', '91330100MA2');
    submit();
    expect(await screen.findByText('请输入正确的统一社会信用代码')).toBeTruthy();
    typeIn('统一社会信用代码', '91330100ma2h3x4y5z');
    expect((screen.getByLabelText('统一社会信用代码') as HTMLInputElement).value).toBe('91330100MA2H3X4Y5Z');
    await waitFor(() => expect(screen.queryByText('请输入正确的统一社会信用代码')).toBeNull());
    typeIn('统一社会信用代码', '');
    expect(await screen.findByText('请输入正确的统一社会信用代码')).toBeTruthy();
    expect(inserted).toEqual([]);
    typeIn('统一社会信用代码', '91330100MA2H3X4Y5Z');
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(inserted).toEqual([
      {
        order_ids: ['O1', 'O2'],
        kind: 'normal',
        title_type: 'company',
        title: '杭州示例科技有限公司',
        tax_no: '91330100MA2H3X4Y5Z',
      },
    ]);
  });

  it('requires the address, phone, bank and account for a special VAT invoice', async () => {
    const inserted = answer(null);
    const onSubmitted = renderDialog();
    await chooseCompany();
    fireEvent.click(screen.getByLabelText('增值税专用发票'));
    await screen.findByLabelText('银行账号');
    typeIn('抬头', '杭州示例科技有限公司');
    typeIn('统一社会信用代码', '91330100MA2H3X4Y5Z');
    submit();
    for (const message of ['请输入地址', '请输入电话', '请输入开户行', '请输入银行账号']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(inserted).toEqual([]);
    typeIn('地址', companyTitle.address);
    typeIn('电话', companyTitle.phone);
    typeIn('开户行', companyTitle.bank_name);
    typeIn('银行账号', companyTitle.bank_account);
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(inserted).toEqual([{ order_ids: ['O1', 'O2'], ...companyTitle }]);
  });

  it('starts from the saved title, so a returning company sends it unchanged', async () => {
    const saved: InvoiceTitle = { ...companyTitle, email: 'finance@example.com' };
    const inserted = answer(saved);
    const onSubmitted = renderDialog();
    expect(((await screen.findByLabelText('抬头')) as HTMLInputElement).value).toBe('杭州示例科技有限公司');
    expect((screen.getByLabelText('开户行') as HTMLInputElement).value).toBe('招商银行杭州分行');
    expect((screen.getByLabelText('增值税专用发票') as HTMLInputElement).checked).toBe(true);
    submit();
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
    expect(inserted).toEqual([{ order_ids: ['O1', 'O2'], ...saved }]);
  });

  it('goes back to an ordinary invoice when the title turns personal', async () => {
    answer(null);
    renderDialog();
    await chooseCompany();
    fireEvent.click(screen.getByLabelText('增值税专用发票'));
    expect(await screen.findByLabelText('银行账号')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('个人'));
    await waitFor(() => expect((screen.getByLabelText('普通发票') as HTMLInputElement).checked).toBe(true));
    expect(screen.queryByLabelText('银行账号')).toBeNull();
    expect(screen.queryByLabelText('统一社会信用代码')).toBeNull();
  });
});
