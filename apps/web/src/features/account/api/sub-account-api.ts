import { type SubAccountInfo, type SubAccountInviteInfo, SubAccountPath } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** `GET /api/sub_account/invite_info`: the caller's pending invite, or null. Silent: a background check. */
export function fetchInviteInfo() {
  return request<SubAccountInviteInfo>(SubAccountPath.inviteInfo, { silent: true });
}

/** `POST /api/sub_account/assentV2`: the invitee accepts. */
export function acceptInvite(id: number) {
  return request<SubAccountInfo>(SubAccountPath.accept, { method: 'POST', body: { id } });
}

/** `POST /api/sub_account/un_bind_active`: the child ends its own link with a code (api type 5). */
export function unbindSelf(phone: string, code: string) {
  return request<null>(SubAccountPath.unbindActive, { method: 'POST', body: { phone, code } });
}
