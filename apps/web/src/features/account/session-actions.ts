import { useDialogs } from '../../stores/dialogs';
import { usePreferences } from '../../stores/preferences';
import { useSession } from '../../stores/session';
import { callLogout, fetchRoles, fetchUserInfo } from './api/session-api';

/** Loads user info into the store; a failure leaves the session as the response handler set it. */
export async function loadUserInfo() {
  const info = await fetchUserInfo();
  useSession.getState().setUserInfo(info);
  return info;
}

export async function loadRoles() {
  const roles = await fetchRoles();
  useSession.getState().setRoles(roles);
  return roles;
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

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
