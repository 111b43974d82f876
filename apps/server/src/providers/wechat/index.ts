/** A login QR as the vendor issued it. */
export interface WechatLoginQr {
  /** The text the QR encodes; the web client draws the QR from it. */
  qrCodeUrl: string;
  /** Seconds the vendor keeps the QR valid. */
  expireSeconds: number;
}

/** An incoming vendor request: its query string and its raw body. */
export interface WechatCallback {
  query: Record<string, unknown>;
  body: string;
}

/** What a vendor event means for QR login. */
export type WechatEvent =
  /** Someone scanned (and so confirmed) the QR of `sceneId`. */
  | { kind: 'scan'; sceneId: string; openId: string }
  /** The scanner declined the login (the sandbox page's 取消; WeChat itself has no such event). */
  | { kind: 'cancel'; sceneId: string }
  /** Authentic, but nothing to do with login (a plain follow, a chat message). */
  | { kind: 'ignored' }
  /** Not signed by the vendor. */
  | { kind: 'forged' };

/** One interface for the ways of logging in by WeChat; the sandbox is the default. */
export interface WechatLoginProvider {
  readonly name: 'sandbox' | 'official';
  /**
   * Issues a login QR whose scan will report `sceneId`. `origin` is where the asking browser reached
   * this server (`https://host:port`), for QRs that point back at it.
   */
  createLoginQr(sceneId: string, origin?: string): Promise<WechatLoginQr>;
  /** Reads one vendor event (the official callback, or the sandbox's confirm form). */
  readEvent(callback: WechatCallback): WechatEvent;
  /**
   * WeChat checks a server address by sending `echostr` with a signature; the answer is that echo,
   * or null when the check is not signed with our token.
   */
  answerAddressCheck(query: Record<string, unknown>): string | null;
}

/** The first value of a query parameter as a string ('' when absent). */
export function queryText(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : '';
  return typeof value === 'string' ? value : '';
}
