import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  loadTencentCaptcha,
  resetTencentCaptcha,
  showTencentCaptcha,
  type TencentCaptchaAnswer,
  type TencentCaptchaClass,
  TencentCaptchaLoadError,
} from './tencent-captcha';

const SCRIPT = 'https://turing.captcha.qcloud.com/TCaptcha.js';

/** A stand-in for the class TCaptcha.js defines, recording what the page does with it. */
function fakeTencentCaptcha() {
  const made: Array<{ appId: string; options: unknown; callback: (answer: TencentCaptchaAnswer) => void }> = [];
  const shows: number[] = [];
  const FakeCaptcha = class {
    constructor(appId: string, callback: (answer: TencentCaptchaAnswer) => void, options?: unknown) {
      made.push({ appId, callback, options });
    }
    show() {
      shows.push(made.length);
    }
  } as TencentCaptchaClass;
  return { FakeCaptcha, made, shows };
}

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src="${SCRIPT}"]`)];

describe('the TCaptcha.js loader', () => {
  beforeEach(() => {
    resetTencentCaptcha();
    delete window.TencentCaptcha;
    for (const script of scripts()) script.remove();
  });
  afterEach(() => {
    delete window.TencentCaptcha;
  });

  it('adds the script once and resolves with window.TencentCaptcha when it has loaded', async () => {
    const { FakeCaptcha } = fakeTencentCaptcha();
    const first = loadTencentCaptcha(SCRIPT);
    const second = loadTencentCaptcha(SCRIPT);
    expect(scripts()).toHaveLength(1);
    window.TencentCaptcha = FakeCaptcha;
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(FakeCaptcha);
    await expect(second).resolves.toBe(FakeCaptcha);
    await expect(loadTencentCaptcha(SCRIPT)).resolves.toBe(FakeCaptcha);
    expect(scripts()).toHaveLength(1);
  });

  it('fails with a Chinese message when the script cannot load, and tries again next time', async () => {
    const failed = loadTencentCaptcha(SCRIPT);
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(TencentCaptchaLoadError);
    await expect(failed).rejects.toThrow('验证码加载失败，请检查网络后重试');
    expect(scripts()).toHaveLength(0);
    void loadTencentCaptcha(SCRIPT).catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });

  it('shows the widget with the app id and answers the pair on ret 0', async () => {
    const { FakeCaptcha, made, shows } = fakeTencentCaptcha();
    window.TencentCaptcha = FakeCaptcha;
    const answer = showTencentCaptcha({ app_id: '190000001', script_url: SCRIPT });
    await vi.waitFor(() => expect(shows).toEqual([1]));
    expect(made[0]).toMatchObject({ appId: '190000001' });
    made[0]!.callback({ ret: 0, ticket: 'tr0ticket', randstr: '@abc', errorCode: undefined });
    await expect(answer).resolves.toEqual({ ticket: 'tr0ticket', randstr: '@abc' });
  });

  it('answers null when the user closes the widget or it gives no ticket', async () => {
    const { FakeCaptcha, made } = fakeTencentCaptcha();
    window.TencentCaptcha = FakeCaptcha;
    const closed = showTencentCaptcha({ app_id: '1', script_url: SCRIPT });
    await vi.waitFor(() => expect(made).toHaveLength(1));
    made[0]!.callback({ ret: 2, ticket: null });
    await expect(closed).resolves.toBeNull();
    const empty = showTencentCaptcha({ app_id: '1', script_url: SCRIPT });
    await vi.waitFor(() => expect(made).toHaveLength(2));
    made[1]!.callback({ ret: 0, ticket: '', randstr: '' });
    await expect(empty).resolves.toBeNull();
  });
});
