/**
 * The response-code catalogue (spec 002 §8). Server and web import these names; nobody writes a bare
 * number. The web client's response handler maps every code to its user-facing behaviour.
 */
export const Code = {
  /** Success. Any code from 200 to 299 counts as success. */
  OK: 200,
  /** SMS send: close the login dialog and show the message (001 §8). */
  SMS_CLOSE_DIALOG: 205,
  /** A business message the client shows as a toast. */
  TOAST: 300,
  /** Informational notice; shown as a toast. */
  NOTICE: 100,
  /** Malformed or invalid request (validation failure); toast, except the whitelisted messages. */
  BAD_REQUEST: 400,
  /** Not allowed; toast, and the login dialog when there is no token. */
  FORBIDDEN: 403,
  /** Unknown route or missing resource; toast, except the whitelisted messages. */
  NOT_FOUND: 404,
  /** Method not allowed on this path; toast unless the endpoint is whitelisted. */
  METHOD_NOT_ALLOWED: 405,
  /** Unexpected server fault: error dialog serveErr (silent on the home path). */
  SERVER_ERROR: 500,
  /** The client goes back to the home page. */
  GO_HOME: 510,
  /** A business limit refused the operation; toast. */
  LIMITED: 609,
  /** The page's data is not available to this caller; the calling page decides (reject). */
  PAGE_REJECTED: 649,
  /** The server is busy: dialog serveBusy (刷新试试). */
  SERVER_BUSY: 650,
  /** Client integrity failed (signature, version marker): dialog jsErr (信息走失啦，刷新试试吧). */
  CLIENT_INTEGRITY: 652,
  /** Human verification required: the slider captcha opens once until a success. */
  CAPTCHA_REQUIRED: 660,
  /** Too many requests from this address: dialog ipBusy, blocked for 24 hours. */
  IP_BUSY: 661,
  /** Data is still being prepared; the caller decides (reject). */
  DATA_PENDING: 700,
  /** Token missing or invalid: clear token and user; open login when the message asks for it. */
  TOKEN_INVALID: 800,
  /** Token expired: clear the token. */
  TOKEN_EXPIRED: 801,
  /** This session was kicked by a newer login: dialog account (重新登录). */
  KICKED: 803,
  /** A feature needs a higher grade; the caller decides (reject). */
  NEEDS_UPGRADE: 810,
} as const;

export type CodeName = keyof typeof Code;
export type CodeValue = (typeof Code)[CodeName];

/** True for the 200–299 success range. */
export function isSuccessCode(code: number): boolean {
  return code >= 200 && code < 300;
}

/** Default texts the server sends with each code when nothing more specific applies. */
export const defaultMessages: Record<CodeValue, string> = {
  [Code.OK]: 'success',
  [Code.SMS_CLOSE_DIALOG]: '请稍后再试',
  [Code.TOAST]: '操作失败，请稍后再试',
  [Code.NOTICE]: '提示',
  [Code.BAD_REQUEST]: '参数错误',
  [Code.FORBIDDEN]: '请先登录',
  [Code.NOT_FOUND]: '请求的内容不存在',
  [Code.METHOD_NOT_ALLOWED]: '请求方式不支持',
  [Code.SERVER_ERROR]: '好像哪里出错了，稍后试试吧',
  [Code.GO_HOME]: '页面不存在',
  [Code.LIMITED]: '操作过于频繁，请稍后再试',
  [Code.PAGE_REJECTED]: '暂无权限查看',
  [Code.SERVER_BUSY]: '服务器繁忙，刷新试试',
  [Code.CLIENT_INTEGRITY]: '信息走失啦，刷新试试吧',
  [Code.CAPTCHA_REQUIRED]: '请完成安全验证',
  [Code.IP_BUSY]: '访问过于频繁，24小时后可继续访问哦',
  [Code.DATA_PENDING]: '数据正在准备中，请稍后再试',
  [Code.TOKEN_INVALID]: '请先登录',
  [Code.TOKEN_EXPIRED]: '登录已过期，请重新登录',
  [Code.KICKED]: '您的账号已在其他设备登录，您已被迫下线',
  [Code.NEEDS_UPGRADE]: '权限不足，升级会员版本可查看更多数据~',
};
