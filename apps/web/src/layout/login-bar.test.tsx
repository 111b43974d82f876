import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAtRoute } from '../components/testing/render-route';
import { openedDialogs, renderWidget } from '../components/testing/render-widget';
import { hang, mockApi, ok } from '../features/account/testing/mock-api';
import { createPlan } from '../features/orders/testing/factories';
import { useSession } from '../stores/session';
import { BAR_REVEAL_DELAY_MS, LoginBar } from './login-bar';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
}

describe('LoginBar', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    scrollTo(0);
  });

  it('asks a visitor to log in', () => {
    renderWidget(<LoginBar />);
    expect(screen.getByText('立即登录注册，查看更多数据')).toBeTruthy();
    fireEvent.click(screen.getByText('立即登录'));
    expect(openedDialogs().open.login).toBe(true);
  });

  it('shows a FREE user the member benefits, with no price, while the plans load', async () => {
    const { calls } = mockApi({ '/api/order/get_grade_config': hang });
    renderWidget(<LoginBar />, { viewer: 'FREE' });
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/order/get_grade_config'));
    expect(screen.getByText('升级会员，解锁完整数据与更多次数')).toBeTruthy();
    expect(screen.getByTestId('login-bar').textContent).not.toContain('¥');
  });

  it('shows a FREE user the lowest monthly price of the yearly VIP plan once plans exist', async () => {
    mockApi({
      '/api/order/get_grade_config': ok({
        VIP: [plan(30, 6_900), plan(365, 59_900), plan(365, 49_900)],
        SVIP: [plan(365, 10_000)],
        EVIP: [],
      }),
    });
    renderWidget(<LoginBar />, { viewer: 'FREE' });
    await waitFor(() => expect(screen.getByTestId('login-bar').textContent).toContain('开通个人版年卡，低至¥41/月'));
    fireEvent.click(screen.getByText('立即开通'));
    expect(openedDialogs().payload.pay).toEqual({ grade: 'VIP' });
  });

  it('asks visitors and paid members for no plans', () => {
    const { calls } = mockApi({});
    renderWidget(<LoginBar />);
    renderWidget(<LoginBar />, { viewer: 'SVIP' });
    expect(calls).toEqual([]);
  });

  it('shows paid members nothing', () => {
    renderWidget(<LoginBar />, { viewer: 'VIP' });
    expect(screen.queryByTestId('login-bar')).toBeNull();
  });

  it('waits on the home page for 100 px of scrolling, then 500 ms, and hides again above that', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    useSession.setState({ token: null, userInfo: null });
    renderAtRoute(<LoginBar />, { url: '/', keepSession: true });
    const bar = () => screen.queryByTestId('login-bar');
    expect(bar()).toBeNull();
    act(() => scrollTo(99));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(bar()).toBeNull();
    act(() => scrollTo(120));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BAR_REVEAL_DELAY_MS - 50);
    });
    expect(bar()).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(bar()).not.toBeNull();
    expect(document.body.classList.contains('has-login-bar')).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
      scrollTo(10);
      await vi.advanceTimersByTimeAsync(20);
    });
    expect(bar()).toBeNull();
    expect(document.body.classList.contains('has-login-bar')).toBe(false);
  });
});

/** A VIP plan of `day` days as get_grade_config answers it, priced in fen. */
function plan(day: number, price: number) {
  return createPlan({ id: day * 1000 + price, day, month: Math.floor(day / 30), price });
}
