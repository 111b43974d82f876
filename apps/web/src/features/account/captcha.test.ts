import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToast } from '../../components/testing/toast-spy';
import {
  CaptchaCancelled,
  cancelCaptcha,
  completeCaptcha,
  handleCaptchaChallenge,
  requestCaptcha,
  resetCaptchaState,
  useCaptchaDialog,
} from './captcha';
import { resetTencentCaptcha, type TencentCaptchaAnswer } from './tencent-captcha';
import { mockApi, ok } from './testing/mock-api';
import { spyOnReload } from './testing/reload-spy';

describe('the captcha requests', () => {
  const toast = spyOnToast();
  const reloadPage = spyOnReload();
  beforeEach(() => {
    resetCaptchaState();
    mockApi({ '/api/captcha/config': ok({ provider: 'sandbox' }) });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the built-in slider dialog when the server uses the sandbox', async () => {
    void requestCaptcha().catch(() => undefined);
    await vi.waitFor(() => expect(useCaptchaDialog.getState()).toMatchObject({ open: true, kind: 'slider' }));
  });

  it('opens the puzzle and resolves with the solved pair', async () => {
    const answer = requestCaptcha();
    expect(useCaptchaDialog.getState()).toMatchObject({ open: true, mode: 'request' });
    completeCaptcha({ randstr: 'p1', ticket: 't1' });
    await expect(answer).resolves.toEqual({ randstr: 'p1', ticket: 't1' });
    expect(useCaptchaDialog.getState().open).toBe(false);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('rejects with CaptchaCancelled when the puzzle is closed unsolved', async () => {
    const answer = requestCaptcha();
    cancelCaptcha();
    await expect(answer).rejects.toBeInstanceOf(CaptchaCancelled);
  });

  it('answers two waiting sends with one solved puzzle', async () => {
    const first = requestCaptcha();
    const second = requestCaptcha();
    completeCaptcha({ randstr: 'p1', ticket: 't1' });
    await expect(first).resolves.toEqual({ randstr: 'p1', ticket: 't1' });
    await expect(second).resolves.toEqual({ randstr: 'p1', ticket: 't1' });
  });

  it('shows a 660 challenge once until it is solved, toasting later ones, and reloads on success', () => {
    handleCaptchaChallenge('请完成安全验证');
    expect(useCaptchaDialog.getState()).toMatchObject({ open: true, mode: 'challenge' });
    handleCaptchaChallenge('请完成安全验证');
    expect(toast).not.toHaveBeenCalled();
    cancelCaptcha();
    handleCaptchaChallenge('请完成安全验证');
    expect(useCaptchaDialog.getState().open).toBe(false);
    expect(toast).toHaveBeenCalledWith('请完成安全验证');

    resetCaptchaState();
    handleCaptchaChallenge('请完成安全验证');
    completeCaptcha({ randstr: 'p2', ticket: 't2' });
    expect(reloadPage).toHaveBeenCalledTimes(1);
    handleCaptchaChallenge('请完成安全验证');
    expect(useCaptchaDialog.getState().open).toBe(true);
  });

  describe('with Tencent Cloud 验证码', () => {
    let shown: Array<{ appId: string; callback: (answer: TencentCaptchaAnswer) => void }>;
    beforeEach(() => {
      shown = [];
      resetTencentCaptcha();
      mockApi({
        '/api/captcha/config': ok({
          provider: 'tencent',
          app_id: '190000001',
          script_url: 'https://turing.captcha.qcloud.com/TCaptcha.js',
        }),
      });
      vi.stubGlobal(
        'TencentCaptcha',
        class {
          constructor(
            readonly appId: string,
            readonly callback: (answer: TencentCaptchaAnswer) => void,
          ) {}
          show() {
            shown.push({ appId: this.appId, callback: this.callback });
          }
        },
      );
    });

    it('shows Tencent’s widget, not the slider, and resolves with its ticket and randstr', async () => {
      const answer = requestCaptcha();
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      expect(shown[0]!.appId).toBe('190000001');
      expect(useCaptchaDialog.getState()).toMatchObject({ open: true, kind: 'tencent' });
      shown[0]!.callback({ ret: 0, ticket: 'tr0abc', randstr: '@xyz' });
      await expect(answer).resolves.toEqual({ ticket: 'tr0abc', randstr: '@xyz' });
      expect(useCaptchaDialog.getState().open).toBe(false);
    });

    it('rejects with CaptchaCancelled when the user closes the widget (ret 2)', async () => {
      const answer = requestCaptcha();
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      shown[0]!.callback({ ret: 2, ticket: null });
      await expect(answer).rejects.toBeInstanceOf(CaptchaCancelled);
    });

    it('shows one widget for two waiting sends', async () => {
      const first = requestCaptcha();
      const second = requestCaptcha();
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      shown[0]!.callback({ ret: 0, ticket: 't', randstr: 'r' });
      await expect(first).resolves.toEqual({ ticket: 't', randstr: 'r' });
      await expect(second).resolves.toEqual({ ticket: 't', randstr: 'r' });
      expect(shown).toHaveLength(1);
    });

    it('reloads the page after a 660 challenge is solved in the widget', async () => {
      handleCaptchaChallenge('请完成安全验证');
      await vi.waitFor(() => expect(shown).toHaveLength(1));
      shown[0]!.callback({ ret: 0, ticket: 't', randstr: 'r' });
      await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    });
  });
});
