import { AccountPath, OrderPath, SubAccountPath, type UserInfo } from '@dso/contract';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
// For its jsdom style shim and its cleanup of dialogs and session between tests.
import { renderAtRoute } from '../../../components/testing/render-route';
import '../../../components/testing/render-widget';
import { request } from '../../../lib/api/client';
import { readCookie } from '../../../lib/storage';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../../account/testing';
import { SIDEBAR_COOKIE } from '../components/setting-sidebar';
import SettingPage from './setting-page';

vi.mock('../../../lib/api/client', () => ({ request: vi.fn(), requestFile: vi.fn() }));
const requestMock = request as unknown as Mock<(path: string) => unknown>;

const initialDialogs = useDialogs.getState();

function signIn(overrides: Partial<UserInfo> = {}) {
  const userInfo = {
    id: 7,
    phone_last: '0007',
    avatar: '',
    head_img: '',
    grade: 'SVIP',
    vip_name: '',
    sub_account: false,
    grade_info_vo: { grade_enum: 'SVIP', end_day: 42, end_time: 1_924_876_800 },
    phone: '',
    ...overrides,
  } as UserInfo;
  useSession.setState({ token: 'test-token', userInfo });
}

const renderPage = (path: string) => renderAtRoute(<SettingPage />, { url: path, keepSession: true });

function setCookie(value: string | null) {
  const expires = value === null ? 'Thu, 01 Jan 1970 00:00:00 GMT' : 'Fri, 01 Jan 2100 00:00:00 GMT';
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets the cookie as a returning browser would have it.
  document.cookie = `${SIDEBAR_COOKIE}=${value ?? ''}; expires=${expires}; path=/`;
}

describe('SettingPage', () => {
  beforeEach(() => {
    requestMock.mockReset();
    requestMock.mockImplementation(async (path) => {
      if (path === OrderPath.orderList) return { list: [], total: 0 };
      if (path === AccountPath.bindWx) return { bound: false };
      if (path === SubAccountPath.list) return [];
      if (path === SubAccountPath.quota) return { per_val: 3, use_val: 0 };
      throw new Error(`unexpected ${path}`);
    });
    setCookie(null);
    signIn();
  });
  afterEach(() => {
    cleanup();
    useDialogs.setState({ open: initialDialogs.open, payload: {} });
    useAccountDialogs.setState({ open: useAccountDialogs.getInitialState().open });
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows 我的订单 at /setting?type=first, with the sections in the sidebar', async () => {
    renderPage('/setting?type=first');
    expect(await screen.findByRole('heading', { name: '我的订单' })).toBeTruthy();
    expect(await screen.findByText('暂无订单')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: '个人中心' });
    const labels = within(nav)
      .getAllByRole('button')
      .map((button) => button.textContent);
    for (const label of ['账号信息', '我的收藏', '我的订单', '子账号管理']) expect(labels).toContain(label);
    expect(labels.indexOf('账号信息')).toBe(0);
  });

  it.each(['/setting', '/setting?type=no-such-section'])('opens 账号信息 at %s', async (path) => {
    renderPage(path);
    expect(await screen.findByRole('heading', { name: '账号信息' })).toBeTruthy();
  });

  it('shows the account: masked phone, grade with days left and end, the WeChat line, and opens change phone and password', async () => {
    signIn({ phone: '13812345678' });
    renderPage('/setting');
    const profile = await screen.findByTestId('account-profile');
    expect(within(profile).getByText('138****5678')).toBeTruthy();
    expect(within(profile).getByText(/剩余 42 天 · 2030-12-31 到期/)).toBeTruthy();
    expect(await screen.findByText('未绑定')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(useDialogs.getState().open.resetPassword).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '修改手机号' }));
    expect(useAccountDialogs.getState().open.changePhone).toBe(true);
  });

  it('hides 子账号管理 from a child account, and offers it 解除绑定 in 账号信息', async () => {
    signIn({ sub_account: true, sub_account_parent_phone: '139****0000' });
    renderPage('/setting?type=child');
    expect(await screen.findByRole('heading', { name: '账号信息' })).toBeTruthy();
    expect(screen.queryByText('子账号管理')).toBeNull();
    const parentRow = (await screen.findByText('子账号 · 共享主账号 139****0000 的会员权益')).closest('.setting-row');
    fireEvent.click(within(parentRow as HTMLElement).getByRole('button', { name: '解除绑定' }));
    expect(useAccountDialogs.getState().open.childUnbind).toBe(true);
  });

  it('sums up the account with the phone, the grade and the days left, and opens the card and pay dialogs', async () => {
    renderPage('/setting?type=first');
    const account = await screen.findByTestId('setting-account');
    expect(within(account).getByText('尾号 0007')).toBeTruthy();
    expect(within(account).getByText('企业版')).toBeTruthy();
    expect(within(account).getByText('剩余 42 天')).toBeTruthy();
    fireEvent.click(within(account).getByRole('button', { name: '兑换会员卡' }));
    expect(useDialogs.getState().open.cardExchange).toBe(true);
    fireEvent.click(within(account).getByRole('button', { name: '升级/续费' }));
    expect(useDialogs.getState().open.pay).toBe(true);
    expect(useDialogs.getState().payload.pay).toEqual({ grade: 'EVIP' });
  });

  it('offers a child account no pay button, since it holds its parent’s rights', async () => {
    signIn({ sub_account: true });
    renderPage('/setting');
    const account = await screen.findByTestId('setting-account');
    expect(within(account).getByText('子账号 · 共享主账号权益')).toBeTruthy();
    expect(within(account).queryByRole('button', { name: /升级|续费|购买/ })).toBeNull();
    const profile = await screen.findByTestId('account-profile');
    expect(within(profile).queryByRole('button', { name: /升级|续费|购买/ })).toBeNull();
  });

  it('offers top tier the usage-count recharge instead of an upgrade', async () => {
    signIn({ grade: 'EVIP', grade_info_vo: { grade_enum: 'EVIP', end_day: 42, end_time: 1_924_876_800 } });
    renderPage('/setting');
    const profile = await screen.findByTestId('account-profile');
    expect(within(profile).queryByRole('button', { name: /升级|续费/ })).toBeNull();
    fireEvent.click(within(profile).getByRole('button', { name: '购买次数' }));
    expect(useDialogs.getState().open.buyTimes).toBe(true);
  });

  it('opens the 240 px sidebar by default and keeps it folded or open in the cookie', async () => {
    renderPage('/setting');
    const sidebar = await screen.findByTestId('setting-sidebar');
    expect(sidebar.dataset.open).toBe('1');
    expect(sidebar.style.width).toBe('240px');
    fireEvent.click(screen.getByRole('button', { name: '收起侧边栏' }));
    expect(sidebar.dataset.open).toBe('0');
    expect(readCookie(SIDEBAR_COOKIE)).toBe('0');
    expect(screen.queryByTestId('setting-account')).toBeNull();
    cleanup();

    // The next visit starts folded, as the cookie says.
    renderPage('/setting');
    const folded = await screen.findByTestId('setting-sidebar');
    expect(folded.dataset.open).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: '展开侧边栏' }));
    expect(folded.dataset.open).toBe('1');
    expect(readCookie(SIDEBAR_COOKIE)).toBe('1');
    expect(screen.getByTestId('setting-account')).toBeTruthy();
  });
});
