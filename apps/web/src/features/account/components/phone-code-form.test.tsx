import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { typeIn } from '../../../components/testing/type-in';
import { useSession } from '../../../stores/session';
import { useAccountDialogs } from '../account-dialogs';
import { mockApi, ok, sessionAnswers, unmockApiAfterEach } from '../testing/mock-api';
import { spyOnReload } from '../testing/reload-spy';
import { PhoneCodeForm } from './phone-code-form';

const submit = () => document.querySelector('form#code-test button[type="submit"]') as HTMLButtonElement;

describe('PhoneCodeForm', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload();
  unmockApiAfterEach(() => {
    useSession.setState({ token: null, uid: null });
    useAccountDialogs.setState({ open: { ...useAccountDialogs.getState().open, setPassword: false } });
  });

  it('keeps 注册/登录 disabled until phone and code are filled, and Enter in the code field submits', async () => {
    const { calls } = mockApi({
      '/api/user/fast_login': ok({ token: 'tok-2', user_id: 2, reg: false, user_info: { token: 'tok-2' } }),
      ...sessionAnswers,
    });
    renderWidget(<PhoneCodeForm name="code-test" />);
    expect(submit().textContent?.replace(/\s/g, '')).toBe('注册/登录');
    expect(submit().disabled).toBe(true);
    typeIn('手机号', '13800000002');
    expect(submit().disabled).toBe(true);
    typeIn('验证码', '135790');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.keyDown(screen.getByLabelText('验证码'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(toast).toHaveBeenCalledWith('登录成功', 'success', 2000));
    expect(calls.find((call) => call.path === '/api/user/fast_login')?.body).toMatchObject({
      phone: '13800000002',
      code: '135790',
    });
    expect(useSession.getState().token).toBe('tok-2');
    await waitFor(() => expect(reloadPage).toHaveBeenCalled(), { timeout: 2000 });
  });

  it('says 注册成功 for a new phone and offers to set a password before returning', async () => {
    mockApi({
      '/api/user/fast_login': ok({ token: 'tok-3', user_id: 3, reg: true, user_info: { token: 'tok-3' } }),
      ...sessionAnswers,
    });
    renderWidget(<PhoneCodeForm name="code-test" />);
    typeIn('手机号', '13800000003');
    typeIn('验证码', '135790');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('注册成功', 'success', 2000));
    expect(useAccountDialogs.getState().open.setPassword).toBe(true);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('tells an invalid phone on submit without calling the server', async () => {
    const { calls } = mockApi({});
    renderWidget(<PhoneCodeForm name="code-test" />);
    typeIn('手机号', '12345678901');
    typeIn('验证码', '1');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    expect(await screen.findByText('请输入正确手机号')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
