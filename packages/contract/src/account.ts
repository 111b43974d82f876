import { accountMessages, isValidPhone } from '@dso/domain';
import { z } from 'zod';
import { requiredTextSchema } from './shapes';

/**
 * Accounts: slider captcha, SMS codes, login and registration, password, bind phone, reset and change
 * phone, user info, cross-site login (001 §4, §5, §7, §8). docs/accounts.md tells the whole story.
 */

// ---------------------------------------------------------------------------------------------------
// Shared fields

/** Phone on the forms (001 §5): required, then the mainland mobile shape. */
export const phoneSchema = requiredTextSchema(accountMessages.phoneRequired).refine(
  isValidPhone,
  accountMessages.phoneInvalid,
);

/** Phone before a code request (001 §5): the send-specific wording (手机号码不能为空！ …). */
export const sendPhoneSchema = requiredTextSchema(accountMessages.phoneEmptyBeforeSend).refine(
  isValidPhone,
  accountMessages.phoneInvalidBeforeSend,
);

/** SMS code as typed: required (001 §5); a wrong shape simply counts as a wrong try. */
export const smsCodeSchema = requiredTextSchema(accountMessages.codeRequired).max(16, '验证码错误');

/**
 * Every `pwd` field carries the password encrypted with the server's public key (RSA-OAEP, SHA-256),
 * base64, never the plain text. The server checks the password rule after decrypting.
 */
export const encryptedPasswordSchema = requiredTextSchema('请输入密码').max(2048, '密码格式错误，请刷新页面重试');

/** Paid-search click id and when the client saw it (ms since the epoch); a conversion counts for 24 h. */
const adClickFields = {
  /** Source channel the visitor arrived from. */
  j_id: z.string().trim().max(64).optional(),
  bd_vid: z.string().trim().max(256).optional(),
  bd_vid_time: z.coerce.number().int().nonnegative().optional(),
};

/** A phone and the SMS code just sent to it: the proof every code login, registration and change asks for. */
const phoneCodeFields = { phone: phoneSchema, code: smsCodeSchema };

/** How long a paid-search click id counts (001 §9: 24 h). */
export const AD_CLICK_TTL_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Slider captcha

/** Puzzle geometry shared by the server that draws it and the client that shows it. */
export const CAPTCHA_SIZE = { width: 300, height: 150, piece: 50 } as const;

/** `GET /api/captcha/new`: a background with a notch, the matching piece and where the piece sits. */
export const captchaPuzzleSchema = z.object({
  /** Puzzle id; after a success it is the `randstr` of the captcha result. */
  id: z.string(),
  /** Background PNG as a data URL, 300×150, with the notch cut out. */
  bg: z.string(),
  /** Piece PNG as a data URL, 50×50, transparent around the piece shape. */
  piece: z.string(),
  /** Top of the piece in background pixels; the user slides it horizontally from x = 0. */
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  piece_size: z.number().int(),
  /** Seconds until the puzzle expires. */
  expires_in: z.number().int(),
});
export type CaptchaPuzzle = z.infer<typeof captchaPuzzleSchema>;

/** One sample of the drag: the piece's x and the time in ms (any origin; only differences count). */
export const trailPointSchema = z.object({ x: z.number(), t: z.number() });

export const captchaVerifyBodySchema = z.object({
  id: requiredTextSchema('验证已失效，请刷新重试').max(64),
  /** Where the user released the piece (its left edge, background pixels). */
  x: z.number({ error: '请拖动滑块完成验证' }),
  trail: z.array(trailPointSchema, { error: '请拖动滑块完成验证' }).max(1000, '验证失败，请重试'),
});
export type CaptchaVerifyBody = z.infer<typeof captchaVerifyBodySchema>;

/** A solved captcha (001 §3 "Captcha result"); the pair is spent by one SMS send. */
export const captchaResultSchema = z.object({
  /** The puzzle id. */
  randstr: z.string(),
  ticket: z.string(),
});
export type CaptchaResult = z.infer<typeof captchaResultSchema>;

/**
 * What a failed verify carries (code 300): `refresh` true when the puzzle is spent (three tries,
 * expired or unknown), so the client fetches a new one instead of letting the user slide again.
 */
export const captchaFailureSchema = z.object({ refresh: z.boolean() });

/**
 * Longest captcha ticket accepted: the slider's are 32 characters, Tencent's several hundred.
 */
export const CAPTCHA_TICKET_MAX = 2048;

/** `GET /api/slider_c`: checks a pair without spending it; 660 when it is not (or no longer) good. */
export const sliderCheckQuerySchema = z.object({
  randstr: z.string().trim().min(1, '请完成安全验证').max(64),
  ticket: z.string().trim().min(1, '请完成安全验证').max(CAPTCHA_TICKET_MAX),
});

/**
 * `GET /api/captcha/config`: which captcha the browser shows. `sandbox`: the built-in slider
 * (`captcha/new`, `captcha/verify`); `tencent`: Tencent Cloud 验证码, loaded from `script_url` and
 * shown with `new TencentCaptcha(app_id, callback)`; its callback's `ticket` and `randstr` are the pair.
 */
export const captchaConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('sandbox') }),
  z.object({ provider: z.literal('tencent'), app_id: z.string(), script_url: z.string() }),
]);
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

// ---------------------------------------------------------------------------------------------------
// SMS codes

/** The send button's countdown (001 §4, §9): one code per phone and purpose per 60 s. */
export const SMS_RESEND_SECONDS = 60;

/**
 * The `type` of a send, one per variant (001 §7 "five variants by api number"). The api number the
 * client passes picks the path; the path fixes the purpose, and `type` must be one that path serves:
 *
 * | api | path                               | type                 | purpose                | consumed by                           |
 * |-----|------------------------------------|----------------------|------------------------|---------------------------------------|
 * | 1   | POST /api/user/send                | RawPhone (default)   | login                  | user/fast_login, user/register        |
 * | 2   | POST /api/user/send/login          | BindPhone (default)  | bind                   | user/bind_phone (WeChat need_bind)    |
 * | 3   | POST /api/user/fast_send           | ResetPwd (default)   | reset                  | user/reset_pwd                        |
 * | 4   | POST /api/send_user_update_phone   | OldPhone (default) / NewPhone | change_old / change_new | verify_raw_code / update_user_phone |
 * | 5   | POST /api/user/send                | UnBind               | unbind                 | the child account's un_bind           |
 * | 6   | POST /api/user/send                | CloseAccount         | close                  | user/close_account (注销账号)          |
 */
export const smsSendTypeSchema = z.enum([
  'RawPhone',
  'BindPhone',
  'ResetPwd',
  'OldPhone',
  'NewPhone',
  'UnBind',
  'CloseAccount',
]);
export type SmsSendType = z.infer<typeof smsSendTypeSchema>;

export const smsSendBodySchema = z.object({
  phone: sendPhoneSchema,
  /** The solved captcha (`randstr` = puzzle id); missing or spent answers 660. */
  randstr: z.string().trim().max(64).optional(),
  ticket: z.string().trim().max(CAPTCHA_TICKET_MAX).optional(),
  /** Defaults to the path's own type (table above). */
  type: smsSendTypeSchema.optional(),
});
export type SmsSendBody = z.infer<typeof smsSendBodySchema>;

/** The send paths by the client's api number (table above). */
export const smsSendApi = {
  1: { path: '/api/user/send', type: 'RawPhone' },
  2: { path: '/api/user/send/login', type: 'BindPhone' },
  3: { path: '/api/user/fast_send', type: 'ResetPwd' },
  4: { path: '/api/send_user_update_phone', type: 'OldPhone' },
  5: { path: '/api/user/send', type: 'UnBind' },
  6: { path: '/api/user/send', type: 'CloseAccount' },
} as const satisfies Record<number, { path: string; type: SmsSendType }>;

/** A successful send: 发送成功, and how long the client counts down. */
export const smsSendResultSchema = z.object({ countdown: z.number().int() });

/**
 * The 500 refusal of a send within the countdown is `发送过于频繁,N` (002 §8): the client splits the
 * message on the comma and counts down N seconds.
 */
export function smsTooFrequentMessage(secondsLeft: number): string {
  return `发送过于频繁,${secondsLeft}`;
}

/** Splits such a refusal's message into its words and the seconds to wait; null for another message. */
export function readTooFrequent(message: string): { message: string; seconds: number } | null {
  const match = /^(.*)[,，]\s*(\d+)\s*$/.exec(message);
  const seconds = Number(match?.[2]);
  return match && seconds > 0 ? { message: match[1]?.trim() || message, seconds } : null;
}

// ---------------------------------------------------------------------------------------------------
// Login, registration, password

/** `POST /api/user/fast_login`: code login, registering the phone when it is new. */
export const fastLoginBodySchema = z.object({
  ...phoneCodeFields,
  ...adClickFields,
});
export type FastLoginBody = z.infer<typeof fastLoginBodySchema>;

/** `POST /api/user/register`: a new account with a code (api 1) and a password in one step. */
export const registerBodySchema = z.object({
  ...phoneCodeFields,
  pwd: encryptedPasswordSchema,
  ...adClickFields,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** `POST /api/user/login`: password login; every failure is the one generic answer (001 §4). */
export const passwordLoginBodySchema = z.object({
  phone: phoneSchema,
  pwd: encryptedPasswordSchema,
});
export type PasswordLoginBody = z.infer<typeof passwordLoginBodySchema>;

/** `POST /api/user/perfect` (logged in): sets the first password of an account made by code login. */
export const perfectBodySchema = z.object({ pwd: encryptedPasswordSchema });
export type PerfectBody = z.infer<typeof perfectBodySchema>;

/** Login result (001 §3). `reg` is true when this call created the account. */
export const loginResultSchema = z.object({
  token: z.string(),
  user_id: z.number().int(),
  reg: z.boolean(),
  user_info: z.object({ token: z.string() }),
  /** Present (true) when this login withdrew the account's closure request (docs/accounts.md, 注销账号). */
  closure_cancelled: z.literal(true).optional(),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** The one answer (code 300) to a wrong phone or password; the client only stops loading. */
export const PASSWORD_LOGIN_FAILED_MESSAGE = '手机号或密码错误';

/** `GET /api/user/public_key`: the key the browser encrypts `pwd` with (Web Crypto `importKey('spki')`). */
export const publicKeySchema = z.object({
  /** SubjectPublicKeyInfo, DER, base64. */
  public_key: z.string(),
  algorithm: z.literal('RSA-OAEP'),
  hash: z.literal('SHA-256'),
});
export type PublicKey = z.infer<typeof publicKeySchema>;

// ---------------------------------------------------------------------------------------------------
// Bind phone, reset password, change phone

/** `POST /api/user/bind_phone`: WeChat need_bind path; `open_id` comes from the QR poll. */
export const bindPhoneBodySchema = z.object({
  ...phoneCodeFields,
  open_id: requiredTextSchema('微信授权已失效，请重新扫码').max(128),
});
export type BindPhoneBody = z.infer<typeof bindPhoneBodySchema>;

/** Bind result: the client stores the token and shows 绑定成功. */
export const bindPhoneResultSchema = z.object({ token: z.string(), user_id: z.number().int() });

/** `POST /api/user/reset_pwd`: when logged in the phone must be the account's own (locked field). */
export const resetPasswordBodySchema = z.object({
  ...phoneCodeFields,
  pwd: encryptedPasswordSchema,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** `POST /api/verify_raw_code` (logged in): the code sent to the current phone (type OldPhone). */
export const verifyRawCodeBodySchema = z.object({ code: smsCodeSchema });

/** Proof that the current phone was verified; valid 10 minutes and only while the phone is unchanged. */
export const verifyRawCodeResultSchema = z.object({ verify_token: z.string() });

/** `POST /api/update_user_phone` (logged in): the new phone, its code (type NewPhone) and the proof. */
export const updateUserPhoneBodySchema = z.object({
  ...phoneCodeFields,
  verify_token: requiredTextSchema('请先验证原手机号').max(512),
});
export type UpdateUserPhoneBody = z.infer<typeof updateUserPhoneBodySchema>;

/** `GET /api/user/bind_wx` (001 §7, the bind-WeChat check): the personal centre's WeChat line. */
export const bindWxResultSchema = z.object({ bound: z.boolean() });
export type BindWxResult = z.infer<typeof bindWxResultSchema>;

// ---------------------------------------------------------------------------------------------------
// Conversions, cross-site login

/** `POST /api/bd/conversion` (logged in): the client's paid-search report; once per user and kind. */
export const conversionBodySchema = z.object({
  bd_vid: requiredTextSchema('缺少推广点击标识').max(256),
  bd_vid_time: z.coerce.number({ error: '缺少推广点击时间' }).int().nonnegative(),
  kind: z.enum(['register', 'pay']).default('register'),
});
export type ConversionBody = z.infer<typeof conversionBodySchema>;

/** `created` is false when the conversion was already on record or the click is older than 24 h. */
export const conversionResultSchema = z.object({ created: z.boolean() });

/**
 * The sister product's hand-over token: `base64url(JSON {phone, exp}) + '.' + base64url(HMAC-SHA256)`
 * over the first part with DCC_SHARED_SECRET; `exp` in seconds, at most 5 minutes ahead; single use.
 */
export const dccTokenQuerySchema = z.object({
  token: requiredTextSchema('登录凭证无效或已过期').max(1024),
});

/** `GET /api/user/dcc_login_log`: what the confirm dialog needs before the hand-over is used. */
export const dccPreviewSchema = z.object({
  /** The phone, masked (138****5678). */
  phone: z.string(),
  /** True when no account exists yet: the "auto-register and link" wording applies. */
  reg: z.boolean(),
});

// ---------------------------------------------------------------------------------------------------

export const AccountPath = {
  captchaConfig: '/api/captcha/config',
  captchaNew: '/api/captcha/new',
  captchaVerify: '/api/captcha/verify',
  sliderCheck: '/api/slider_c',
  send: '/api/user/send',
  sendLogin: '/api/user/send/login',
  fastSend: '/api/user/fast_send',
  sendUpdatePhone: '/api/send_user_update_phone',
  fastLogin: '/api/user/fast_login',
  register: '/api/user/register',
  login: '/api/user/login',
  perfect: '/api/user/perfect',
  publicKey: '/api/user/public_key',
  bindPhone: '/api/user/bind_phone',
  resetPassword: '/api/user/reset_pwd',
  verifyRawCode: '/api/verify_raw_code',
  updateUserPhone: '/api/update_user_phone',
  logout: '/api/user/out',
  userInfo: '/api/user/info',
  /** GET (logged in): whether a WeChat account is bound for QR login ({@link bindWxResultSchema}). */
  bindWx: '/api/user/bind_wx',
  dccLogin: '/api/user/dcc_login',
  dccLoginLog: '/api/user/dcc_login_log',
  conversion: '/api/bd/conversion',
} as const;
