import { OrderPath, SANDBOX_CASHIER_PAGE } from '@dso/contract';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, callsTo, type RequestCall } from '../../../components/testing/answer-requests';
import { renderAtRoute } from '../../../components/testing/render-route';
import { useSession } from '../../../stores/session';
import SandboxCashierPage from './sandbox-cashier-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));

function renderCashier(handlers: Record<string, (call: RequestCall) => unknown>) {
  const calls = answerRequests(handlers);
  renderAtRoute(<SandboxCashierPage />, {
    path: SANDBOX_CASHIER_PAGE,
    url: `${SANDBOX_CASHIER_PAGE}?trade=M20261127A1`,
    keepSession: true,
  });
  return calls;
}

describe('the sandbox cashier page', () => {
  afterEach(() => {
    cleanup();
    useSession.setState({ token: null });
  });

  it('refuses a visitor without asking for the trade', async () => {
    const calls = renderCashier({});
    await screen.findByRole('heading', { name: '无法支付' });
    expect(screen.queryByRole('button', { name: '支付' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('refuses another account the server says the order is not theirs', async () => {
    useSession.setState({ token: 'other' });
    renderCashier({ [OrderPath.sandboxCashier]: () => ({ state: 'not_owner' }) });
    await screen.findByText('该订单不属于当前登录的账号，请登录下单的账号后再打开此页面。');
    expect(screen.queryByRole('button', { name: '支付' })).toBeNull();
  });

  it('is titled after the order’s channel and pays the trade it shows', async () => {
    useSession.setState({ token: 'owner' });
    const calls = renderCashier({
      [OrderPath.sandboxCashier]: (call) =>
        call.method === 'POST'
          ? { state: 'paid' }
          : {
              state: 'payable',
              channel: 'alipay',
              amount: 5_900,
              subject: 'DSO 个人版 1个月',
              order_id: 'M20261127A1',
            },
    });
    await screen.findByRole('heading', { name: '支付宝收银台（沙箱）' });
    expect(screen.getByText('¥59')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '支付' }));
    await screen.findByRole('heading', { name: '支付成功' });
    expect(callsTo(calls, OrderPath.sandboxCashier).map((call) => call.body ?? call.query)).toEqual([
      { trade: 'M20261127A1' },
      { trade: 'M20261127A1', action: 'pay' },
    ]);
  });
});
