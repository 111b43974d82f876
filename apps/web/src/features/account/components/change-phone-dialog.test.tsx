import type { UserInfo } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { modalButton, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import { openChangePhoneDialog, useAccountDialogs } from '../account-dialogs';
import { mockApi, ok, unmockApiAfterEach, userInfoOf } from '../testing/mock-api';
import { ChangePhoneDialog } from './change-phone-dialog';

describe('ChangePhoneDialog', () => {
  const toast = spyOnToast();
  unmockApiAfterEach();

  it('verifies the current phone first, then binds the new phone with its own code', async () => {
    const { calls } = mockApi({
      '/api/verify_raw_code': ok({ verify_token: 'proof-1' }),
      '/api/update_user_phone': ok(null, '手机号修改成功'),
      '/api/user/info': ok(userInfoOf('FREE', { phone: '13900000008' })),
      '/api/sub_account/invite_info': ok(null),
    });
    openChangePhoneDialog();
    renderWidget(<ChangePhoneDialog />, { viewer: 'FREE' });
    useSession.setState({ userInfo: userInfoOf('FREE', { phone: '13800000007' }) as UserInfo });
    expect(await screen.findByText('验证码将发送至当前手机号 138****0007')).toBeTruthy();
    expect(modalButton(/^下一步$/).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '111111' } });
    fireEvent.click(modalButton(/^下一步$/));
    await screen.findByLabelText('新手机号验证码');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13900000008' } });
    fireEvent.change(screen.getByLabelText('新手机号验证码'), { target: { value: '222222' } });
    await waitFor(() => expect(modalButton(/^确认修改$/).disabled).toBe(false));
    fireEvent.click(modalButton(/^确认修改$/));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('手机号修改成功', 'success', 2000));
    expect(calls.find((call) => call.path === '/api/verify_raw_code')?.body).toEqual({ code: '111111' });
    expect(calls.find((call) => call.path === '/api/update_user_phone')?.body).toEqual({
      phone: '13900000008',
      code: '222222',
      verify_token: 'proof-1',
    });
    await waitFor(() => expect(useAccountDialogs.getState().open.changePhone).toBe(false));
    expect(useSession.getState().userInfo?.phone).toBe('13900000008');
  });
});
