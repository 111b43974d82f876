import type { Database } from '../../db/client';
import { accountLimits } from '../../features/account/account.limits';
import { findUsableTicket, spendTicket } from '../../features/account/captcha/captcha.repository';
import type { CaptchaAnswer, CaptchaProvider } from './index';

/**
 * The built-in slider puzzle (features/account/captcha/captcha.*): its tickets are rows of `captchas`, good for
 * five minutes after the solve and spent by one send.
 */
export function createSandboxCaptcha({ db }: { db: Database }): CaptchaProvider {
  const solvedAfter = (now: Date) => new Date(now.getTime() - accountLimits.captcha.ticketTtlMs);
  const refused = { ok: false, reason: 'invalid' } as const;
  return {
    name: 'sandbox',
    client: { provider: 'sandbox' },
    pageOrigins: [],
    checkSpendsTicket: false,
    async check({ randstr, ticket, now }: CaptchaAnswer) {
      return (await findUsableTicket(db, randstr, ticket, solvedAfter(now))) ? { ok: true } : refused;
    },
    async redeem({ randstr, ticket, now }: CaptchaAnswer) {
      return (await spendTicket(db, randstr, ticket, solvedAfter(now), now)) ? { ok: true } : refused;
    },
  };
}
