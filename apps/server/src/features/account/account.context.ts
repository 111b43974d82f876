import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { RateLimitStore } from '../../lib/rate-limit';
import type { CaptchaProvider } from '../../providers/captcha';
import type { SmsProvider } from '../../providers/sms';
import type { PasswordKey } from './login/server-keys.service';

/** What the account's services share: built once in `accountRoutes`, handed to each part's routes. */
export interface AccountContext {
  db: Database;
  config: AppConfig;
  store: RateLimitStore;
  log: FastifyBaseLogger;
  /** Read at call time, so a provider replaced after start-up (tests) is the one used. */
  sms(): SmsProvider;
  captcha(): CaptchaProvider;
  passwordKey(): Promise<PasswordKey>;
  tokenSecret(): Promise<Buffer>;
  /** Whether the account is a child account (an active link or a pending invite to its phone). */
  isChildAccount(user: { id: number; phone: string }): Promise<boolean>;
}

/** Where a request came from: recorded on sessions and used as the key of per-address limits. */
export interface RequestOrigin {
  ip: string;
  userAgent: string | null;
}

/** The request's origin: its address and (at most 512 characters of) its user agent. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}
