/**
 * The notification provider (rank monitoring's alerts of big moves): where an alert goes besides
 * the user's in-app list, which every alert is written to whatever the provider. The sandbox (the default,
 * NOTIFICATION_PROVIDER=sandbox) sends nothing out: it keeps the messages it would have sent in memory and
 * the log, so the in-app list is the only place alerts show. The real adapter (`wecom`) posts to a 企业微信
 * group robot's webhook (POST /cgi-bin/webhook/send?key=KEY, msgtype markdown), the key being the one the
 * user pasted in their alert settings. docs/monitoring.md, "Alerts".
 */

/** A message to one group: markdown for the group, and the same as plain text where markdown is not read. */
export interface NotificationMessage {
  /** 企业微信's markdown subset (headings, bold, quotes, links, <font color="info|comment|warning">). */
  markdown: string;
}

/** Where a message goes: a group robot's webhook key (the `key` of its webhook address). */
export interface NotificationTarget {
  webhookKey: string;
}

/** Why a message could not be delivered. */
export type NotificationErrorReason =
  /** The vendor refused this message or this key (a wrong or removed robot): sending again will not help. */
  | 'refused'
  /** Too many messages to this robot (企业微信 allows 20 a minute): later may work. */
  | 'rate_limited'
  /** Down, timed out, or answered something unreadable: later may work. */
  | 'unavailable';

export class NotificationError extends Error {
  constructor(
    readonly reason: NotificationErrorReason,
    message: string,
    /** The vendor's error code (企业微信's errcode), when it answered one. */
    readonly vendorCode?: number,
  ) {
    super(message);
    this.name = 'NotificationError';
  }

  /** Whether a later attempt may succeed. */
  get isRetryable(): boolean {
    return this.reason !== 'refused';
  }
}

/** One interface for the sandbox and the 企业微信 robot. */
export interface NotificationProvider {
  /** 'sandbox' or 'wecom'. */
  readonly name: string;
  /** Whether messages leave the product (false: the in-app list is the only place they show). */
  readonly pushes: boolean;
  /** Delivers one message; throws {@link NotificationError} when it was not delivered. */
  send(target: NotificationTarget, message: NotificationMessage): Promise<void>;
}

/**
 * A robot's key as the user may paste it: the whole webhook address
 * (https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…) or the key alone. Only the key is kept: messages
 * are always posted to the configured 企业微信 address, so a pasted address can never send our requests
 * elsewhere. Returns null for anything else.
 */
export function parseWebhookKey(input: string): string | null {
  const text = input.trim();
  if (keyPattern.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'qyapi.weixin.qq.com') return null;
  if (url.pathname !== '/cgi-bin/webhook/send') return null;
  const key = url.searchParams.get('key') ?? '';
  return keyPattern.test(key) ? key : null;
}

/** 企业微信 keys are UUIDs; allow any similar token so a format change on their side does not lock users out. */
const keyPattern = /^[A-Za-z0-9-]{16,64}$/;

/** A key as the settings show it once saved: its last four characters. */
export function maskWebhookKey(key: string): string {
  return key ? `****${key.slice(-4)}` : '';
}
