import {
  AccountPath,
  type BindPhoneBody,
  Code,
  type LoginResult,
  type PublicKey,
  type ResetPasswordBody,
  type UpdateUserPhoneBody,
} from '@dso/contract';
import { request } from '../../../lib/api/client';
import { LocalKey, readLocal } from '../../../lib/storage';

/** The channel and paid-search click a registration arrived with (001 §4, §9). */
export function adClickFields() {
  const channel = readLocal(LocalKey.channel);
  const clickId = readLocal(LocalKey.adClickId);
  const clickTime = Number(readLocal(LocalKey.adClickTime));
  return {
    ...(channel ? { j_id: channel } : {}),
    ...(clickId && Number.isFinite(clickTime) && clickTime > 0 ? { bd_vid: clickId, bd_vid_time: clickTime } : {}),
  };
}

/** `POST /api/user/fast_login`: code login, registering a new phone (`reg`). */
export function loginWithCode(phone: string, code: string) {
  return request<LoginResult>(AccountPath.fastLogin, { method: 'POST', body: { phone, code, ...adClickFields() } });
}

/** `POST /api/user/login`. A wrong phone or password only stops the loading (001 §4): 300 stays quiet. */
export function loginWithPassword(phone: string, pwd: string) {
  return request<LoginResult>(AccountPath.login, { method: 'POST', body: { phone, pwd }, handles: [Code.TOAST] });
}

/** `POST /api/user/perfect`: the first password of an account made by code login. */
export function setFirstPassword(pwd: string) {
  return request<null>(AccountPath.perfect, { method: 'POST', body: { pwd } });
}

/** `GET /api/user/public_key`: the RSA key passwords are encrypted with. */
export function fetchPublicKey() {
  return request<PublicKey>(AccountPath.publicKey);
}

/** `POST /api/user/bind_phone`: the WeChat need_bind path. */
export function bindPhone(body: BindPhoneBody) {
  return request<{ token: string; user_id: number }>(AccountPath.bindPhone, { method: 'POST', body });
}

/** `POST /api/user/reset_pwd`. */
export function resetPassword(body: ResetPasswordBody) {
  return request<null>(AccountPath.resetPassword, { method: 'POST', body });
}

/** `POST /api/verify_raw_code`: proves the current phone before it is changed. */
export function verifyCurrentPhone(code: string) {
  return request<{ verify_token: string }>(AccountPath.verifyRawCode, { method: 'POST', body: { code } });
}

/** `POST /api/update_user_phone`. */
export function updateUserPhone(body: UpdateUserPhoneBody) {
  return request<null>(AccountPath.updateUserPhone, { method: 'POST', body });
}

/** `POST /api/bd/conversion`: a new registration from a paid-search click. Silent: it is bookkeeping. */
export function reportConversion(body: { bd_vid: string; bd_vid_time: number; kind: 'register' | 'pay' }) {
  return request<{ created: boolean }>(AccountPath.conversion, { method: 'POST', body, silent: true });
}

/** `GET /api/user/dcc_login_log`: who the sister product hands over, before the token is spent. */
export function previewDccLogin(token: string) {
  return request<{ phone: string; reg: boolean }>(AccountPath.dccLoginLog, { query: { token } });
}
