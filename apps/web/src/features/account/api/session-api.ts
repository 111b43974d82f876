import { AccountPath, type LoginResult, type PermissionNode, PermissionPath, type UserInfo } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** Session calls the app frame makes at start and logout (000 §4, 001 §7). */

export function fetchUserInfo() {
  return request<UserInfo>(AccountPath.userInfo);
}

/** The permission tree `DccRoles`; visitors get it too. */
export function fetchRoles() {
  return request<PermissionNode[]>(PermissionPath.roles);
}

/** Logs in with the sister product's hand-over token (`user/dcc_login`), spending it. */
export function loginWithDccToken(token: string) {
  return request<LoginResult>(AccountPath.dccLogin, { query: { token } });
}

export function callLogout() {
  return request<null>(AccountPath.logout, { silent: true });
}
