import type { PermissionNode, UserInfo } from '@dso/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openedDialogs, renderWidget } from '../../../components/testing/render-widget';
import { spyOnToast } from '../../../components/testing/toast-spy';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { openChildUnbindDialog, useAccountDialogs } from '../account-dialogs';
import type { ChildBindPayload } from '../session-actions';
import { mockApi, ok, userInfoOf } from '../testing/mock-api';
import { expectReloadAfter, spyOnReload } from '../testing/reload-spy';
import { ChildBindDialog, ChildUnbindDialog } from './child-bind-dialog';

const invite: ChildBindPayload = {
  invite: { id: 11, phone: '13900001234', grade: 'SVIP', un_bind_time: 1_924_876_800 },
};

function openNotice() {
  useDialogs.getState().openDialog('childBind', invite);
  renderWidget(<ChildBindDialog />, { viewer: 'FREE' });
  useSession.setState({
    userInfo: userInfoOf('FREE', { phone: '13800000007' }) as UserInfo,
    roles: [{ alias: 'X', children: [] }] as PermissionNode[],
  });
}

const button = (text: RegExp) =>
  [...document.querySelectorAll('.dso-account-dialog button')].find((element) =>
    text.test(element.textContent ?? ''),
  ) as HTMLButtonElement;

/**
 * The identity check and the confirm: the masked own phone, 下一步 waiting for a code, the warning,
 * then 确定解除 with the page's timers faked so the reload 1.5 s later can be stepped to.
 */
async function unbindWithCode(code: string) {
  expect(await screen.findByText(/验证码将发送至 138\*\*\*\*0007/)).toBeTruthy();
  expect(button(/下一步/).disabled).toBe(true);
  fireEvent.change(screen.getByLabelText('验证码'), { target: { value: code } });
  expect(button(/下一步/).disabled).toBe(false);
  fireEvent.click(button(/下一步/));
  expect(await screen.findByText('是否立即解除账号关系？')).toBeTruthy();
  expect(screen.getByText(/无法继续使用主账号的企业版会员权益/)).toBeTruthy();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  fireEvent.click(button(/确定解除/));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('ChildBindDialog', () => {
  const reloadPage = spyOnReload();
  spyOnToast();
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('says who bound the user, the shared grade and the unbind date', async () => {
    openNotice();
    const text = (await screen.findByText(/已将您绑定为其子账号/)).textContent;
    expect(text).toContain('账号（139****1234）已将您绑定为其子账号，您将共享该账号的企业版会员权益。');
    expect(screen.getByText(/解绑日期：2030-12-31/)).toBeTruthy();
  });

  it('accepts with 我知道了: reloads user info, then the page', async () => {
    const { calls } = mockApi({
      '/api/sub_account/assentV2': ok({}),
      '/api/user/info': ok(userInfoOf('SVIP')),
      '/api/sub_account/invite_info': ok(null),
    });
    openNotice();
    await screen.findByText(/已将您绑定为其子账号/);
    fireEvent.click(button(/我知道了/));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(calls.map((call) => call.path).slice(0, 2)).toEqual(['/api/sub_account/assentV2', '/api/user/info']);
    expect(calls[0]?.body).toEqual({ id: 11 });
  });

  it('unbinds after the identity check and the confirm, clears the session data and reloads 1.5 s later', async () => {
    const { calls } = mockApi({ '/api/sub_account/un_bind_active': ok(null) });
    openNotice();
    await screen.findByText(/已将您绑定为其子账号/);
    fireEvent.click(button(/解除绑定/));
    await unbindWithCode('246810');
    expect(calls.find((call) => call.path === '/api/sub_account/un_bind_active')?.body).toEqual({
      phone: '13800000007',
      code: '246810',
    });
    expect(useSession.getState().userInfo).toBeNull();
    expect(useSession.getState().roles).toEqual([]);
    expect(openedDialogs().open.childBind).toBe(false);
    await expectReloadAfter(reloadPage, 1500);
  });

  it('lets a bound child unbind from the personal centre with the same code and confirm', async () => {
    const { calls } = mockApi({ '/api/sub_account/un_bind_active': ok(null) });
    renderWidget(<ChildUnbindDialog />, { viewer: 'SVIP' });
    useSession.setState({
      userInfo: userInfoOf('SVIP', { phone: '13800000007', sub_account: true }) as UserInfo,
    });
    act(() => openChildUnbindDialog());
    expect(await screen.findByText('解除子账号绑定')).toBeTruthy();
    await unbindWithCode('135790');
    expect(calls.find((call) => call.path === '/api/sub_account/un_bind_active')?.body).toEqual({
      phone: '13800000007',
      code: '135790',
    });
    expect(useAccountDialogs.getState().open.childUnbind).toBe(false);
    expect(useSession.getState().userInfo).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
    });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });
});
