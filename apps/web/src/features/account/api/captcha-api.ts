import {
  AccountPath,
  type CaptchaConfig,
  type CaptchaPuzzle,
  type CaptchaResult,
  type CaptchaVerifyBody,
} from '@dso/contract';
import { request } from '../../../lib/api/client';

/** `GET /api/captcha/config`: which captcha to show (the built-in slider, or Tencent's widget). */
export function fetchCaptchaConfig() {
  return request<CaptchaConfig>(AccountPath.captchaConfig);
}

/** `GET /api/captcha/new`: a fresh slider puzzle. */
export function fetchCaptchaPuzzle() {
  return request<CaptchaPuzzle>(AccountPath.captchaNew);
}

/**
 * `POST /api/captcha/verify`. A miss answers 300, which the captcha dialog shows in its own words
 * instead of a toast, so the policy takes 300 over.
 */
export function verifyCaptcha(body: CaptchaVerifyBody) {
  return request<CaptchaResult>(AccountPath.captchaVerify, { method: 'POST', body, handles: [300] });
}
