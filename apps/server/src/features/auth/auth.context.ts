import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { CaptchaProvider } from '../../providers/captcha';
import type { SmsProvider } from '../../providers/sms';
import type { PasswordKey } from './server-keys.service';

/** What the accounts services share: built once in `authRoutes`. */
export interface AuthContext {
  db: Database;
  config: AppConfig;
  store: RateLimitStore;
  log: FastifyBaseLogger;
  /** Read at call time, so a provider replaced after start-up (tests) is the one used. */
  sms(): SmsProvider;
  captcha(): CaptchaProvider;
  passwordKey(): Promise<PasswordKey>;
  tokenSecret(): Promise<Buffer>;
  /**
   * Whether the account is a child account (an active link or a pending invite to its phone). The
   * sub-accounts feature answers; it is handed in at app build so that auth never imports it.
   */
  isChildAccount(user: { id: number; phone: string }): Promise<boolean>;
}

/** Where a request came from: recorded on sessions and used as the key of per-address limits. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}
