import type { UserInfo } from '@dso/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { openedDialogs, renderWidget } from '../../components/testing/render-widget';
import { useAccountDialogs } from '../../features/account/account-dialogs';
import { ChangePhoneDialog } from '../../features/account/components/change-phone-dialog';
import { ResetPasswordDialog } from '../../features/account/components/reset-password-dialog';
import { userInfoOf } from '../../features/account/testing/mock-api';
import { useSession } from '../../stores/session';
import { UserMenu } from './user-menu';

const userInfo = userInfoOf('FREE', { phone: '13800000007', phone_last: '0007' }) as UserInfo;

/** Renders the header's user menu with the dialogs its entries open, and hovers the avatar. */
async function openPanel(viewer: UserInfo = userInfo) {
  renderWidget(
    <>
      <UserMenu userInfo={viewer} />
      <ChangePhoneDialog />
      <ResetPasswordDialog />
    </>,
    { viewer: 'FREE' },
  );
  useSession.setState({ userInfo: viewer });
  fireEvent.mouseEnter(screen.getByTestId('header-avatar'));
  return screen.findByTestId('user-panel');
}

const panelButton = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('UserMenu', () => {
  afterEach(() => {
    useAccountDialogs.setState({ open: useAccountDialogs.getInitialState().open });
  });

  it('offers FREE the upgrade and a paid grade upgrade/renew, both on /pay', async () => {
    await openPanel();
    fireEvent.click(screen.getByRole('button', { name: '升级会员' }));
    expect(screen.getByTestId('address').textContent).toBe('/pay');
    cleanup();
    await openPanel(userInfoOf('SVIP') as UserInfo);
    expect(screen.getByRole('button', { name: '升级/续费' })).toBeTruthy();
  });

  it('offers top tier the usage-count recharge, opened without an exhaustion reason', async () => {
    await openPanel(userInfoOf('EVIP') as UserInfo);
    expect(screen.queryByRole('button', { name: /升级|续费/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '购买次数' }));
    expect(openedDialogs().open.buyTimes).toBe(true);
    expect(openedDialogs().payload.buyTimes).toEqual({ type: 9 });
  });

  it('offers a child account nothing to buy', async () => {
    await openPanel(userInfoOf('EVIP', { sub_account: true, sub_account_parent_phone: '139****1234' }) as UserInfo);
    expect(screen.getByText('子账号 · 共享主账号权益')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /升级|续费|购买/ })).toBeNull();
  });

  it('opens change phone from 修改手机号, starting with a code to the current phone', async () => {
    await openPanel();
    fireEvent.click(panelButton('修改手机号'));
    expect(useAccountDialogs.getState().open.changePhone).toBe(true);
    expect(await screen.findByText('验证码将发送至当前手机号 138****0007')).toBeTruthy();
    expect(openedDialogs().open.resetPassword).toBe(false);
  });

  it('opens the password dialog from 修改密码 with the phone locked to the account', async () => {
    await openPanel();
    fireEvent.click(panelButton('修改密码'));
    expect(openedDialogs().open.resetPassword).toBe(true);
    await screen.findByText('重置密码');
    const phone = screen.getByLabelText('手机号') as HTMLInputElement;
    await waitFor(() => expect(phone.disabled).toBe(true));
    expect(phone.value).toBe('13800000007');
    expect(useAccountDialogs.getState().open.changePhone).toBe(false);
  });
});
