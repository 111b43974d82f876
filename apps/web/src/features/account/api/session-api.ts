import type { PermissionNode, UserInfo } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** Session calls the app frame makes at start and logout (000 §4, 001 §7). */

export function fetchUserInfo() {
  return request<UserInfo>('/api/user/info');
}

export function fetchRoles() {
  return request<PermissionNode[]>('/api/user/roles');
}

/** Logs in with the sister product's token (the provider-cookie login). */
export function loginWithDccToken(token: string) {
  return request<{ token: string; user_id: number }>('/api/user/dcc_login', { query: { token } });
}

export function callLogout() {
  return request<null>('/api/user/out', { silent: true });
}
