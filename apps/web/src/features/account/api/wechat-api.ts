import { WechatPath, type WechatPollResult, type WechatQr } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** `GET /api/wechat/qr`: a login QR and the ticket to poll it with. */
export function fetchWechatQr() {
  return request<WechatQr>(WechatPath.qr);
}

/**
 * `GET /api/wechat/poll`: one long poll. Silent, because the QR panel turns each outcome into its own
 * state: an expired QR (404) is refreshed, a dropped connection reports 长连接已中断.
 */
export function pollWechatLogin(ticket: string, signal: AbortSignal) {
  return request<WechatPollResult>(WechatPath.poll, { query: { ticket }, signal, silent: true });
}
