import { type GradeConfig, type OrderInfo, OrderPath, type UserInfo } from '@dso/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerRequests, callsTo, type RequestCall } from '../../../components/testing/answer-requests';
import { openedDialogs, renderWidget, type Viewer } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import * as account from '../../account';
import { loadRoles, loadUserInfo } from '../../account';
import { spyOnReload } from '../../account/testing';
import { createCoupon, createCyclePlan, createOrder, createPlan } from '../testing/factories';
import { PayBox, type PayBoxMode } from './pay-box';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn() }));
vi.mock('../../account', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../account')>()),
  loadUserInfo: vi.fn(async () => null),
  loadRoles: vi.fn(async () => []),
}));

const yearly = createPlan({
  id: 1,
  day: 365,
  price: 49_900,
  original_price: 118_800,
  discount: '4.2折',
});
const monthly = createPlan({ id: 2, day: 30, price: 6_900 });
const cycle = createCyclePlan({ id: 3 });

interface Setup {
  viewer?: Viewer;
  tier?: 'VIP' | 'SVIP' | 'EVIP';
  mode?: PayBoxMode;
  config?: GradeConfig;
  order?: (call: RequestCall) => OrderInfo;
  payResult?: () => unknown;
  extra?: Record<string, (call: RequestCall) => unknown>;
}

function setup({
  viewer = 'FREE',
  tier = 'VIP',
  mode = 'page',
  config = { VIP: [yearly, monthly, cycle], SVIP: [], EVIP: [] },
  order = () => createOrder(),
  payResult = () => false,
  extra = {},
}: Setup = {}) {
  const calls = answerRequests({
    [OrderPath.gradeConfig]: () => config,
    [OrderPath.rollList]: () => ({ us: [] }),
    [OrderPath.coupons]: () => [],
    [OrderPath.preview]: order,
    [OrderPath.payResult]: payResult,
    ...extra,
  });
  const onPaid = vi.fn();
  const onExpired = vi.fn();
  renderWidget(<PayBox initialTier={tier} mode={mode} onPaid={onPaid} onExpired={onExpired} />, { viewer });
  return { calls, onPaid, onExpired };
}

const previews = (calls: RequestCall[]) =>
  callsTo(calls, OrderPath.preview).map((call) => call.body as Record<string, unknown>);
const planCards = () => screen.getAllByTestId('plan-option');
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('PayBox', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload(account);
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.mocked(loadUserInfo).mockClear();
    vi.mocked(loadRoles).mockClear();
  });

  it('shows the plans with the length, the price in yuan, the struck price, the monthly price and the badge', async () => {
    setup();
    await waitFor(() => expect(planCards()).toHaveLength(3));
    expect(planCards().map((card) => card.textContent)).toEqual([
      '4.2折12个月¥499¥1188约 ¥41/月',
      '1个月¥69约 ¥69/月',
      '连续包月首月¥39次月起 ¥59/月',
    ]);
  });

  it('shows a running points activity on its plan and not one that has ended', async () => {
    const now = Math.floor(Date.now() / 1000);
    const running = { desc: '开通赠送500积分', start_time: now - 60, end_time: now + 3600, img_url: '' };
    const ended = { desc: '已结束的活动', start_time: now - 7200, end_time: now - 60, img_url: '' };
    setup({
      config: {
        VIP: [
          createPlan({ id: 21, all_point_activity_bean: running }),
          createPlan({ id: 22, day: 90, all_point_activity_bean: ended }),
        ],
      },
    });
    await waitFor(() => expect(planCards()).toHaveLength(2));
    expect(within(planCards()[0] as HTMLElement).getByText('开通赠送500积分')).toBeTruthy();
    expect(screen.queryByText('已结束的活动')).toBeNull();
  });

  it('offers the team sizes of a plan and orders the chosen one', async () => {
    const team = createPlan({
      id: 31,
      grade_enum: 'SVIP',
      price: 289_900,
      dso_grade_config_list_bean_list: [
        { id: 1, count: 3, price: 0 },
        { id: 2, count: 5, price: 60_000 },
      ],
    });
    const { calls } = setup({ tier: 'SVIP', config: { VIP: [], SVIP: [team], EVIP: [] } });
    await waitFor(() => expect(previews(calls)).toHaveLength(1));
    expect(previews(calls)[0]).toMatchObject({ grade_enum: 'SVIP', grade_list_id: 1 });
    expect(screen.getByText('3人')).toBeTruthy();
    fireEvent.click(screen.getByText('5人 +¥600'));
    await waitFor(() => expect(previews(calls)).toHaveLength(2));
    expect(previews(calls)[1]).toMatchObject({ grade_list_id: 2 });
    expect(previews(calls)[1]?.rand_tag).not.toBe(previews(calls)[0]?.rand_tag);
  });

  it('falls back to the next higher tier with plans and says so', async () => {
    const flagship = createPlan({ id: 9, grade_enum: 'EVIP', day: 365, price: 498_000 });
    const { calls } = setup({ tier: 'SVIP', config: { VIP: [yearly], SVIP: [], EVIP: [flagship] } });
    expect(await screen.findByText('企业版暂无可购买套餐，已为您展示旗舰版套餐')).toBeTruthy();
    expect(screen.getByRole('tab', { selected: true }).textContent?.trim()).toBe('企业版');
    expect(planCards().map((card) => within(card).getByTestId('plan-price').textContent)).toEqual(['¥4980']);
    await waitFor(() => expect(previews(calls)).toHaveLength(1));
    expect(previews(calls)[0]).toMatchObject({ grade_enum: 'EVIP', day: 365, cycle: false });
  });

  it('disables a plan not above the value left in the membership and orders the first one that is', async () => {
    const below = createPlan({
      id: 11,
      grade_enum: 'SVIP',
      day: 30,
      price: 39_900,
      dis_price: 40_000,
    });
    const above = createPlan({
      id: 12,
      grade_enum: 'SVIP',
      day: 365,
      price: 289_900,
      dis_price: 40_000,
    });
    const { calls } = setup({ viewer: 'VIP', tier: 'SVIP', config: { VIP: [], SVIP: [below, above], EVIP: [] } });
    await waitFor(() => expect(planCards()).toHaveLength(2));
    const [first, second] = planCards() as [HTMLButtonElement, HTMLButtonElement];
    expect(first.disabled).toBe(true);
    expect(within(first).getByText('当前会员剩余价值更高')).toBeTruthy();
    expect(first.title).toBe('该套餐价格低于当前会员剩余价值，请选择更高的套餐');
    fireEvent.click(first);
    await waitFor(() => expect(second.getAttribute('aria-pressed')).toBe('true'));
    expect(previews(calls).map((body) => body.day)).toEqual([365]);
  });

  it('tells a flagship member the lower tiers cannot be bought, without plans or an order', async () => {
    const { calls } = setup({
      viewer: 'EVIP',
      tier: 'EVIP',
      config: { VIP: [yearly], SVIP: [yearly], EVIP: [yearly] },
    });
    await waitFor(() => expect(planCards()).toHaveLength(1));
    fireEvent.click(screen.getByRole('tab', { name: /企业版/ }));
    expect(await screen.findByText('您是旗舰版会员，不可购买企业版！')).toBeTruthy();
    expect(screen.queryByTestId('plan-option')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: /个人版/ }));
    expect(await screen.findByText('您是旗舰版会员，不可购买个人版！')).toBeTruthy();
    expect(previews(calls).every((body) => body.grade_enum === 'EVIP')).toBe(true);
  });

  it('tells a child account it cannot buy', async () => {
    const { calls } = setup();
    act(() =>
      useSession.setState({
        userInfo: {
          id: 1,
          grade: 'SVIP',
          sub_account: true,
          sub_account_parent_phone: '139****1234',
          grade_info_vo: { grade_enum: 'SVIP', end_day: 1, end_time: 0 },
        } as UserInfo,
      }),
    );
    expect(await screen.findByText('子账号不可购买或续费')).toBeTruthy();
    expect(screen.getByText(/共享主账号（139\*\*\*\*1234）的会员权益/)).toBeTruthy();
    expect(screen.queryByTestId('plan-option')).toBeNull();
    expect(callsTo(calls, OrderPath.preview)).toHaveLength(0);
  });

  it('shows the order preview in yuan: price, deduction, coupon, payable, saving and end date', async () => {
    const coupon = createCoupon({ id: 7, name: '新人券', discount: 2_000 });
    const { calls } = setup({
      extra: { [OrderPath.coupons]: () => [coupon] },
      order: (call) =>
        (call.body as { coupon_id?: number }).coupon_id === 0
          ? createOrder({ order_id: 'M2', dis_price: 10_000, pay_money: 39_900, save_money: 78_900 })
          : createOrder({ dis_price: 10_000, coupon, pay_money: 37_900, save_money: 80_900, end_date: '2026-06-30' }),
    });
    const summary = await screen.findByTestId('order-summary');
    expect(within(summary).getByTestId('summary-price').textContent).toBe('¥499');
    expect(within(summary).getByTestId('summary-deduction').textContent).toBe('-¥100');
    expect(within(summary).getByTestId('summary-coupon').textContent).toBe('-¥20');
    expect(within(summary).getByText('新人券 -¥20')).toBeTruthy();
    expect(within(summary).getByTestId('summary-pay').textContent).toBe('¥379');
    expect(within(summary).getByTestId('summary-save').textContent).toBe('¥809');
    expect(within(summary).getByTestId('summary-end').textContent).toBe('2026-06-30');
    expect(previews(calls)[0]).toMatchObject({ grade_enum: 'VIP', day: 365, cycle: false });
    expect(previews(calls)[0]).not.toHaveProperty('coupon_id');

    // Using no coupon is a new selection: a new order with a new rand_tag.
    fireEvent.mouseDown(within(summary).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('不使用优惠券'));
    await waitFor(() => expect(screen.getByTestId('summary-pay').textContent).toBe('¥399'));
    const [first, second] = previews(calls);
    expect(second).toMatchObject({ coupon_id: 0 });
    expect(second?.rand_tag).not.toBe(first?.rand_tag);
  });

  it('says before payment that the running 连续包月 it replaces will be ended', async () => {
    setup({
      viewer: 'VIP',
      tier: 'SVIP',
      config: { VIP: [], SVIP: [yearly], EVIP: [] },
      order: () => createOrder({ ends_cycle: 'VIP' }),
    });
    expect((await screen.findByTestId('summary-ends-cycle')).textContent).toContain(
      '支付后将取消个人版连续包月，不再自动续费',
    );
  });

  it('orders the chosen plan and asks again with the same rand_tag when retried', async () => {
    let fail = true;
    const { calls } = setup({
      order: () => {
        if (fail) throw new Error('down');
        return createOrder({ order_id: 'M9', price: 6_900, pay_money: 6_900 });
      },
    });
    await waitFor(() => expect(planCards()).toHaveLength(3));
    fireEvent.click(planCards()[1] as HTMLElement);
    expect(await screen.findByText('订单创建失败,请稍后重试')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(screen.getByTestId('summary-pay').textContent).toBe('¥69'));
    const thirtyDay = previews(calls).filter((body) => body.day === 30);
    expect(thirtyDay).toHaveLength(2);
    expect(thirtyDay[1]?.rand_tag).toBe(thirtyDay[0]?.rand_tag);
  });

  it('lets a continuous monthly plan be paid only by Alipay', async () => {
    const { calls } = setup({
      order: (call) =>
        (call.body as { cycle: boolean }).cycle
          ? createOrder({ order_id: 'C1', price: 3_900, pay_money: 3_900, cycle_price: 5_900, first_label: '首月' })
          : createOrder(),
      extra: { [OrderPath.wechatQr]: () => ({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' }) },
    });
    await screen.findByTestId('pay-qr');
    // WeChat Pay is chosen first on the yearly plan, then the continuous plan overrides it.
    fireEvent.click(screen.getByText('微信支付'));
    await waitFor(() =>
      expect(screen.getByTestId('pay-qr').getAttribute('data-qr-text')).toBe('weixin://wxpay/bizpayurl?pr=abc'),
    );
    fireEvent.click(planCards()[2] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId('summary-pay').textContent).toBe('¥39'));
    expect(previews(calls).at(-1)).toMatchObject({ day: 29, cycle: true });
    expect(screen.getByText('次月起 ¥59/月，可随时取消')).toBeTruthy();
    const wechat = screen.getByTestId('wechat-cycle-hint').closest('label') as HTMLElement;
    expect(wechat.className).toContain('disabled');
    expect(screen.getByTestId('pay-qr').getAttribute('data-qr-text')).toBe(
      `${window.location.origin}/api/order/ali_pay?orderId=C1`,
    );
    expect(screen.getByText('请使用支付宝扫码支付')).toBeTruthy();
    fireEvent.mouseEnter(screen.getByTestId('wechat-cycle-hint'));
    expect(await screen.findByText('连续包月仅支持支付宝支付')).toBeTruthy();
  });

  it('counts the QR down from 15:00 and greys it out as 已过期 on /pay, refreshing with a new order', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let count = 0;
    const { calls, onExpired } = setup({ order: () => createOrder({ order_id: `M${++count}` }) });
    expect((await screen.findByTestId('pay-countdown')).textContent).toBe('15:00');
    await advance(1000);
    expect(screen.getByTestId('pay-countdown').textContent).toBe('14:59');
    await advance(899_000);
    const qr = screen.getByTestId('pay-qr');
    expect(qr.getAttribute('data-state')).toBe('expired');
    expect(within(qr).getByText('已过期')).toBeTruthy();
    expect(onExpired).not.toHaveBeenCalled();
    fireEvent.click(within(qr).getByRole('button', { name: /刷新/ }));
    await waitFor(() => expect(screen.getByTestId('pay-qr').getAttribute('data-state')).toBe('waiting'));
    expect(screen.getByTestId('pay-countdown').textContent).toBe('15:00');
    const [first, second] = previews(calls);
    expect(second?.rand_tag).not.toBe(first?.rand_tag);
    expect(screen.getByTestId('pay-qr').getAttribute('data-qr-text')).toContain('orderId=M2');
  });

  it('closes the dialog when the QR runs out there', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const { onExpired } = setup({ mode: 'dialog' });
    await screen.findByTestId('pay-countdown');
    await advance(900_000);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('已过期', 'warning', 2000);
  });

  it('polls the result every 2 s and on payment says 支付成功, refreshes the account, sets the flag and reloads', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem('bd_vid', 'click-1');
    localStorage.setItem('bd_vid_time', String(Date.now() - 3_600_000));
    let paid = false;
    const { calls, onPaid } = setup({
      payResult: () => paid,
      extra: { '/api/bd/conversion': () => ({ created: true }) },
    });
    await screen.findByTestId('pay-countdown');
    await advance(2000);
    expect(callsTo(calls, OrderPath.payResult)).toHaveLength(1);
    expect(callsTo(calls, OrderPath.payResult)[0]?.query).toEqual({ orderId: 'M1' });
    expect(toast).not.toHaveBeenCalled();
    paid = true;
    await advance(2000);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('支付成功', 'success', 2000));
    expect(onPaid).toHaveBeenCalledTimes(1);
    expect(loadUserInfo).toHaveBeenCalled();
    expect(loadRoles).toHaveBeenCalled();
    expect(sessionStorage.getItem('paySuccess')).toBe('1');
    expect(callsTo(calls, '/api/bd/conversion')[0]?.body).toMatchObject({ bd_vid: 'click-1', kind: 'pay' });
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 3000 });
    await advance(6000);
    expect(callsTo(calls, OrderPath.payResult)).toHaveLength(2);
  });

  it('reports no conversion for a paid-search click older than 24 h', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    localStorage.setItem('bd_vid', 'click-1');
    localStorage.setItem('bd_vid_time', String(Date.now() - 86_400_001));
    const { calls } = setup({ payResult: () => true });
    await screen.findByTestId('pay-countdown');
    await advance(2000);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(callsTo(calls, '/api/bd/conversion')).toHaveLength(0);
  });

  it('says 您已取消支付 when the payer cancels, stops asking and offers a refresh', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { calls } = setup({ payResult: () => 'CANCEL' });
    await screen.findByTestId('pay-countdown');
    await advance(2000);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('您已取消支付', 'warning', 2000));
    const qr = screen.getByTestId('pay-qr');
    expect(qr.getAttribute('data-state')).toBe('cancelled');
    expect(within(qr).getByText('您已取消支付')).toBeTruthy();
    expect(within(qr).getByRole('button', { name: /刷新/ })).toBeTruthy();
    await advance(6000);
    expect(callsTo(calls, OrderPath.payResult)).toHaveLength(1);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('completes a 0-fen order with 立即开通 instead of a QR', async () => {
    const { calls, onPaid } = setup({
      order: () => createOrder({ order_id: 'F1', pay_money: 0, dis_price: 49_900 }),
      extra: { [OrderPath.payFree]: () => true },
    });
    fireEvent.click(await screen.findByRole('button', { name: '立即开通' }));
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1), { timeout: 3000 });
    expect(screen.queryByTestId('pay-qr')).toBeNull();
    expect(callsTo(calls, OrderPath.payFree)[0]).toMatchObject({ method: 'POST', body: { orderId: 'F1' } });
    expect(toast).toHaveBeenCalledWith('支付成功', 'success', 2000);
    expect(onPaid).toHaveBeenCalled();
  });

  it('sends a visitor who picks a plan to the login dialog and back to this page', async () => {
    const { calls } = setup({ viewer: 'visitor' });
    await waitFor(() => expect(planCards()).toHaveLength(3));
    fireEvent.click(planCards()[1] as HTMLElement);
    expect(openedDialogs().open.login).toBe(true);
    expect(sessionStorage.getItem('logOutPath')).toBe('/list');
    expect(callsTo(calls, OrderPath.preview)).toHaveLength(0);
    expect(callsTo(calls, OrderPath.coupons)).toHaveLength(0);
  });

  it('lists the plans as rows for the older pay box variant', async () => {
    setup();
    act(() => useSession.setState((state) => ({ userInfo: { ...(state.userInfo as UserInfo), show_old: true } })));
    await waitFor(() => expect(planCards()).toHaveLength(3));
    expect(planCards().every((card) => card.classList.contains('orders-plan--row'))).toBe(true);
  });

  it('scrolls the order roll one buyer every 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    setup({
      extra: {
        [OrderPath.rollList]: () => ({
          us: [
            { phone: '138****5678', vip_name: '个人版' },
            { phone: '139****0001', vip_name: '企业版' },
          ],
        }),
      },
    });
    const line = () => screen.getByTestId('order-roll-line').textContent;
    await waitFor(() => expect(line()).toBe('138****5678 开通了个人版'));
    await advance(1999);
    expect(line()).toBe('138****5678 开通了个人版');
    await advance(1);
    expect(line()).toBe('139****0001 开通了企业版');
    await advance(2000);
    expect(line()).toBe('138****5678 开通了个人版');
  });
});
