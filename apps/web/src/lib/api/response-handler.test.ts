import { Code } from '@dso/contract';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { useDialogs } from '../../stores/dialogs';
import { usePreparing } from '../../stores/preparing';
import { useSession } from '../../stores/session';
import * as feedback from '../feedback';
import * as navigation from '../navigation';
import { applyFailure, applyNetworkFailure, registerCaptchaChallenge } from './response-handler';
import { startSignedIn } from './testing/signed-in-client';

const envelope = (code: number, msg = '提示信息') => ({ code, msg, data: null });

describe('the response-code catalogue', () => {
  let toast: MockInstance<typeof feedback.toast>;
  let navigate: MockInstance<typeof navigation.navigateTo>;
  startSignedIn();
  beforeEach(() => {
    toast = vi.spyOn(feedback, 'toast').mockImplementation(() => undefined);
    navigate = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/KeywordDouyin');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('does nothing for success codes', () => {
    applyFailure(envelope(Code.OK));
    applyFailure(envelope(299));
    expect(toast).not.toHaveBeenCalled();
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('toasts the message on 300, 609, 100 and unknown codes', () => {
    for (const code of [Code.TOAST, Code.LIMITED, Code.NOTICE, 777]) applyFailure(envelope(code, `m${code}`));
    expect(toast.mock.calls.map((call) => call[0])).toEqual(['m300', 'm609', 'm100', 'm777']);
  });

  it('opens serveErr on 500 but stays silent on the home path', () => {
    applyFailure(envelope(Code.SERVER_ERROR));
    expect(useDialogs.getState().errorDialog).toBe('serveErr');
    useDialogs.getState().closeErrorDialog();
    window.history.replaceState(null, '', '/');
    applyFailure(envelope(Code.SERVER_ERROR));
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('goes home on 510', () => {
    applyFailure(envelope(Code.GO_HOME));
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('clears the login on 800 and opens login when the message asks for it', () => {
    applyFailure(envelope(Code.TOKEN_INVALID, '请先登录'));
    expect(useSession.getState().token).toBeNull();
    expect(useDialogs.getState().open.login).toBe(true);
  });

  it('clears the login on 800 and toasts any other message', () => {
    applyFailure(envelope(Code.TOKEN_INVALID, '账号已注销'));
    expect(useSession.getState().token).toBeNull();
    expect(useDialogs.getState().open.login).toBe(false);
    expect(toast).toHaveBeenCalledWith('账号已注销');
  });

  it('rejects a search call on 800 without any message', () => {
    applyFailure(envelope(Code.TOKEN_INVALID, '请先登录'), { search: true });
    expect(useSession.getState().token).toBeNull();
    expect(useDialogs.getState().open.login).toBe(false);
    expect(toast).not.toHaveBeenCalled();
  });

  it('shows the first start notice on a preparing 650, even for a silent frame call, instead of serveBusy', () => {
    usePreparing.setState(usePreparing.getInitialState());
    const preparing = { percent: 42, steps: [{ name: '关键词库', state: 'done' as const, detail: '' }] };
    applyFailure(
      { code: Code.SERVER_BUSY, msg: '首次启动，正在准备演示数据（关键词库已完成），请稍候', data: { preparing } },
      {
        silent: true,
      },
    );
    expect(usePreparing.getState().notice).toEqual({
      msg: '首次启动，正在准备演示数据（关键词库已完成），请稍候',
      preparing,
    });
    expect(useDialogs.getState().errorDialog).toBeNull();
    expect(toast).not.toHaveBeenCalled();
    // A plain 650 is still the busy dialog.
    applyFailure(envelope(Code.SERVER_BUSY));
    expect(useDialogs.getState().errorDialog).toBe('serveBusy');
  });

  it('clears the token on 801', () => {
    applyFailure(envelope(Code.TOKEN_EXPIRED));
    expect(useSession.getState().token).toBeNull();
  });

  it('clears the login and opens the account dialog on 803', () => {
    applyFailure(envelope(Code.KICKED));
    expect(useSession.getState().token).toBeNull();
    expect(useDialogs.getState().errorDialog).toBe('account');
  });

  it('opens ipBusy on 661, serveBusy on 650 and jsErr on 652', () => {
    applyFailure(envelope(Code.IP_BUSY));
    expect(useDialogs.getState().errorDialog).toBe('ipBusy');
    applyFailure(envelope(Code.SERVER_BUSY));
    expect(useDialogs.getState().errorDialog).toBe('serveBusy');
    applyFailure(envelope(Code.CLIENT_INTEGRITY));
    expect(useDialogs.getState().errorDialog).toBe('jsErr');
  });

  it('hands 660 to the captcha challenge when one is registered', () => {
    const challenge = vi.fn();
    registerCaptchaChallenge(challenge);
    applyFailure(envelope(Code.CAPTCHA_REQUIRED, '请完成安全验证'));
    expect(challenge).toHaveBeenCalledWith('请完成安全验证');
  });

  it('closes the login dialog and shows the message on 205', () => {
    useDialogs.getState().openDialog('login');
    applyFailure(envelope(Code.SMS_CLOSE_DIALOG, '该手机号已注册'));
    expect(useDialogs.getState().open.login).toBe(false);
    expect(toast).toHaveBeenCalledWith('该手机号已注册', 'warning');
  });

  it('toasts 403 and opens login only without a token', () => {
    applyFailure(envelope(Code.FORBIDDEN, '无权访问'));
    expect(useDialogs.getState().open.login).toBe(false);
    useSession.setState({ token: null });
    applyFailure(envelope(Code.FORBIDDEN, '无权访问'));
    expect(useDialogs.getState().open.login).toBe(true);
    expect(toast).toHaveBeenCalledTimes(2);
  });

  it('toasts 405 unless the endpoint is whitelisted', () => {
    applyFailure(envelope(Code.METHOD_NOT_ALLOWED), { allow405: true });
    expect(toast).not.toHaveBeenCalled();
    applyFailure(envelope(Code.METHOD_NOT_ALLOWED));
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('toasts 404 and 400 except the expired-QR, being-collected and no-user messages', () => {
    applyFailure(envelope(Code.NOT_FOUND, '二维码已过期'));
    applyFailure(envelope(Code.BAD_REQUEST, '用户数据采集中'));
    applyFailure(envelope(Code.NOT_FOUND, '未找到该用户'));
    expect(toast).not.toHaveBeenCalled();
    applyFailure(envelope(Code.BAD_REQUEST, '参数错误'));
    expect(toast).toHaveBeenCalledWith('参数错误');
  });

  it('rejects 649, 810 and 700 without any message', () => {
    for (const code of [Code.PAGE_REJECTED, Code.NEEDS_UPGRADE, Code.DATA_PENDING]) applyFailure(envelope(code));
    expect(toast).not.toHaveBeenCalled();
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('ignores every code for the silent frame calls', () => {
    for (const code of [Code.SERVER_ERROR, Code.IP_BUSY, Code.TOAST, Code.KICKED])
      applyFailure(envelope(code), { silent: true });
    expect(toast).not.toHaveBeenCalled();
    expect(useDialogs.getState().errorDialog).toBeNull();
    expect(useSession.getState().token).toBe('token-1');
  });

  it('leaves codes a caller handles itself alone', () => {
    applyFailure(envelope(Code.SERVER_ERROR, '发送过于频繁,60'), { handles: [Code.SERVER_ERROR] });
    expect(useDialogs.getState().errorDialog).toBeNull();
  });

  it('opens netErr on a network failure', () => {
    applyNetworkFailure();
    expect(useDialogs.getState().errorDialog).toBe('netErr');
  });
});
