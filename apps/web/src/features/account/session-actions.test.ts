import { AccountPath, PermissionPath } from '@dso/contract';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import * as feedback from '../../lib/feedback';
import * as navigation from '../../lib/navigation';
import { useDialogs } from '../../stores/dialogs';
import { useSession } from '../../stores/session';
import { useAccountDialogs } from './account-dialogs';
import { fetchInviteInfo } from './api/sub-account-api';
import { finishLogin, LOGIN_RELOAD_DELAY_MS, loadUserInfo, returnAfterLogin } from './session-actions';
import { mockApi, ok, userInfoOf } from './testing/mock-api';
import { spyOnReload } from './testing/reload-spy';

// Counted where the check starts, before any await, so a check made too early shows at once.
vi.mock('./api/sub-account-api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./api/sub-account-api')>();
  return { ...actual, fetchInviteInfo: vi.fn(actual.fetchInviteInfo) };
});

describe('the session actions', () => {
  let navigate: MockInstance<typeof navigation.navigateTo>;
  const reloadPage = spyOnReload();
  beforeEach(() => {
    navigate = vi.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/about');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    useSession.setState({ token: null, uid: null, userInfo: null });
    useDialogs.setState({ open: useDialogs.getInitialState().open, payload: {} });
    window.history.replaceState(null, '', '/');
  });

  it('returns to the saved logOutPath after login', () => {
    sessionStorage.setItem('logOutPath', '/setting?type=first');
    returnAfterLogin();
    expect(navigate).toHaveBeenCalledWith('/setting?type=first');
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('reloads when the saved path is the page already shown', () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    sessionStorage.setItem('logOutPath', '/about');
    returnAfterLogin();
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LOGIN_RELOAD_DELAY_MS);
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('opens the child-account notice when the loaded user has a pending invite', async () => {
    const invite = { id: 5, phone: '13900001234', grade: 'SVIP', un_bind_time: null };
    mockApi({ '/api/user/info': ok(userInfoOf('FREE')), '/api/sub_account/invite_info': ok(invite) });
    useSession.setState({ token: 'tok' });
    await loadUserInfo();
    await vi.waitFor(() => expect(useDialogs.getState().open.childBind).toBe(true));
    expect(useDialogs.getState().payload.childBind).toEqual({ invite });
  });

  it('shows a new registration the password step alone, and the waiting invite’s notice once it is done', async () => {
    vi.spyOn(feedback, 'toast').mockImplementation(() => undefined);
    const invite = { id: 5, phone: '139****1234', grade: 'SVIP', un_bind_time: null };
    mockApi({
      [PermissionPath.roles]: ok([]),
      [AccountPath.userInfo]: ok(userInfoOf('FREE')),
      '/api/sub_account/invite_info': ok(invite),
    });
    vi.mocked(fetchInviteInfo).mockClear();
    sessionStorage.setItem('logOutPath', '/setting');
    await finishLogin({ token: 'tok', user_id: 7, reg: true });
    expect(useAccountDialogs.getState().open.setPassword).toBe(true);
    expect(fetchInviteInfo).not.toHaveBeenCalled();

    // 跳过, as the dialog does it: it closes, then the return runs and the invite is asked for.
    const { afterSetPassword, closeAccountDialog } = useAccountDialogs.getState();
    closeAccountDialog('setPassword');
    afterSetPassword?.();
    expect(navigate).toHaveBeenCalledWith('/setting');
    await vi.waitFor(() => expect(useDialogs.getState().open.childBind).toBe(true));
    expect(useDialogs.getState().payload.childBind).toEqual({ invite });
    useAccountDialogs.setState({ afterSetPassword: null });
  });

  it('asks nothing without a token, so a cleared session does not open the login dialog', async () => {
    const { calls } = mockApi({});
    await expect(loadUserInfo()).rejects.toThrow('请先登录');
    expect(calls).toEqual([]);
    expect(useDialogs.getState().open.login).toBe(false);
  });
});
