import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { typeIn } from '../../../components/testing/type-in';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { mockApi, ok, sessionAnswers, unmockApiAfterEach } from '../testing/mock-api';
import { spyOnReload } from '../testing/reload-spy';
import { BindPhoneDialog } from './bind-phone-dialog';
import { OPEN_ID_KEY } from './wechat-qr-login';

const submit = () => document.querySelector('form#bind-phone button[type="submit"]') as HTMLButtonElement;

describe('BindPhoneDialog', () => {
  const toast = spyOnToast();
  spyOnReload();
  beforeEach(() => {
    sessionStorage.setItem(OPEN_ID_KEY, 'wx-open-1');
  });
  unmockApiAfterEach(() => useSession.setState({ token: null, uid: null }));

  it('binds phone and code to the stored open_id, logs in and says 绑定成功', async () => {
    const { calls } = mockApi({
      '/api/user/bind_phone': ok({ token: 'tok-9', user_id: 9 }, '绑定成功'),
      ...sessionAnswers,
    });
    useDialogs.getState().openDialog('bindPhone');
    renderWidget(<BindPhoneDialog />);
    await screen.findByText('绑定手机号');
    expect(submit().disabled).toBe(true);
    typeIn('手机号', '13800000001');
    expect(submit().disabled).toBe(true);
    typeIn('验证码', '654321');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('绑定成功', 'success', 2000));
    expect(calls.find((call) => call.path === '/api/user/bind_phone')?.body).toEqual({
      phone: '13800000001',
      code: '654321',
      open_id: 'wx-open-1',
    });
    expect(useSession.getState()).toMatchObject({ token: 'tok-9', uid: '9' });
    expect(sessionStorage.getItem(OPEN_ID_KEY)).toBeNull();
    expect(openedDialogs().open.bindPhone).toBe(false);
  });

  it('asks to scan again when the WeChat authorisation is gone', async () => {
    sessionStorage.removeItem(OPEN_ID_KEY);
    useDialogs.getState().openDialog('bindPhone');
    renderWidget(<BindPhoneDialog />);
    expect(await screen.findByText('微信授权已失效，请重新扫码')).toBeTruthy();
  });
});
