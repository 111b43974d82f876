import { type CaptchaResult, Code, type SmsSendType, smsSendApi } from '@dso/contract';
import { request } from '../../../lib/api/client';

/** The client's api number of a send variant (contract `smsSendApi`): 1 login … 5 unbind. */
export type SmsApi = keyof typeof smsSendApi;

export interface SendSmsCodeOptions {
  api: SmsApi;
  phone: string;
  captcha: CaptchaResult;
  /** Overrides the variant's own type (api 4 sends OldPhone or NewPhone). */
  type?: SmsSendType;
}

/**
 * Sends a code through one of the five variants. The button handles 205 (close the login dialog),
 * the 500 countdown refusal and 660 (solve the captcha again) itself, as 001 §4 and 002 §8 describe.
 */
export function sendSmsCode({ api, phone, captcha, type }: SendSmsCodeOptions) {
  const variant = smsSendApi[api];
  return request<{ countdown: number }>(variant.path, {
    method: 'POST',
    body: { phone, randstr: captcha.randstr, ticket: captcha.ticket, type: type ?? variant.type },
    handles: [Code.SMS_CLOSE_DIALOG, Code.SERVER_ERROR, Code.CAPTCHA_REQUIRED],
  });
}
