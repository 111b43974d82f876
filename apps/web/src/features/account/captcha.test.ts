import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import * as feedback from '../../lib/feedback';
import {
  CaptchaCancelled,
  cancelCaptcha,
  completeCaptcha,
  handleCaptchaChallenge,
  requestCaptcha,
  resetCaptchaState,
  useCaptchaDialog,
} from './captcha';
import * as reload from './reload-page';

describe('the captcha requests', () => {
  let toast: MockInstance<typeof feedback.toast>;
  let reloadPage: MockInstance<typeof reload.reloadPage>;
  beforeEach(() => {
    resetCaptchaState();
    toast = vi.spyOn(feedback, 'toast').mockImplementation(() => undefined);
    reloadPage = vi.spyOn(reload, 'reloadPage').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
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
});
