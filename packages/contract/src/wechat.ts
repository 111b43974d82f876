import { z } from 'zod';

/** WeChat QR login (001 §4): fetch a QR, then long-poll its ticket until a scan logs the user in. */

/** Seconds a login QR stays valid (001 §9). */
export const WECHAT_QR_TTL_SECONDS = 60;

/**
 * The message of the expired-QR answer (404). The client's response handler keeps it quiet and the
 * login dialog refreshes the QR instead; unknown and already-used tickets answer it too.
 */
export const WECHAT_QR_EXPIRED_MESSAGE = '二维码已过期，请刷新后重新扫码';

export const wechatQrSchema = z.object({
  /** The text the QR encodes (a URL); the client draws the QR itself. */
  qr_code_url: z.string(),
  /** Our handle for the long poll; it is not the vendor's ticket. */
  ticket: z.string(),
  /** Seconds until the QR expires. */
  expire_seconds: z.number().int(),
});
export type WechatQr = z.infer<typeof wechatQrSchema>;

export const wechatPollQuerySchema = z.object({
  ticket: z.string().trim().min(1, '二维码参数缺失').max(64, '二维码参数无效'),
});
export type WechatPollQuery = z.infer<typeof wechatPollQuerySchema>;

/** Nobody has confirmed yet (`scanned`: the scan page is open); the client polls again. */
export const wechatPollWaitingSchema = z.object({
  status: z.enum(['waiting', 'scanned']),
  need_bind: z.literal(false),
});

/** Login result (001 §3) for a WeChat account already bound to a phone. */
export const wechatPollLoggedInSchema = z.object({
  status: z.literal('done'),
  token: z.string(),
  user_id: z.number().int(),
  need_bind: z.literal(false),
  user_info: z.object({ token: z.string() }),
  /** Present (true) when this login withdrew the account's closure request. */
  closure_cancelled: z.literal(true).optional(),
});

/** A WeChat account without a DSO account: the client stores `open_id` and opens the bind-phone dialog. */
export const wechatPollNeedBindSchema = z.object({
  status: z.literal('need_bind'),
  need_bind: z.literal(true),
  open_id: z.string(),
});

/** What one long poll answers with code 200; an expired QR answers 404 with WECHAT_QR_EXPIRED_MESSAGE. */
export const wechatPollResultSchema = z.discriminatedUnion('status', [
  wechatPollWaitingSchema,
  wechatPollLoggedInSchema,
  wechatPollNeedBindSchema,
]);
export type WechatPollResult = z.infer<typeof wechatPollResultSchema>;

export const WechatPath = {
  qr: '/api/wechat/qr',
  poll: '/api/wechat/poll',
  /** WeChat Official Account server address (GET: address check, POST: XML events). */
  callback: '/api/callback/wechat',
  /** The sandbox's scan page, which the QR encodes, and its confirm form. */
  sandboxScan: '/api/sandbox/wechat/scan',
  sandboxConfirm: '/api/sandbox/wechat/confirm',
} as const;
