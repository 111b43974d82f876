import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { hang, mockApi, ok, sessionAnswers } from '../testing/mock-api';
import { spyOnReload } from '../testing/reload-spy';
import { OPEN_ID_KEY, QR_EXPIRY_MARGIN_MS, WechatQrLogin } from './wechat-qr-login';

const qr = (n: number) =>
  ok({
    qr_code_url: `http://localhost:3000/api/sandbox/wechat/scan?ticket=scene${n}`,
    ticket: `k${n}`,
    expire_seconds: 60,
  });

describe('WechatQrLogin', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload();
  beforeEach(() => {
    sessionStorage.clear();
    useDialogs.getState().openDialog('login');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, uid: null, roles: [] });
  });

  it('shows the QR with the sandbox scan-page link', async () => {
    mockApi({ '/api/wechat/qr': qr(1), '/api/wechat/poll': hang });
    renderWidget(<WechatQrLogin />);
    const link = await screen.findByText('沙箱：在新标签页打开扫码页');
    expect(link.getAttribute('href')).toBe('http://localhost:3000/api/sandbox/wechat/scan?ticket=scene1');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('hands a WeChat user without an account over to the bind-phone dialog with the open_id', async () => {
    mockApi({
      '/api/wechat/qr': qr(1),
      '/api/wechat/poll': ok({ status: 'need_bind', need_bind: true, open_id: 'wx-open-1' }),
    });
    renderWidget(<WechatQrLogin />);
    await waitFor(() => expect(openedDialogs().open.bindPhone).toBe(true));
    expect(openedDialogs().open.login).toBe(false);
    expect(openedDialogs().payload.bindPhone).toEqual({ openId: 'wx-open-1' });
    expect(sessionStorage.getItem(OPEN_ID_KEY)).toBe('wx-open-1');
  });

  it('logs in when the scan is confirmed: token and uid, roles and user info, 登录成功, then the reload', async () => {
    let polls = 0;
    const { calls } = mockApi({
      '/api/wechat/qr': qr(1),
      '/api/wechat/poll': () =>
        ++polls === 1
          ? ok({ status: 'scanned', need_bind: false })
          : ok({ status: 'done', token: 'tok-1', user_id: 7, need_bind: false, user_info: { token: 'tok-1' } }),
      ...sessionAnswers,
    });
    renderWidget(<WechatQrLogin />);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('登录成功', 'success', 2000));
    expect(useSession.getState()).toMatchObject({ token: 'tok-1', uid: '7' });
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(calls.map((call) => call.path)).toEqual(expect.arrayContaining(['/api/user/roles', '/api/user/info']));
    expect(calls.findIndex((call) => call.path === '/api/user/roles')).toBeLessThan(
      calls.findIndex((call) => call.path === '/api/user/info'),
    );
    expect(openedDialogs().open.login).toBe(false);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('refreshes an expired QR three times (rounds 1 to 4), then closes the login dialog', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    let issued = 0;
    mockApi({ '/api/wechat/qr': () => qr(++issued), '/api/wechat/poll': hang });
    window.history.replaceState(null, '', '/KeywordDouyin?keyword=a');
    renderWidget(<WechatQrLogin />);
    for (let round = 1; round <= 4; round++) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(0);
      });
      expect(issued).toBe(round);
      expect(openedDialogs().open.login).toBe(true);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(60_000 - QR_EXPIRY_MARGIN_MS);
      });
    }
    expect(issued).toBe(4);
    expect(openedDialogs().open.login).toBe(false);
    expect(sessionStorage.getItem('logOutPath')).toBe('/KeywordDouyin?keyword=a');
    window.history.replaceState(null, '', '/');
  });

  it('reports 长连接已中断 when the long poll drops, and offers a refresh', async () => {
    mockApi({
      '/api/wechat/qr': qr(1),
      '/api/wechat/poll': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderWidget(<WechatQrLogin />);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('长连接已中断', 'warning', 2000));
    expect(await screen.findByRole('button', { name: /点击刷新/ })).toBeTruthy();
    expect(useDialogs.getState().errorDialog).toBeNull();
  });
});
