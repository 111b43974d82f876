import { createHash, randomInt } from 'node:crypto';
import { Code } from '@dso/contract';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { SmsProvider, SmsPurpose } from '../../../providers/sms';
import { accountLimits } from '../account.limits';
import * as repository from './sms-code.repository';

const limits = accountLimits.sms;

/** Six random digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes are stored hashed with their phone and purpose, so a database read shows no live code and a
 * hash cannot be replayed for another phone. Six digits are guessable offline; the hash only has to
 * outlive the code's five minutes.
 */
export function hashCode(phone: string, purpose: SmsPurpose, code: string): string {
  return createHash('sha256').update(`${phone}:${purpose}:${code}`).digest('hex');
}

/** Stores a new code for a phone and purpose and returns it for sending. */
export async function issueCode(options: { db: Database; phone: string; purpose: SmsPurpose; ip: string; now: Date }) {
  const code = newCode();
  await repository.insertCode(options.db, {
    phone: options.phone,
    purpose: options.purpose,
    codeHash: hashCode(options.phone, options.purpose, code),
    expiresAt: new Date(options.now.getTime() + limits.codeTtlMs),
    ip: options.ip,
  });
  return code;
}

/**
 * Checks and consumes the newest code of a phone and purpose, or answers 300 with why not. The public
 * entry for every form that takes a code (the child account's unbind uses purpose 'unbind').
 */
export async function consumeCode(options: {
  db: Database;
  phone: string;
  purpose: SmsPurpose;
  code: string;
  now?: Date;
}): Promise<void> {
  const { db, phone, purpose } = options;
  const now = options.now ?? new Date();
  const latest = await repository.findLatestCode(db, phone, purpose);
  if (!latest) throw codeFailure('验证码已失效，请重新获取');
  const tried = await repository.tryCode(db, {
    id: latest.id,
    codeHash: hashCode(phone, purpose, options.code.trim()),
    now,
    maxWrongTries: limits.maxWrongTries,
  });
  if (tried?.consumedAt) return;
  const attempts = tried?.attempts ?? latest.attempts;
  if (attempts >= limits.maxWrongTries) throw codeFailure('验证码错误次数过多，请重新获取');
  if (!tried) throw codeFailure('验证码已失效，请重新获取');
  throw codeFailure('验证码错误');
}

/**
 * Issues a code and sends it, for a form that has already proved who asks (the console's password
 * step): no captcha or per-address counting here, those guard the open send calls. A vendor failure
 * answers 650 短信发送失败 and the code stays unused.
 */
export async function sendCode(options: {
  db: Database;
  sms: SmsProvider;
  phone: string;
  purpose: SmsPurpose;
  ip: string;
  now: Date;
}): Promise<{ expiresInSeconds: number }> {
  const code = await issueCode(options);
  try {
    await options.sms.sendCode({
      phone: options.phone,
      code,
      purpose: options.purpose,
      validMinutes: limits.codeTtlMs / 60_000,
    });
  } catch {
    throw new AppError(Code.SERVER_BUSY, '短信发送失败，请稍后再试');
  }
  return { expiresInSeconds: limits.codeTtlMs / 1000 };
}

function codeFailure(message: string) {
  return new AppError(Code.TOAST, message);
}
