import { AD_CLICK_TTL_MS, Code, type LoginResult, type SubAccountInviteInfo } from '@dso/contract';
import { ApiError } from '../../lib/api/errors';
import { toast } from '../../lib/feedback';
import { navigateTo } from '../../lib/navigation';
import { LocalKey, readLocal, readSession, SessionKey, writeSession } from '../../lib/storage';
import { useDialogs } from '../../stores/dialogs';
import { usePreferences } from '../../stores/preferences';
import { useSession } from '../../stores/session';
import { tellClosureCancelled, useAccountDialogs } from './account-dialogs';
import { previewDccLogin, reportConversion } from './api/login-api';
import { callLogout, fetchRoles, fetchUserInfo, loginWithDccToken } from './api/session-api';
import { fetchInviteInfo } from './api/sub-account-api';
import { reloadPage } from './reload-page';

/**
 * Loads user info into the store and then checks for a pending child-account invite (unless told not
 * to: a dialog that must come first will ask later). Without a token (none stored, or cleared by an
 * earlier answer such as 803 at start) there is no user to load, and asking would only answer 800 and
 * open the login dialog over the dialog that explains why.
 */
export async function loadUserInfo(options: { checkInvite?: boolean } = {}) {
  if (!useSession.getState().token) throw new ApiError(Code.TOKEN_INVALID, '请先登录');
  const info = await fetchUserInfo();
  useSession.getState().setUserInfo(info);
  if (options.checkInvite ?? true) void checkPendingInvite();
  return info;
}

export async function loadRoles() {
  const roles = await fetchRoles();
  useSession.getState().setRoles(roles);
  return roles;
}

/** Payload of the child-account bind notice (001 §2): the pending invite. */
export interface ChildBindPayload {
  invite: NonNullable<SubAccountInviteInfo>;
}

/**
 * Opens the child-account bind notice when the signed-in user has a pending invite (001 §4, 002 §4).
 * A failed check is not worth bothering the user with: the notice comes with the next load.
 */
export async function checkPendingInvite() {
  if (useDialogs.getState().open.childBind) return;
  try {
    const invite = await fetchInviteInfo();
    if (invite && useSession.getState().token) {
      const payload: ChildBindPayload = { invite };
      useDialogs.getState().openDialog('childBind', payload);
    }
  } catch {
    // See above.
  }
}

/** How long the success toast shows before the page reloads after login (001 §9 toasts 1000 ms). */
export const LOGIN_RELOAD_DELAY_MS = 1000;

/**
 * After login (001 §4): back to the saved `logOutPath`, or a reload when that is the page already
 * shown, so every panel refetches with the new session. Says which, since only a reload starts the
 * app (and its invite check) again.
 */
export function returnAfterLogin(): 'navigated' | 'reloading' {
  const target = readSession(SessionKey.logOutPath);
  const current = `${window.location.pathname}${window.location.search}`;
  if (target?.startsWith('/') && target !== current) {
    navigateTo(target);
    return 'navigated';
  }
  setTimeout(reloadPage, LOGIN_RELOAD_DELAY_MS);
  return 'reloading';
}

/** Stores the session of a login result and loads roles, then user info (000 §4 order). */
export async function establishSession(
  result: Pick<LoginResult, 'token' | 'user_id'>,
  options: { checkInvite?: boolean } = {},
) {
  useSession.getState().setToken(result.token, String(result.user_id));
  await loadRoles().catch(() => undefined);
  await loadUserInfo(options).catch(() => undefined);
}

/** A paid-search conversion for a new registration, when the click is from the last 24 h (001 §4, §9). */
function reportRegistration() {
  const clickId = readLocal(LocalKey.adClickId);
  const clickTime = Number(readLocal(LocalKey.adClickTime));
  if (!clickId || !Number.isFinite(clickTime) || Date.now() - clickTime > AD_CLICK_TTL_MS) return;
  void reportConversion({ bd_vid: clickId, bd_vid_time: clickTime, kind: 'register' }).catch(() => undefined);
}

/**
 * Finishes any login (QR, code, password, bind): session, roles and user info, 登录成功, the login
 * dialogs closed, and the return. A code login that just registered (`reg`) says 注册成功, reports the
 * conversion and offers to set a password first (skippable) before returning. One dialog at a time
 * (001 §4): an invite waiting for the new account (a parent may invite a phone before it registers)
 * shows its bind notice only after the password step, once the return is done.
 */
export async function finishLogin(
  result: Pick<LoginResult, 'token' | 'user_id' | 'closure_cancelled'> & { reg?: boolean },
) {
  await establishSession(result, { checkInvite: !result.reg });
  const dialogs = useDialogs.getState();
  dialogs.closeDialog('login');
  dialogs.closeDialog('bindPhone');
  useAccountDialogs.getState().closeAccountDialog('phoneLogin');
  // Told before the return, whose reload would take the notice away.
  if (result.closure_cancelled) await tellClosureCancelled();
  if (result.reg) {
    toast('注册成功', 'success', 2000);
    reportRegistration();
    useAccountDialogs.setState({
      // A reload checks the invite as the app starts; a move within the app has to ask here.
      afterSetPassword: () => {
        if (returnAfterLogin() === 'navigated') void checkPendingInvite();
      },
    });
    useAccountDialogs.getState().openAccountDialog('setPassword');
    return;
  }
  toast('登录成功', 'success', 2000);
  returnAfterLogin();
}

/**
 * The sister-product hand-over (001 §4): shows who will be linked (an existing account, or one to be
 * registered), and on OK spends the token with `user/dcc_login`. Resolves true when the user is
 * logged in afterwards.
 */
export async function linkDccAccount(token: string): Promise<boolean> {
  let preview: { phone: string; reg: boolean };
  try {
    preview = await previewDccLogin(token);
  } catch {
    return false;
  }
  const confirmed = await new Promise<boolean>((resolve) => {
    useAccountDialogs.setState({ dccPrompt: { ...preview, answer: resolve } });
    useAccountDialogs.getState().openAccountDialog('dccLink');
  });
  useAccountDialogs.getState().closeAccountDialog('dccLink');
  if (!confirmed) return false;
  try {
    const result = await loginWithDccToken(token);
    await establishSession(result);
    if (result.closure_cancelled) await tellClosureCancelled();
    toast(preview.reg ? '注册成功' : '登录成功', 'success', 2000);
    return true;
  } catch {
    return false;
  }
}

declare global {
  interface Window {
    /** Set by the companion browser extension when installed; told about logouts. */
    dsoExtensionLogout?: () => void;
  }
}

/**
 * Logout (000 §4): call the endpoint; after 200 ms clear the session, the blur preference and both
 * storages, tell the browser extension; reload after a further 300 ms.
 */
export async function logout() {
  await callLogout().catch(() => undefined);
  await delay(200);
  useSession.getState().clearLogin();
  usePreferences.getState().setOpenBlurry(false);
  useDialogs.getState().closeDialog('login');
  const theme = usePreferences.getState().theme;
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The theme is a device preference, not account data: keep it across logouts.
  usePreferences.getState().setTheme(theme);
  window.dsoExtensionLogout?.();
  await delay(300);
  window.location.reload();
}

/** Stores where to return after login: used when the login dialog is dismissed (001 §4). */
export function rememberCurrentPath() {
  writeSession(SessionKey.logOutPath, `${window.location.pathname}${window.location.search}`);
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
