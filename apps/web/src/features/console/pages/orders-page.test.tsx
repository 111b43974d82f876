import { ConsoleOrderPath, type ConsoleOrdersPage, type ConsoleReconcile, ConsoleRefundPath } from '@dso/contract';
import { shanghaiDay } from '@dso/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { expectReasonRequired, staffMe, submitReason } from '../testing';
import OrdersPage from './orders-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

/** Several antd tables in tabs mount slowly in jsdom on a shared machine. */
const PAGE_TEST_TIMEOUT = 180_000;
const agent = staffMe('客服', ['users.read', 'users.act', 'orders.read']);
const finance = staffMe('财务', ['orders.read', 'orders.act']);

const ordersPage = (): ConsoleOrdersPage => ({
  list: [
    {
      order_id: 'D202611280000001234567890',
      user_id: 42,
      phone: '13812345678',
      kind: 'membership',
      plan: 'SVIP-365',
      plan_name: '企业版 12个月',
      price_fen: 289_900,
      coupon_fen: 0,
      dis_price_fen: 0,
      pay_fen: 289_900,
      status: 'paid',
      channel: 'wechat',
      create_time: 1_795_000_000,
      pay_time: 1_795_000_060,
      vendor_trade_no: '4200001234',
    },
  ],
  total: 1,
  totals: {
    all: { orders: 3, paid_count: 2, paid_fen: 296_800 },
    by_day: [{ day: '2026-11-28', orders: 3, paid_count: 2, paid_fen: 296_800 }],
    by_channel: [{ channel: 'wechat', orders: 3, paid_count: 2, paid_fen: 296_800 }],
    by_plan: [{ plan: 'VIP-30', plan_name: '个人版 1个月', orders: 2, paid_count: 1, paid_fen: 6900 }],
  },
});

const reconcile = (): ConsoleReconcile => ({
  day: shanghaiDay(),
  checked: 5,
  capped: false,
  matched: 3,
  mismatches: [
    {
      order_id: 'D202611280000000000000001',
      kind: 'vendor_paid',
      channel: 'alipay',
      our_status: 'pending',
      our_fen: 6900,
      vendor_state: 'paid',
      vendor_fen: 6900,
      vendor_trade_no: '2026112822001',
    },
    {
      order_id: 'D202611280000000000000002',
      kind: 'we_paid',
      channel: 'alipay',
      our_status: 'paid',
      our_fen: 4900,
      vendor_state: 'not_exist',
      vendor_fen: null,
      vendor_trade_no: null,
    },
  ],
});

const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('the orders page', () => {
  it(
    'opens filtered by the q of its address, shows totals and agreements, and shows 客服 the reconciliation without acting buttons',
    async () => {
      const calls = answerRequests({
        [ConsoleOrderPath.orders]: ordersPage,
        [ConsoleOrderPath.plans]: () => [{ plan: 'VIP-30', plan_name: '个人版 1个月' }],
        // A busy day: the vendors were asked about its oldest orders only.
        [ConsoleOrderPath.reconcile]: () => ({ ...reconcile(), capped: true }),
        [ConsoleOrderPath.agreements]: () => ({
          list: [
            {
              id: 'AD202611010000001234567890',
              user_id: 42,
              phone: '13812345678',
              plan_name: '个人版 连续包月',
              cycle_fen: 5900,
              next_charge_on: '2026-11-30',
              sign_time: 1_793_462_400,
              state: 'active',
            },
          ],
          total: 1,
        }),
        [ConsoleRefundPath.list]: () => ({ list: [] }),
      });
      renderAtRoute(<OrdersPage me={agent} />, {
        path: '/admin/orders',
        url: '/admin/orders?q=D202611280000001234567890',
      });
      await screen.findByText('D202611280000001234567890');
      expect(screen.getAllByText('企业版 12个月').length).toBeGreaterThan(0);
      expect(screen.getByText('¥2899.00')).toBeTruthy();
      expect(screen.getAllByText('¥2968.00').length).toBeGreaterThan(0);
      expect(screen.getByText('个人版 1个月')).toBeTruthy();
      // An order number in the address finds the order whatever day it was made.
      expect(calls.find((call) => call.path === ConsoleOrderPath.orders)?.query).toEqual({
        q: 'D202611280000001234567890',
        from: undefined,
        to: undefined,
        page_no: 1,
      });

      openTab('连续包月协议');
      await screen.findByText('个人版 连续包月');
      expect(screen.getByText('2026-11-30')).toBeTruthy();
      expect(screen.getByText('生效中')).toBeTruthy();
      expect(screen.getByText('¥59.00')).toBeTruthy();

      openTab('对账');
      fireEvent.click(await screen.findByRole('button', { name: '开始对账' }));
      await screen.findByText('渠道已收款，我方未记录');
      expect(screen.getByText('我方已支付，渠道未收款')).toBeTruthy();
      expect(screen.getByText('该日订单超过 2000 笔，仅核对了最早的 2000 笔')).toBeTruthy();
      expect(calls.find((call) => call.path === ConsoleOrderPath.reconcile)?.query).toEqual({ day: shanghaiDay() });
      expect(screen.queryByRole('button', { name: '补记' })).toBeNull();
      expect(screen.queryByRole('button', { name: /全部补记/ })).toBeNull();
    },
    PAGE_TEST_TIMEOUT,
  );

  it(
    'filters by channel from the first page, and lets 财务 settle a missed payment with a reason',
    async () => {
      let settled = false;
      const calls = answerRequests({
        [ConsoleOrderPath.orders]: ordersPage,
        [ConsoleOrderPath.plans]: () => [],
        [ConsoleOrderPath.reconcile]: () =>
          settled ? { ...reconcile(), matched: 4, mismatches: reconcile().mismatches.slice(1) } : reconcile(),
        [ConsoleOrderPath.reconcileApply]: () => {
          settled = true;
          return { changed: 1, applied: [{ order_id: 'D202611280000000000000001', status: 'paid', audit_id: 7 }] };
        },
      });
      renderAtRoute(<OrdersPage me={finance} />, { path: '/admin/orders', url: '/admin/orders' });
      await screen.findByText('D202611280000001234567890');
      const first = calls.find((call) => call.path === ConsoleOrderPath.orders)?.query;
      expect(first).toMatchObject({
        from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        to: shanghaiDay(),
        page_no: 1,
      });

      fireEvent.mouseDown(screen.getByRole('combobox', { name: '按渠道筛选' }));
      fireEvent.click(await screen.findByTitle('微信支付'));
      await waitFor(() =>
        expect(calls.filter((call) => call.path === ConsoleOrderPath.orders).at(-1)?.query).toMatchObject({
          channel: 'wechat',
          page_no: 1,
        }),
      );

      openTab('对账');
      fireEvent.click(await screen.findByRole('button', { name: '开始对账' }));
      await screen.findByText('渠道已收款，我方未记录');
      expect(screen.getByRole('button', { name: '全部补记（1）' })).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: '补 记' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/补记订单 D202611280000000000000001/)).toBeTruthy();
      await expectReasonRequired(dialog, '确认补记', calls, ConsoleOrderPath.reconcileApply);
      submitReason(dialog, '支付宝通知丢失', '确认补记');
      await waitFor(() => expect(screen.queryByText('渠道已收款，我方未记录')).toBeNull());
      expect(calls.find((call) => call.path === ConsoleOrderPath.reconcileApply)?.body).toEqual({
        day: shanghaiDay(),
        order_id: 'D202611280000000000000001',
        reason: '支付宝通知丢失',
      });
    },
    PAGE_TEST_TIMEOUT,
  );
});
