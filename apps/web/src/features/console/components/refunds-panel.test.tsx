import { type ConsoleRefund, ConsoleRefundPath } from '@dso/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { expectReasonRequired, staffMe, submitReason } from '../testing';
import { RefundsPanel } from './refunds-panel';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

/** An antd table and its dialog mount slowly in jsdom on a shared machine. */
const PANEL_TEST_TIMEOUT = 60_000;

const finance = staffMe('财务', ['orders.read', 'orders.act']);
const agent = staffMe('客服', ['users.read', 'users.act', 'orders.read']);

function refundRow(overrides: Partial<ConsoleRefund> = {}): ConsoleRefund {
  return {
    payment_id: 11,
    order_id: 'D202601010000001234567890',
    user_id: 42,
    phone: '13812345678',
    provider: 'alipay',
    channel: 'alipay',
    vendor_trade_no: '2026010122001',
    amount: 4_900,
    paid_time: 1_767_225_600,
    due_reason: 'paid_twice',
    status: 'due',
    out_refund_no: null,
    vendor_refund_id: null,
    staff_name: null,
    refund_reason: null,
    vendor_error: null,
    request_time: null,
    finish_time: null,
    notify_time: null,
    ...overrides,
  };
}

const settled = refundRow({
  payment_id: 12,
  order_id: 'D202601020000009876543210',
  phone: '13900002222',
  provider: 'wechatpay',
  channel: 'wechat',
  amount: 29_900,
  due_reason: 'closed',
  status: 'success',
  out_refund_no: 'RF0000000012',
  request_time: 1_767_300_000,
  finish_time: 1_767_300_001,
  notify_time: 1_767_300_005,
});

const listOf = (rows: ConsoleRefund[]) => ({
  list: rows,
  open_count: rows.filter((row) => row.status === 'due' || row.status === 'failed').length,
  open_amount: rows
    .filter((row) => row.status === 'due' || row.status === 'failed')
    .reduce((sum, row) => sum + row.amount, 0),
});

/**
 * Answers the list with one payment, pending until `action` is called and then as `after` says, and
 * `action` with `result`.
 */
function answerAction(action: string, after: Partial<ConsoleRefund>, result: object) {
  let done = false;
  return answerRequests({
    [ConsoleRefundPath.list]: () => listOf([done ? refundRow(after) : refundRow()]),
    [action]: () => {
      done = true;
      return result;
    },
  });
}

const render = (me = finance) =>
  renderAtRoute(<RefundsPanel me={me} />, { path: '/admin/orders', url: '/admin/orders' });

describe('the refunds panel', () => {
  it(
    'lists payments due back with their channel, amount in yuan, why and where each refund stands',
    async () => {
      answerRequests({
        [ConsoleRefundPath.list]: () =>
          listOf([
            refundRow(),
            settled,
            refundRow({ payment_id: 13, status: 'failed', vendor_error: '交易已关闭' }),
            refundRow({ payment_id: 14, phone: '13700003333', status: 'processing', request_time: 1_767_300_000 }),
          ]),
      });
      render();
      await screen.findByText('D202601020000009876543210');
      expect(screen.getByText('待处理 2 笔，共 ¥98.00')).toBeTruthy();
      const due = screen.getAllByRole('row').find((row) => within(row).queryByText('13812345678'))!;
      for (const text of ['支付宝', '¥49.00', '重复支付', '待退款']) expect(within(due).getByText(text)).toBeTruthy();
      const done = screen.getByText('13900002222').closest('tr')!;
      for (const text of ['微信支付', '¥299.00', '订单已关闭后到账', '已退款']) {
        expect(within(done).getByText(text)).toBeTruthy();
      }
      expect(within(done).getByText(/^渠道已通知/)).toBeTruthy();
      expect(within(done).queryByRole('button')).toBeNull();
      expect(screen.getByText('退款失败')).toBeTruthy();
      expect(screen.getByText('交易已关闭')).toBeTruthy();
      const asked = screen.getByText('13700003333').closest('tr')!;
      expect(within(asked).getByText('退款中')).toBeTruthy();
      expect(within(asked).getByText('等待渠道结果')).toBeTruthy();
      expect(within(asked).queryByRole('button')).toBeNull();
      // Due and failed payments can be refunded, each through the vendor or by hand.
      expect(screen.getAllByRole('button', { name: '原路退款' })).toHaveLength(2);
      expect(screen.getAllByRole('button', { name: '标记已退款' })).toHaveLength(2);
    },
    PANEL_TEST_TIMEOUT,
  );

  it(
    'shows 客服 the list without the refund buttons',
    async () => {
      answerRequests({ [ConsoleRefundPath.list]: () => listOf([refundRow()]) });
      render(agent);
      await screen.findByText('13812345678');
      expect(screen.queryByRole('button', { name: '原路退款' })).toBeNull();
      expect(screen.queryByRole('button', { name: '标记已退款' })).toBeNull();
      expect(screen.queryByText('操作')).toBeNull();
    },
    PANEL_TEST_TIMEOUT,
  );

  it(
    'refunds through the vendor only with a reason, then shows the refund done',
    async () => {
      const calls = answerAction(
        ConsoleRefundPath.refund,
        { status: 'success', notify_time: 1_767_300_005 },
        { changed: 1, audit_id: 5, status: 'success' },
      );
      render();
      fireEvent.click(await screen.findByRole('button', { name: '原路退款' }));
      const dialog = await screen.findByRole('dialog');
      expect(
        within(dialog).getByText('将通过支付宝原路退回 ¥49.00 给订单 D202601010000001234567890（13812345678）。'),
      ).toBeTruthy();
      await expectReasonRequired(dialog, '确认退款', calls, ConsoleRefundPath.refund);
      submitReason(dialog, '用户重复支付', '确认退款');
      await screen.findByText('已退款');
      expect(calls.filter((call) => call.path === ConsoleRefundPath.refund)).toEqual([
        expect.objectContaining({ method: 'POST', body: { payment_id: 11, reason: '用户重复支付' } }),
      ]);
      expect(screen.queryByRole('button', { name: '原路退款' })).toBeNull();
    },
    PANEL_TEST_TIMEOUT,
  );

  it(
    'marks a payment refunded by hand without the vendor',
    async () => {
      const calls = answerAction(
        ConsoleRefundPath.refundByHand,
        { status: 'by_hand', staff_name: '财务小李', finish_time: 1 },
        { changed: 1, audit_id: 6, status: 'by_hand' },
      );
      render();
      fireEvent.click(await screen.findByRole('button', { name: '标记已退款' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/此操作不会调用支付渠道/)).toBeTruthy();
      submitReason(dialog, '已银行转账退回', '确认标记');
      await screen.findByText('已线下退款');
      await waitFor(() =>
        expect(calls.filter((call) => call.path !== ConsoleRefundPath.list)).toEqual([
          expect.objectContaining({
            path: ConsoleRefundPath.refundByHand,
            body: { payment_id: 11, reason: '已银行转账退回' },
          }),
        ]),
      );
    },
    PANEL_TEST_TIMEOUT,
  );
});
