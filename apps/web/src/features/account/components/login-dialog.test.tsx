import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { typeIn } from '../../../components/testing/type-in';
import { useDialogs } from '../../../stores/dialogs';
import { forgetPublicKey } from '../password-crypto';
import { fail, hang, mockApi, ok, unmockApiAfterEach } from '../testing/mock-api';
import { createTestKeyPair } from '../testing/rsa-key';
import { isLocalHost, LoginDialog } from './login-dialog';

const qr = ok({ qr_code_url: 'https://mp.weixin.qq.com/q/abc', ticket: 'k1', expire_seconds: 60 });

async function openLogin() {
  useDialogs.getState().openDialog('login');
  renderWidget(<LoginDialog />);
  return screen.findByRole('dialog');
}

const selectedTab = (dialog: HTMLElement) => dialog.querySelector('[role="tab"][aria-selected="true"]')?.textContent;

describe('LoginDialog', () => {
  const toast = spyOnToast();
  unmockApiAfterEach(forgetPublicKey);

  it('offers WeChat QR first, password login, code login on a local host, and the agreement line', async () => {
    mockApi({ '/api/wechat/qr': qr, '/api/wechat/poll': hang });
    const dialog = await openLogin();
    const tabs = [...dialog.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['微信扫码登录', '密码登录', '验证码登录']);
    expect(selectedTab(dialog)).toBe('微信扫码登录');
    expect(dialog.textContent).toContain('登录即表示同意《用户协议》和《隐私政策》');
    // A real WeChat QR has no sandbox link.
    await waitFor(() => expect(dialog.querySelector('.ant-qrcode')).toBeTruthy());
    expect(within(dialog).queryByText('沙箱：在新标签页打开扫码页')).toBeNull();
  });

  it('offers code login only on a local host', () => {
    expect(isLocalHost('localhost')).toBe(true);
    expect(isLocalHost('127.0.0.1')).toBe(true);
    expect(isLocalHost('www.dsoseo.cn')).toBe(false);
  });

  it('enables password login only with phone and password, and sends the password encrypted', async () => {
    const { publicKey, decrypt } = await createTestKeyPair();
    const { calls } = mockApi({
      '/api/wechat/qr': qr,
      '/api/wechat/poll': hang,
      '/api/user/public_key': ok(publicKey),
      '/api/user/login': fail(300, '手机号或密码错误'),
    });
    const dialog = await openLogin();
    fireEvent.click(within(dialog).getByText('密码登录'));
    const submit = () => dialog.querySelector('form[id="login-password"] button[type="submit"]') as HTMLButtonElement;
    expect(submit().disabled).toBe(true);
    typeIn('手机号', '138-0000-0003');
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13800000003');
    expect(submit().disabled).toBe(true);
    typeIn('密码', 'Abc12345');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/login')).toBe(true));
    const body = calls.find((call) => call.path === '/api/user/login')?.body as { phone: string; pwd: string };
    expect(body.phone).toBe('13800000003');
    expect(await decrypt(body.pwd)).toBe('Abc12345');
    // A failed login only stops the loading: no message.
    await waitFor(() => expect(submit().className).not.toContain('ant-btn-loading'));
    expect(toast).not.toHaveBeenCalled();
    expect(openedDialogs().open.login).toBe(true);
  });

  it('moves to the reset-password dialog and back to the QR registration', async () => {
    mockApi({ '/api/wechat/qr': qr, '/api/wechat/poll': hang });
    const dialog = await openLogin();
    fireEvent.click(within(dialog).getByText('密码登录'));
    fireEvent.click(within(dialog).getByText('没有账号？微信扫码注册'));
    expect(selectedTab(dialog)).toBe('微信扫码登录');
    fireEvent.click(within(dialog).getByText('密码登录'));
    fireEvent.click(within(dialog).getByText('忘记密码？'));
    expect(openedDialogs().open.login).toBe(false);
    expect(openedDialogs().open.resetPassword).toBe(true);
  });

  it('keeps the current page as the place to return to when dismissed', async () => {
    mockApi({ '/api/wechat/qr': qr, '/api/wechat/poll': hang });
    window.history.replaceState(null, '', '/about?from=footer');
    await openLogin();
    fireEvent.click(document.querySelector('.dso-login-dialog .ant-modal-close') as HTMLElement);
    expect(openedDialogs().open.login).toBe(false);
    expect(sessionStorage.getItem('logOutPath')).toBe('/about?from=footer');
    window.history.replaceState(null, '', '/');
  });
});
