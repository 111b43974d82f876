import { type OrderItem, OrderPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { createOrderItem } from '../testing/factories';
import { OrdersTable } from './orders-table';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string, options?: { body?: unknown }) => unknown>;

const orders = [
  createOrderItem({ order_id: 'O1' }),
  createOrderItem({
    order_id: 'O2',
    status: 'pending',
    pay_mode: null,
    pay_time: null,
    start_date: null,
    end_date: null,
  }),
  createOrderItem({ order_id: 'O3', status: 'cancelled', start_date: null, end_date: null }),
  createOrderItem({ order_id: 'O4', status: 'closed', start_date: null, end_date: null }),
  createOrderItem({ order_id: 'O5', status: 'refund_due', pay_mode: 'WxPay', start_date: null, end_date: null }),
  createOrderItem({
    order_id: 'O6',
    invoice_id: 'I1',
    invoice_status: 'issued',
    title: '企业版 12个月',
    pay_money: 289900,
  }),
  createOrderItem({
    order_id: 'O7',
    kind: 'pack',
    title: '批量提取文案次数包 100次',
    pay_money: 990,
    start_date: null,
    end_date: null,
  }),
];

function answer(list: OrderItem[], total = list.length) {
  const calls: Array<{ path: string; body?: unknown }> = [];
  requestMock.mockImplementation(async (path, options) => {
    calls.push({ path, body: options?.body });
    if (path === OrderPath.orderList) return { list, total };
    if (path === OrderPath.invoiceTitle) return null;
    throw new Error(`unexpected ${path}`);
  });
  return calls;
}

const rowOf = (orderId: string) => screen.getByText(orderId).closest('tr') as HTMLElement;
const cellTexts = (orderId: string) => [...rowOf(orderId).querySelectorAll('td')].map((cell) => cell.textContent);
const checkboxOf = (orderId: string) => within(rowOf(orderId)).getByRole('checkbox') as HTMLInputElement;

describe('OrdersTable', () => {
  beforeEach(() => {
    requestMock.mockReset();
  });

  it('lists each order with its content, amount in yuan, state, pay mode, time, period and invoice state', async () => {
    const calls = answer(orders);
    renderWidget(<OrdersTable />, { viewer: 'VIP' });
    await screen.findByText('O1');
    // What was bought and its number share the first cell, each on its own line.
    const orderCell = rowOf('O1').querySelectorAll('td')[1] as HTMLElement;
    expect(within(orderCell).getByText('个人版 12个月')).not.toBe(within(orderCell).getByText('O1'));
    expect(cellTexts('O1').slice(2)).toEqual([
      '¥499',
      '已支付',
      '支付宝',
      '2025-01-01 08:00:00',
      '2025-01-01 至 2026-01-01',
      '未开票',
    ]);
    expect(cellTexts('O2').slice(3, 5)).toEqual(['待支付', '—']);
    expect(cellTexts('O3')[3]).toBe('已取消');
    expect(cellTexts('O4')[3]).toBe('已关闭');
    expect(cellTexts('O5').slice(3, 5)).toEqual(['待退款', '微信支付']);
    expect(cellTexts('O6').slice(2)).toEqual([
      '¥2899',
      '已支付',
      '支付宝',
      '2025-01-01 08:00:00',
      '2025-01-01 至 2026-01-01',
      '已开具',
    ]);
    expect(cellTexts('O7').slice(1, 3)).toEqual(['批量提取文案次数包 100次O7', '¥9.9']);
    expect(calls[0]).toEqual({ path: OrderPath.orderList, body: { page_no: 1, page_size: 10 } });
  });

  it('shows a period an upgrade cut short up to its day, and one it replaced before it began as 未生效', async () => {
    answer([
      createOrderItem({ order_id: 'U1', title: '企业版 12个月', start_date: '2025-03-01', end_date: '2026-03-01' }),
      createOrderItem({ order_id: 'V2', start_date: null, end_date: null, period_cut: 'upgrade' }),
      createOrderItem({ order_id: 'V1', start_date: '2025-01-01', end_date: '2025-03-01', period_cut: 'upgrade' }),
      createOrderItem({ order_id: 'C1', start_date: '2024-12-01', end_date: '2025-01-01', period_cut: 'card' }),
    ]);
    renderWidget(<OrdersTable />, { viewer: 'SVIP' });
    await screen.findByText('U1');
    expect(cellTexts('U1')[6]).toBe('2025-03-01 至 2026-03-01');
    expect(cellTexts('V2')[6]).toBe('未生效已升级，剩余部分已抵扣');
    expect(cellTexts('V1')[6]).toBe('2025-01-01 至 2025-03-01已升级，剩余部分已抵扣');
    expect(cellTexts('C1')[6]).toBe('2024-12-01 至 2025-01-01已兑换会员卡，剩余部分已抵消');
  });

  it('lets only paid orders without an invoice be chosen, and asks for one invoice for them', async () => {
    answer(orders);
    renderWidget(<OrdersTable />, { viewer: 'VIP' });
    await screen.findByText('O1');
    const invoiceButton = screen.getByRole('button', { name: /申请开票/ }) as HTMLButtonElement;
    expect(invoiceButton.disabled).toBe(true);
    expect(['O2', 'O3', 'O4', 'O5', 'O6'].map((id) => checkboxOf(id).disabled)).toEqual([true, true, true, true, true]);
    fireEvent.click(checkboxOf('O1'));
    fireEvent.click(checkboxOf('O7'));
    expect(screen.getByTestId('orders-selection').textContent).toBe('已选 2 个订单，合计 ¥508.9');
    fireEvent.click(invoiceButton);
    expect((await screen.findByTestId('invoice-summary')).textContent).toBe('共 2 个订单，开票金额 ¥508.9');
  });

  it('turns to the next page of orders', async () => {
    const calls = answer([createOrderItem({ order_id: 'O1' })], 25);
    renderWidget(<OrdersTable />, { viewer: 'VIP' });
    await screen.findByText('O1');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(calls.at(-1)?.body).toEqual({ page_no: 2, page_size: 10 }));
  });
});
