import { SMS_RESEND_SECONDS, type SmsSendType } from '@dso/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api/errors';
import { applyFailure } from '../../../lib/api/response-handler';
import { toast } from '../../../lib/feedback';
import { useCountdown } from '../../../lib/use-countdown';
import { useDialogs } from '../../../stores/dialogs';
import { type SmsApi, sendSmsCode } from '../api/sms-api';
import { CaptchaCancelled, requestCaptcha } from '../captcha';
import { precheckSend, readSendFailure } from '../sms-send';

export interface SmsCodeButtonProps {
  phone: string;
  /** The send variant by api number (contract `smsSendApi`). */
  api: SmsApi;
  type?: SmsSendType;
  /** 获取验证码 by default; some forms say 发送验证码 (002 §8). */
  idleText?: '获取验证码' | '发送验证码';
  /** `full`: 获取验证码(Ns); `short`: Ns (001 §4). */
  countdown?: 'full' | 'short';
  /** `link` sits inside an input; `button` stands on its own. */
  variant?: 'link' | 'button';
  disabled?: boolean;
  onSent?(): void;
}

/**
 * The SMS code button (001 §4, 002 §8): phone checks, the slider captcha, the send, then 发送成功 and
 * a 60 s countdown with the button disabled, then 重新发送. 205 closes the login dialog and shows the
 * message; 500 `发送过于频繁,N` counts N seconds down and shows the message for 2 s.
 */
export function SmsCodeButton({
  phone,
  api,
  type,
  idleText = '获取验证码',
  countdown = 'full',
  variant = 'link',
  disabled = false,
  onSent,
}: SmsCodeButtonProps) {
  const { seconds, start, mounted } = useCountdown();
  const [sentOnce, setSentOnce] = useState(false);
  const [sending, setSending] = useState(false);

  const startCountdown = (from: number) => {
    if (!mounted.current) return;
    setSentOnce(true);
    start(from);
  };

  const send = async () => {
    if (sending || seconds > 0) return;
    const check = precheckSend(phone);
    if (check.kind === 'refuse') toast(check.message, 'error', 1000);
    if (check.kind !== 'go') return;
    setSending(true);
    try {
      // A 660 on the send means the captcha pair was not good (spent, too old): one more puzzle.
      for (let attempt = 1; ; attempt++) {
        const captcha = await requestCaptcha();
        try {
          const result = await sendSmsCode({ api, phone: check.phone, captcha, ...(type ? { type } : {}) });
          toast('发送成功', 'success', 2000);
          startCountdown(result?.countdown || SMS_RESEND_SECONDS);
          onSent?.();
          return;
        } catch (error) {
          if (attempt < 2 && readSendFailure(error).kind === 'captcha') continue;
          throw error;
        }
      }
    } catch (error) {
      if (!(error instanceof CaptchaCancelled)) showFailure(error);
    } finally {
      if (mounted.current) setSending(false);
    }
  };

  const showFailure = (error: unknown) => {
    const failure = readSendFailure(error);
    if (failure.kind === 'closeLogin') {
      useDialogs.getState().closeDialog('login');
      toast(failure.message, 'warning', 2000);
    } else if (failure.kind === 'wait') {
      startCountdown(failure.seconds);
      toast(failure.message, 'error', 2000);
    } else if (error instanceof ApiError) {
      // Not one of the send's own cases: the general handling of 002 §8 applies after all.
      applyFailure({ code: error.code, msg: error.message, data: error.data });
    }
  };

  const counting = seconds > 0;
  const label = counting
    ? countdown === 'full'
      ? `${idleText}(${seconds}s)`
      : `${seconds}s`
    : sentOnce
      ? '重新发送'
      : idleText;
  return (
    <Button
      type={variant === 'link' ? 'link' : 'default'}
      size={variant === 'link' ? 'small' : 'large'}
      className={`dso-sms-button dso-sms-button--${variant}`}
      disabled={disabled || counting}
      loading={sending}
      onClick={() => void send()}
      data-testid="sms-code-button"
    >
      {label}
    </Button>
  );
}
