import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';

/** Why a code is sent; decides the template and which form may consume it. */
export type SmsPurpose = 'login' | 'bind' | 'reset' | 'change_old' | 'change_new' | 'unbind' | 'close' | 'console';

export interface SendCodeInput {
  phone: string;
  code: string;
  purpose: SmsPurpose;
  /** Minutes until the code expires, for the message text. */
  validMinutes: number;
}

/** One interface for every SMS vendor; the sandbox is the default. */
export interface SmsProvider {
  readonly name: string;
  sendCode(input: SendCodeInput): Promise<{ messageId: string | null }>;
}

export interface SmsProviderDeps {
  db: Database;
  log: FastifyBaseLogger;
}

/** The message text used by every provider that sends free text (the sandbox, and vendor templates mirror it). */
export function codeMessage(input: SendCodeInput): string {
  return `【DSO】您的验证码为${input.code}，${input.validMinutes}分钟内有效，请勿泄露给他人。`;
}
