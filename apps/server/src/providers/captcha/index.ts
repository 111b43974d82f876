import type { CaptchaConfig } from '@dso/contract';

/** What the browser sent back after the captcha: Tencent's callback fields, or the slider's pair. */
export interface CaptchaAnswer {
  randstr: string;
  ticket: string;
  /** The user's address: Tencent weighs it in its risk check. */
  userIp: string;
  now: Date;
}

/**
 * Why an answer was refused: `invalid` (forged, wrong or for another app), `expired`, `used` (a ticket
 * is good once), `risky` (the vendor judged the request malicious), `unavailable` (the vendor could not
 * be asked or failed; not the user's fault).
 */
export type CaptchaRefusal = 'invalid' | 'expired' | 'used' | 'risky' | 'unavailable';

export type CaptchaVerdict = { ok: true } | { ok: false; reason: CaptchaRefusal; detail?: string };

/** One interface for the built-in slider (sandbox, the default) and Tencent Cloud 验证码. */
export interface CaptchaProvider {
  readonly name: 'sandbox' | 'tencent';
  /** What the web app needs to show the captcha (`GET /api/captcha/config`). */
  readonly client: CaptchaConfig;
  /** Origins the page's Content-Security-Policy must allow for the widget's script, frames and calls. */
  readonly pageOrigins: readonly string[];
  /**
   * Whether a ticket can be checked only by spending it. Then a check without spending (`slider_c`)
   * must remember the verdict so the send that follows can spend it.
   */
  readonly checkSpendsTicket: boolean;
  /** Checks an answer and spends its ticket: one answer pays for one SMS send. */
  redeem(answer: CaptchaAnswer): Promise<CaptchaVerdict>;
  /** Checks an answer without spending it, where the vendor allows that (see `checkSpendsTicket`). */
  check(answer: CaptchaAnswer): Promise<CaptchaVerdict>;
}
