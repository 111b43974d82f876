import type { SiteInfo, UserInfo } from '@dso/contract';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { mockApi, ok } from '../../account/testing/mock-api';
import { siteInfoQuery } from '../../support';
import { usePlans } from '../plans';
import { sampleTree } from '../testing/permission-tree';
import { BuyTimesDialog } from './buy-times-dialog';
import { NoPermissionDialog } from './no-permission-dialog';
import { PayDialog } from './pay-dialog';

const buttonWith = (text: RegExp) =>
  [...document.querySelectorAll('.ant-modal button')].find((element) =>
    text.test((element.textContent ?? '').replace(/\s/g, '')),
  ) as HTMLButtonElement | undefined;

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
    fireEvent.click(buttonWith(/升级到旗舰版/) as HTMLButtonElement);
    expect(openedDialogs().open.noPermission).toBe(false);
    expect(openedDialogs().payload.pay).toEqual({ grade: 'EVIP' });
  });

  it('offers top tier the usage-count recharge instead of an upgrade', async () => {
    useDialogs.getState().openDialog('noPermission', { message: '今日次数已用尽，明天再来试试吧~', grade: 'EVIP' });
    renderWidget(<NoPermissionDialog />, { viewer: 'EVIP' });
    await screen.findByText('今日次数已用尽，明天再来试试吧~');
    expect(document.querySelector('.dso-ladder')).toBeNull();
    expect(buttonWith(/升级到/)).toBeUndefined();
    fireEvent.click(buttonWith(/购买次数/) as HTMLButtonElement);
    expect(openedDialogs().payload.buyTimes).toEqual({ type: 9 });
  });
});

describe('PayDialog', () => {
  beforeEach(() => {
    useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
  });
  afterEach(() => {
    usePlans.setState({ plans: null });
    useSession.setState({ roles: [] });
  });

  const selectedTab = () => document.querySelector('[role="tab"][aria-selected="true"]')?.textContent?.trim();

  it('opens on the preselected tier and says plainly that online purchase is not open yet', async () => {
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'VIP' });
    withRoles();
    expect(await screen.findByText('在线购买即将开放')).toBeTruthy();
    expect([...document.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent?.trim())).toEqual([
      '旗舰版',
      '企业版',
      '个人版',
    ]);
    expect(selectedTab()).toBe('企业版');
    expect(document.querySelector('.dso-plan-card')).toBeNull();
    expect(screen.getByText('1,000条')).toBeTruthy();
  });

  it('shows the plans with their monthly price when plan data exists, falling back to a higher tier', async () => {
    usePlans.setState({ plans: { EVIP: [{ day: 365, price: 49800, original_price: 59800, grade_enum: 'EVIP' }] } });
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    expect(await screen.findByText('个人版暂无可购买套餐，已为您展示旗舰版套餐')).toBeTruthy();
    expect(document.querySelector('.dso-plan-card__price')?.textContent).toBe('¥49800');
    expect(screen.getByText('约 ¥4093/月')).toBeTruthy();
  });

  it('refuses a lower tier to a flagship member', async () => {
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'EVIP' });
    expect(await screen.findByText('您是旗舰版会员，不可购买企业版！')).toBeTruthy();
  });

  it('tells a child account it cannot buy', async () => {
    useDialogs.getState().openDialog('pay', { grade: 'SVIP' });
    renderWidget(<PayDialog />, { viewer: 'FREE' });
    useSession.setState({
      userInfo: {
        id: 1,
        grade: 'SVIP',
        sub_account: true,
        sub_account_parent_phone: '139****1234',
        grade_info_vo: { grade_enum: 'SVIP', end_day: 1, end_time: 0 },
      } as UserInfo,
    });
    expect(await screen.findByText('子账号不可购买或续费')).toBeTruthy();
  });

  it('sends a visitor to the login dialog, as paying requires login', () => {
    useDialogs.getState().openDialog('pay', { grade: 'VIP' });
    renderWidget(<PayDialog />);
    expect(openedDialogs().open.pay).toBe(false);
    expect(openedDialogs().open.login).toBe(true);
  });
});

describe('BuyTimesDialog', () => {
  it('says 本日次数已用尽 with the customer-service QR the site is configured with', async () => {
    useDialogs.getState().openDialog('buyTimes', { type: 9 });
    renderWidget(<BuyTimesDialog />, {
      viewer: 'EVIP',
      prefill: [
        { queryKey: siteInfoQuery.queryKey, data: siteInfoWith({ support_wechat_url: 'https://kf.example.cn/1' }) },
      ],
    });
    expect(await screen.findByText('本日次数已用尽')).toBeTruthy();
    expect(document.querySelector('.dso-buy-times__qr .ant-qrcode')).toBeTruthy();
    expect(screen.getByTestId('buy-times-dialog').getAttribute('data-type')).toBe('9');
  });

  it('asks to contact support without a QR when the site has no support chat configured', async () => {
    useDialogs.getState().openDialog('buyTimes', { type: 9 });
    renderWidget(<BuyTimesDialog />, {
      viewer: 'EVIP',
      prefill: [{ queryKey: siteInfoQuery.queryKey, data: siteInfoWith({}) }],
    });
    expect(await screen.findByText('请联系客服购买次数包')).toBeTruthy();
    expect(document.querySelector('.dso-buy-times__qr')).toBeNull();
  });
});

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
