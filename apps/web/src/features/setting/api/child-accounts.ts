import { type PermissionUse, type SubAccountItem, SubAccountPath } from '@dso/contract';
import { request } from '../../../lib/api/client';
import { getQuery } from '../../../lib/api/get-query';

/** Query keys of the parent's child accounts. */
export const childAccountKeys = {
  all: ['child-accounts'] as const,
  list: ['child-accounts', 'list'] as const,
  quota: ['child-accounts', 'quota'] as const,
};

/** `GET /api/sub_account/list`: the parent's invites and children, newest first. */
export const childAccountsQuery = () => getQuery<SubAccountItem[]>(childAccountKeys.list, SubAccountPath.list);

/** `GET /api/sub_account/quota`: SUB_ACCOUNT_COUNT (open invites and links take seats). */
export const childAccountQuotaQuery = () => getQuery<PermissionUse>(childAccountKeys.quota, SubAccountPath.quota);

/** `POST /api/sub_account/add_info`: invites a phone. */
export function inviteChildAccount(phone: string) {
  return request<SubAccountItem>(SubAccountPath.add, { method: 'POST', body: { phone } });
}

/** `cancel`, `re_invite` and `un_bind` (by the parent): one link of the caller's. */
export function changeChildAccount(action: 'cancel' | 'reInvite' | 'unbind', id: number) {
  return request<SubAccountItem | null>(SubAccountPath[action], { method: 'POST', body: { id } });
}
