import { Code, readTooFrequent } from '@dso/contract';
import { accountMessages, PHONE_LENGTH, phoneCheckBeforeSend } from '@dso/domain';
import { ApiError } from '../../lib/api/errors';

/** What the send button does before asking for a code (001 §5). */
export type SendPrecheck = { kind: 'go'; phone: string } | { kind: 'skip' } | { kind: 'refuse'; message: string };

/**
 * Phone checks before a send (001 §5): empty gives 手机号码不能为空！; fewer than 11 digits does nothing
 * (the user is still typing); 11 digits of the wrong shape give 请输入有效的手机号码！.
 */
export function precheckSend(phone: string): SendPrecheck {
  const value = phone.trim();
  if (value === '') return { kind: 'refuse', message: accountMessages.phoneEmptyBeforeSend };
  if (value.length < PHONE_LENGTH) return { kind: 'skip' };
  const problem = phoneCheckBeforeSend(value);
  return problem ? { kind: 'refuse', message: problem } : { kind: 'go', phone: value };
}

/** How a refused send is shown (001 §4, 002 §8). */
export type SendFailure =
  | { kind: 'closeLogin'; message: string }
  | { kind: 'wait'; seconds: number; message: string }
  | { kind: 'captcha' }
  | { kind: 'other' };

/**
 * Reads a refused send: 205 closes the login dialog and shows the message; 500 `发送过于频繁,37` is
 * split on the comma into the message and the seconds to count down; 660 asks for the captcha again.
 * Anything else goes back to the general handling.
 */
export function readSendFailure(error: unknown): SendFailure {
  if (!(error instanceof ApiError)) return { kind: 'other' };
  if (error.code === Code.SMS_CLOSE_DIALOG) return { kind: 'closeLogin', message: error.message };
  if (error.code === Code.CAPTCHA_REQUIRED) return { kind: 'captcha' };
  if (error.code === Code.SERVER_ERROR) {
    const wait = readTooFrequent(error.message);
    if (wait) return { kind: 'wait', ...wait };
  }
  return { kind: 'other' };
}
