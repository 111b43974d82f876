import type { SiteInfo, UserInfo } from '@dso/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { modalButton, openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { mockApi, ok } from '../../account/testing';
import { createPlan } from '../../orders/testing';
import { siteInfoQuery } from '../../support';
import { sampleTree } from '../testing/permission-tree';
import { NoPermissionDialog } from './no-permission-dialog';
import { PayDialog } from './pay-dialog';

function withRoles() {
  useSession.setState({ roles: sampleTree });
}

describe('NoPermissionDialog', () => {
  beforeEach(() => {
    useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
    // The dialog loads the permission tree when the page has not yet.
    mockApi({ '/api/user/roles': ok(sampleTree) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ roles: [] });
  });

  it('shows the message, the ladder with the current and offered tier, and the tier comparison', async () => {
    useDialogs
      .getState()
      .openDialog('noPermission', { message: '您的免费版会员只能看30条数据，升级会员查看更多', grade: 'VIP' });
    renderWidget(<NoPermissionDialog />, { viewer: 'FREE' });
    expect(await screen.findByText('您的免费版会员只能看30条数据，升级会员查看更多')).toBeTruthy();
    expect(document.querySelector('.dso-ladder__step.is-current')?.getAttribute('data-grade')).toBe('FREE');
    expect(document.querySelector('.dso-ladder__step.is-target')?.getAttribute('data-grade')).toBe('VIP');
    await screen.findByText('关键词库每日搜索');
    const rows = [...document.querySelectorAll('.dso-tier-table tbody tr')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    expect(rows[0]).toEqual(['关键词库每日搜索', '10次', '100次', '500次', '2,000次']);
    expect(rows).toContainEqual(['视频观众画像', '—', '—', '✓', '✓']);
  });

  it('escalates one tier when the offered tier is the one the user already has', async () => {
    useDialogs
      .getState()
      .openDialog('noPermission', { message: '权限不足，升级会员版本可查看更多数据~', grade: 'SVIP' });
    renderWidget(<NoPermissionDialog />, { viewer: 'SVIP' });
    await screen.findByText('权限不足，升级会员版本可查看更多数据~');
    expect(document.querySelector('.dso-ladder__step.is-target')?.getAttribute('data-grade')).toBe('EVIP');
    fireEvent.click(modalButton(/升级到旗舰版/));
    expect(openedDialogs().open.noPermission).toBe(false);
    expect(openedDialogs().payload.pay).toEqual({ grade: 'EVIP' });
  });

  it('offers top tier the usage-count recharge instead of an upgrade, passing on why', async () => {
    useDialogs.getState().openDialog('noPermission', { message: '今日次数已用尽，明天再来试试吧~', grade: 'EVIP' });
    renderWidget(<NoPermissionDialog />, { viewer: 'EVIP' });
    await screen.findByText('今日次数已用尽，明天再来试试吧~');
    expect(document.querySelector('.dso-ladder')).toBeNull();
    expect(modalButton(/升级到/)).toBeUndefined();
    fireEvent.click(modalButton(/购买次数/));
    expect(openedDialogs().payload.buyTimes).toEqual({ type: 9, message: '今日次数已用尽，明天再来试试吧~' });
  });
});

describe('PayDialog', () => {
  beforeEach(() => {
    useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    useSession.setState({ roles: [] });
  });

  const selectedTab = () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim();
  const plan = (grade: 'VIP' | 'SVIP' | 'EVIP', id: number, price: number) =>
    createPlan({ id, grade_enum: grade, price });
  const order = {
    order_id: 'M1',
    price: 49_900,
    cycle_price: null,
    dis_price: 0,
    pay_money: 47_900,
    save_money: 2_000,
    end_date: '2026-12-31',
    month: 12,
    coupon: null,
    expire_time: Math.floor(Date.now() / 1000) + 900,
    first_label: null,
  };
  const coupon = { id: 3, name: '新人券', discount: 2_000, low_money: 0, start_time: 0, end_time: 4_102_444_800 };

  function mockOrders(coupons: unknown[] = []) {
    return mockApi({
      '/api/user/roles': ok(sampleTree),
      '/api/order/get_grade_config': ok({ VIP: [plan('VIP', 1, 49_900)], SVIP: [plan('SVIP', 2, 289_900)], EVIP: [] }),
      '/api/roll_list': ok({ us: [] }),
      '/api/order/coupon_list': ok(coupons),
      '/api/order/preview_order': ok(order),
      '/api/pay_result': ok(false),
    });
  }

  it('opens the pay box on the preselected tier with its plans, benefits and order', async () => {
    mockOrders();
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'VIP' });
    withRoles();
    expect(await screen.findByText('1,000条')).toBeTruthy();
    expect([...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent?.trim())).toEqual([
      '旗舰版',
      '企业版',
      '个人版',
    ]);
    expect(selectedTab()).toBe('企业版');
    expect((await screen.findByTestId('plan-price')).textContent).toBe('¥2899');
    expect((await screen.findByTestId('summary-pay')).textContent).toBe('¥479');
    expect(screen.queryByText('在线购买即将开放')).toBeNull();
  });

  it('falls back to the next higher tier when the offered one sells nothing', async () => {
    mockOrders();
    useDialogs.getState().openDialog('pay', { grade: 'EVIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    expect(await screen.findByText('旗舰版暂无可购买套餐')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /个人版/ }));
    expect((await screen.findByTestId('plan-price')).textContent).toBe('¥499');
  });

  it('refuses a lower tier to a flagship member', async () => {
    mockOrders();
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'EVIP' });
    expect(await screen.findByText('您是旗舰版会员，不可购买企业版！')).toBeTruthy();
  });

  it('tells a child account it cannot buy', async () => {
    mockOrders([coupon]);
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    act(() => useSession.setState({ userInfo: childAccount() }));
    expect(await screen.findByText('子账号不可购买或续费')).toBeTruthy();
  });

  it('sends a visitor to the login dialog, as paying requires login', () => {
    mockOrders();
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />);
    expect(openedDialogs().open.pay).toBe(false);
    expect(openedDialogs().open.login).toBe(true);
  });

  it('holds back a user with a coupon who closes it, and 继续支付 reopens it on the same tier', async () => {
    const { calls } = mockOrders([coupon]);
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />, {
      viewer: 'FREE',
      prefill: [
        { queryKey: siteInfoQuery.queryKey, data: siteInfoWith({ official_account_url: 'https://mp.example.cn/1' }) },
      ],
    });
    await screen.findByTestId('summary-pay');
    fireEvent.click(screen.getByRole('tab', { name: /企业版/ }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/order/coupon_list')).toBe(true));
    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    const prompt = await screen.findByTestId('retention-dialog');
    expect(openedDialogs().open.pay).toBe(false);
    expect(prompt.textContent).toContain('您还有优惠券未使用');
    expect(prompt.querySelector('.ant-qrcode')).toBeTruthy();
    fireEvent.click(modalButton(/继续支付/));
    expect(openedDialogs().open.retention).toBe(false);
    expect(openedDialogs().open.pay).toBe(true);
    expect(openedDialogs().payload.pay).toEqual({ grade: 'SVIP' });
  });

  it('lets a user without a coupon leave without the prompt', async () => {
    const { calls } = mockOrders([]);
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    await screen.findByTestId('summary-pay');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/order/coupon_list')).toBe(true));
    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(openedDialogs().open.pay).toBe(false);
    expect(openedDialogs().open.retention).toBe(false);
  });

  it('never holds back a child account, coupon or not', async () => {
    const { calls } = mockOrders([coupon]);
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    // The coupons are known before the account turns out to be a child one.
    await screen.findByTestId('summary-pay');
    await waitFor(() => expect(calls.some((call) => call.path === '/api/order/coupon_list')).toBe(true));
    act(() => useSession.setState({ userInfo: childAccount() }));
    await screen.findByText('子账号不可购买或续费');
    fireEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(openedDialogs().open.pay).toBe(false);
    expect(openedDialogs().open.retention).toBe(false);
  });
});

function childAccount(): UserInfo {
  return {
    id: 1,
    grade: 'SVIP',
    sub_account: true,
    sub_account_parent_phone: '139****1234',
    grade_info_vo: { grade_enum: 'SVIP', end_day: 1, end_time: 0 },
  } as UserInfo;
}

function siteInfoWith(values: Partial<SiteInfo>): SiteInfo {
  return {
    company_name: '',
    company_address: '',
    phone: '',
    email: '',
    icp: '',
    icp_url: 'https://beian.miit.gov.cn',
    official_account_url: '',
    support_wechat_url: '',
    sister_product_name: '',
    sister_product_url: '',
    ...values,
  };
}
