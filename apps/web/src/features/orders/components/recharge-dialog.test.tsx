import { type FrequencyPackage, OrderPath } from '@dso/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRequests } from '../../../components/testing/answer-requests';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { request } from '../../../lib/api/client';
import { ApiError } from '../../../lib/api/errors';
import { useDialogs } from '../../../stores/dialogs';
import * as account from '../../account';
import { loadRoles, loadUserInfo } from '../../account';
import { spyOnReload } from '../../account/testing';
import type { BuyTimesPayload } from './recharge-dialog';
import { RECHARGE_HINT, RechargeDialog } from './recharge-dialog';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
vi.mock('../../account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../account')>()),
  loadUserInfo: vi.fn(async () => null),
  loadRoles: vi.fn(async () => []),
}));

const packs: FrequencyPackage[] = [
  { id: 1, name: '批量提取文案次数包', frequency: 100, price: 990 },
  { id: 2, name: '批量提取文案次数包', frequency: 1000, price: 19900 },
];

const order = (id: number) => ({
  order: { order_id: `P${id}`, price: id === 1 ? 990 : 19900, expire_time: Math.floor(Date.now() / 1000) + 900 },
});

function openRecharge(payload: BuyTimesPayload = { type: 9, message: '今日次数已用尽，明天再来试试吧~' }) {
  renderWidget(<RechargeDialog />, { viewer: 'EVIP' });
  act(() => useDialogs.getState().openDialog('buyTimes', payload));
}

describe('RechargeDialog', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload(account);
  beforeEach(() => {
    vi.mocked(request).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('says no count ran out when the user opened it to buy, and the exhaustion when a count did', async () => {
    answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: () => new Promise(() => {}),
    });
    openRecharge({ type: 9 });
    expect(await screen.findByText(RECHARGE_HINT)).toBeTruthy();
    expect(screen.queryByText(/次数已用尽/)).toBeNull();
    act(() => useDialogs.getState().closeDialog('buyTimes'));
    act(() => useDialogs.getState().openDialog('buyTimes', { type: 9, message: '本日次数已用尽' }));
    expect(await screen.findByText('本日次数已用尽')).toBeTruthy();
  });

  it('says 套餐数据获取失败 and closes when the count type has no packs', async () => {
    const calls = answerRequests({ [OrderPath.frequencyPackages]: () => [] });
    openRecharge();
    await waitFor(() => expect(toast).toHaveBeenCalledWith('套餐数据获取失败', 'error', 2000));
    expect(openedDialogs().open.buyTimes).toBe(false);
    expect(calls[0]).toMatchObject({ path: OrderPath.frequencyPackages, query: { frequencyType: 9 } });
    expect(calls.some((call) => call.path === OrderPath.previewFrequency)).toBe(false);
  });

  it.each<[string, { handlers: Parameters<typeof answerRequests>[0]; says: string }]>([
    [
      'says 套餐数据获取失败 and closes when the packs cannot be loaded',
      {
        handlers: {
          [OrderPath.frequencyPackages]: () => {
            throw new ApiError(500, '好像哪里出错了，稍后试试吧');
          },
        },
        says: '套餐数据获取失败',
      },
    ],
    [
      'says 订单创建失败,请稍后重试 and closes when the order preview fails',
      {
        handlers: {
          [OrderPath.frequencyPackages]: () => packs,
          [OrderPath.previewFrequency]: () => {
            throw new ApiError(300, '套餐不存在');
          },
        },
        says: '订单创建失败,请稍后重试',
      },
    ],
  ])('%s', async (_does, { handlers, says }) => {
    answerRequests(handlers);
    openRecharge();
    await waitFor(() => expect(toast).toHaveBeenCalledWith(says, 'error', 2000));
    expect(openedDialogs().open.buyTimes).toBe(false);
  });

  it('shows each pack with its count, its price in yuan and one year of validity, and orders the chosen one', async () => {
    const calls = answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: (call) =>
        order((call.body as { frequency_package_id: number }).frequency_package_id),
      [OrderPath.payResult]: () => false,
    });
    openRecharge();
    const cards = await screen.findAllByTestId('frequency-pack');
    expect(cards.map((card) => card.textContent)).toEqual([
      '批量提取文案次数包100次¥9.9有效期1年',
      '批量提取文案次数包1000次¥199有效期1年',
    ]);
    expect(screen.getByText('今日次数已用尽，明天再来试试吧~')).toBeTruthy();
    // The recharge dialog is 900 px wide (001 §2).
    expect((screen.getByTestId('recharge-dialog').closest('.ant-modal') as HTMLElement).style.width).toBe('900px');
    // The first pack is ordered at once, paid by Alipay unless the payer switches.
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥9.9'));
    expect(calls.find((call) => call.path === OrderPath.previewFrequency)?.body).toMatchObject({
      frequency_package_id: 1,
      pe: 'AliPay',
      rand_tag: expect.stringMatching(/\S/),
    });
    fireEvent.click(cards[1] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥199'));
    expect(calls.filter((call) => call.path === OrderPath.previewFrequency).at(-1)?.body).toMatchObject({
      frequency_package_id: 2,
    });
    expect(cards[1]?.getAttribute('aria-pressed')).toBe('true');
  });

  it('asks wx_order_c for the WeChat Pay QR of the order when 微信支付 is chosen', async () => {
    const calls = answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: () => order(1),
      [OrderPath.wechatPackQr]: () => ({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' }),
      [OrderPath.payResult]: () => false,
    });
    openRecharge();
    const payment = await screen.findByTestId('pack-payment');
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥9.9'));
    expect(calls.some((call) => call.path === OrderPath.wechatPackQr)).toBe(false);
    fireEvent.click(within(payment).getByText('微信支付'));
    await waitFor(() =>
      expect(calls.find((call) => call.path === OrderPath.wechatPackQr)?.query).toEqual({ orderId: 'P1' }),
    );
    expect(within(payment).getByText(/使用微信扫码支付/)).toBeTruthy();
  });

  it('says 支付成功, refreshes the account and reloads once the pack is paid', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let paid = false;
    answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: () => order(1),
      [OrderPath.payResult]: (call) => {
        expect(call.query).toEqual({ orderId: 'P1' });
        return paid;
      },
    });
    openRecharge();
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥9.9'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(toast).not.toHaveBeenCalled();
    expect(openedDialogs().open.buyTimes).toBe(true);
    paid = true;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith('支付成功', 'success', 2000));
    expect(openedDialogs().open.buyTimes).toBe(false);
    expect(loadUserInfo).toHaveBeenCalled();
    expect(loadRoles).toHaveBeenCalled();
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 3000 });
  });

  it('says 您已取消支付 when the payer cancels, and stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const calls = answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: () => order(1),
      [OrderPath.payResult]: () => 'CANCEL',
    });
    openRecharge();
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥9.9'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(toast).toHaveBeenCalledWith('您已取消支付', 'warning', 2000);
    expect(within(screen.getByTestId('pack-payment')).getByText('您已取消支付')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6000);
    });
    expect(calls.filter((call) => call.path === OrderPath.payResult)).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('closes when the QR runs out after 900 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    answerRequests({
      [OrderPath.frequencyPackages]: () => packs,
      [OrderPath.previewFrequency]: () => order(1),
      [OrderPath.payResult]: () => false,
    });
    openRecharge();
    await waitFor(() => expect(screen.getByTestId('pay-amount').textContent).toBe('¥9.9'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(899_000);
    });
    expect(openedDialogs().open.buyTimes).toBe(true);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('00:01');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(openedDialogs().open.buyTimes).toBe(false);
    expect(toast).toHaveBeenCalledWith('已过期', 'warning', 2000);
  });
});
