import type { UserInfo } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { forgetPublicKey } from '../password-crypto';
import { mockApi, ok, unmockApiAfterEach, userInfoOf } from '../testing/mock-api';
import { createTestKeyPair } from '../testing/rsa-key';
import { ResetPasswordDialog } from './reset-password-dialog';

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => document.querySelector('form#reset-password button[type="submit"]') as HTMLButtonElement;

async function openReset(viewer: 'visitor' | 'FREE' = 'visitor') {
  useDialogs.getState().openDialog('resetPassword');
  renderWidget(<ResetPasswordDialog />, { viewer });
  await screen.findByText('重置密码');
}

describe('ResetPasswordDialog', () => {
  const toast = spyOnToast();
  unmockApiAfterEach(forgetPublicKey);

  it('enables 确认修改 only with all four fields filled and the passwords equal', async () => {
    await openReset();
    expect(submit().disabled).toBe(true);
    type('手机号', '13800000003');
    type('验证码', '123456');
    type('新密码', 'Abc12345');
    await waitFor(() => expect(field('新密码').value).toBe('Abc12345'));
    expect(submit().disabled).toBe(true);
    type('确认密码', 'Abc12346');
    await waitFor(() => expect(field('确认密码').value).toBe('Abc12346'));
    expect(submit().disabled).toBe(true);
    type('确认密码', 'Abc12345');
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('holds the new password to the rule: 6-24 with a digit, an upper and a lower case letter', async () => {
    await openReset();
    type('新密码', 'abc123');
    fireEvent.blur(field('新密码'));
    expect(await screen.findByText('密码需要6-24位数字、大小写字母组合')).toBeTruthy();
    type('确认密码', 'abc124');
    fireEvent.blur(field('确认密码'));
    expect(await screen.findByText('两次输入密码不一致!')).toBeTruthy();
  });

  it('locks the phone to the account when logged in', async () => {
    useDialogs.getState().openDialog('resetPassword');
    renderWidget(<ResetPasswordDialog />, { viewer: 'FREE' });
    useSession.setState({ userInfo: userInfoOf('FREE', { phone: '13800000007' }) as UserInfo });
    await screen.findByText('重置密码');
    await waitFor(() => expect(field('手机号').disabled).toBe(true));
    expect(field('手机号').value).toBe('13800000007');
  });

  it('says 密码修改成功 and sends a visitor on to the login dialog', async () => {
    const { publicKey, decrypt } = await createTestKeyPair();
    const { calls } = mockApi({
      '/api/user/public_key': ok(publicKey),
      '/api/user/reset_pwd': ok(null, '密码修改成功'),
    });
    await openReset();
    type('手机号', '13800000003');
    type('验证码', '123456');
    type('新密码', 'Abc12345');
    type('确认密码', 'Abc12345');
    await waitFor(() => expect(submit().disabled).toBe(false));
    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('密码修改成功', 'success', 2000));
    const body = calls.find((call) => call.path === '/api/user/reset_pwd')?.body as Record<string, string>;
    expect(body.phone).toBe('13800000003');
    expect(body.code).toBe('123456');
    expect(await decrypt(body.pwd ?? '')).toBe('Abc12345');
    expect(openedDialogs().open.resetPassword).toBe(false);
    expect(openedDialogs().open.login).toBe(true);
  });
});
