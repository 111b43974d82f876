import type { UserInfo } from '@dso/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useSession } from '../../../stores/session';
import { CloseAccountDialog, fail, mockApi, ok, useAccountDialogs, userInfoOf } from '../../account/testing';
import AccountSection from './account-section';

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: '申请注销' });

/** 2026-12-12 00:00 in Shanghai, as seconds. */
const ERASE_AT = Date.parse('2026-12-12T00:00:00+08:00') / 1000;

describe('注销账号 in 账号信息', () => {
  const toast = spyOnToast();
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useAccountDialogs.setState({ open: useAccountDialogs.getInitialState().open });
  });

  it('asks for agreement to the terms and the code, refuses a wrong code, and names the day of the erasure', async () => {
    const { calls } = mockApi({
      '/api/user/bind_wx': ok({ bound: true }),
      '/api/user/close_account': (body) =>
        (body as { code: string }).code === '246810'
          ? ok({ requested_at: ERASE_AT - 15 * 86_400, erase_at: ERASE_AT }, '注销申请已提交')
          : fail(300, '验证码错误'),
    });
    renderWidget(
      <>
        <AccountSection type="account" setType={() => undefined} />
        <CloseAccountDialog />
      </>,
      { viewer: 'VIP' },
    );
    useSession.setState({ userInfo: userInfoOf('VIP', { phone: '13800000007' }) as UserInfo });

    fireEvent.click(await screen.findByRole('button', { name: '注销账号' }));
    expect(await screen.findByText(/进入 15 天冷静期。冷静期内再次登录，即视为撤销注销申请/)).toBeTruthy();
    expect(screen.getByText(/连续包月将在提交时立即取消/)).toBeTruthy();
    expect(screen.getByText(/订单与发票按法律规定保留/)).toBeTruthy();
    expect(screen.getByText('验证码将发送至当前手机号 138****0007')).toBeTruthy();

    // Neither the code alone nor the agreement alone is enough.
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '000000' } });
    expect(submit().disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意以上注销须知' }));
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    await waitFor(() => expect(toast).toHaveBeenCalledWith('验证码错误'));
    expect(screen.getByTestId('close-account-form')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '246810' } });
    fireEvent.click(submit());
    const notice = await screen.findByTestId('closure-requested');
    expect(notice.textContent).toContain('账号将于 2026年12月12日 注销');
    expect(notice.textContent).toContain('在此之前再次登录，即可撤销注销申请');
    expect(calls.filter((call) => call.path === '/api/user/close_account').map((call) => call.body)).toEqual([
      { code: '000000' },
      { code: '246810' },
    ]);
  });
});
