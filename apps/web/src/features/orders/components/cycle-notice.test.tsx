import { type CycleInfo, OrderPath } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { request } from '../../../lib/api/client';
import { CycleNotice } from './cycle-notice';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string, options?: { method?: string }) => unknown>;

const running: CycleInfo = { grade: 'VIP', cycle_price: 5_900, period_days: 30, next_charge_date: '2026-12-23' };

/** Answers cycle_info with `info` until cancel_cycle is called, then null. */
function answer(info: CycleInfo) {
  const calls: string[] = [];
  let current = info;
  requestMock.mockImplementation(async (path) => {
    calls.push(path);
    if (path === OrderPath.cycleInfo) return current;
    if (path === OrderPath.cancelCycle) {
      current = null;
      return { cancelled: 1 };
    }
    throw new Error(`unexpected ${path}`);
  });
  return calls;
}

describe('CycleNotice', () => {
  const toast = spyOnToast();
  beforeEach(() => {
    requestMock.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a running 连续包月 with its next charge, and cancels it after a confirmation', async () => {
    const calls = answer(running);
    renderWidget(<CycleNotice />, { viewer: 'VIP' });
    const notice = await screen.findByTestId('cycle-notice');
    expect(notice.textContent).toContain('个人版连续包月生效中，将于 2026-12-23 通过支付宝自动续费 ¥59');

    fireEvent.click(screen.getByRole('button', { name: '取消连续包月' }));
    await screen.findByText('取消后将不再自动续费，已支付的会员期限不受影响，到期前仍可正常使用。');
    // Nothing is cancelled before the confirmation.
    expect(calls).not.toContain(OrderPath.cancelCycle);
    fireEvent.click(screen.getByRole('button', { name: /确认取消/ }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已取消连续包月', 'success', 2000));
    expect(calls).toContain(OrderPath.cancelCycle);
    await waitFor(() => expect(screen.queryByTestId('cycle-notice')).toBeNull());
  });

  it('keeps the plan when the confirmation is turned down', async () => {
    const calls = answer(running);
    renderWidget(<CycleNotice />, { viewer: 'VIP' });
    fireEvent.click(await screen.findByRole('button', { name: '取消连续包月' }));
    fireEvent.click(await screen.findByRole('button', { name: /再想想/ }));
    expect(calls).not.toContain(OrderPath.cancelCycle);
    expect(screen.getByTestId('cycle-notice')).toBeTruthy();
  });

  it('shows nothing without a running plan, and asks nothing for a visitor', async () => {
    const calls = answer(null);
    const { unmount } = renderWidget(<CycleNotice />, { viewer: 'VIP' });
    await waitFor(() => expect(calls).toContain(OrderPath.cycleInfo));
    expect(screen.queryByTestId('cycle-notice')).toBeNull();
    unmount();
    calls.length = 0;
    renderWidget(<CycleNotice />, { viewer: 'visitor' });
    expect(calls).toEqual([]);
  });
});
