import type { CaptchaResult } from '@dso/contract';
import { create } from 'zustand';
import { registerCaptchaChallenge } from '../../lib/api/response-handler';
import { toast } from '../../lib/feedback';
import { reloadPage } from './reload-page';

/** Rejection of {@link requestCaptcha} when the user closes the puzzle unsolved. */
export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

interface CaptchaDialogState {
  open: boolean;
  /** `request`: an SMS send waits for the answer; `challenge`: a 660 answer, the page reloads after. */
  mode: 'request' | 'challenge';
}

export const useCaptchaDialog = create<CaptchaDialogState>(() => ({ open: false, mode: 'request' }));

let waiting: { resolve(result: CaptchaResult): void; reject(error: unknown): void } | null = null;
/** A 660 challenge shows the puzzle once; later 660s only toast until one is solved (002 §8). */
let challengeShown = false;

/**
 * Opens the slider captcha and resolves with the solved pair (`randstr`, `ticket`) that one SMS send
 * spends (001 §4). A second request while one is open joins it rather than stacking dialogs.
 */
export function requestCaptcha(): Promise<CaptchaResult> {
  return new Promise<CaptchaResult>((resolve, reject) => {
    const previous = waiting;
    waiting = {
      resolve(result) {
        previous?.resolve(result);
        resolve(result);
      },
      reject(error) {
        previous?.reject(error);
        reject(error);
      },
    };
    useCaptchaDialog.setState({ open: true, mode: 'request' });
  });
}

/** Called by the dialog when the server accepted the drag. */
export function completeCaptcha(result: CaptchaResult) {
  const { mode } = useCaptchaDialog.getState();
  useCaptchaDialog.setState({ open: false });
  challengeShown = false;
  const current = waiting;
  waiting = null;
  current?.resolve(result);
  // A challenge stopped whatever the page was doing; starting it again is the simple, safe retry.
  if (mode === 'challenge') reloadPage();
}

/** Called by the dialog when it is closed unsolved. */
export function cancelCaptcha() {
  useCaptchaDialog.setState({ open: false });
  const current = waiting;
  waiting = null;
  current?.reject(new CaptchaCancelled());
}

/** The response handler's 660 hook (002 §8): shown once until a success, a toast otherwise. */
export function handleCaptchaChallenge(message: string) {
  const { open } = useCaptchaDialog.getState();
  if (open) return;
  if (challengeShown) {
    toast(message);
    return;
  }
  challengeShown = true;
  useCaptchaDialog.setState({ open: true, mode: 'challenge' });
}

/** Connects the 660 challenge to the captcha dialog; the app does it once when the dialogs mount. */
export function installCaptchaChallenge() {
  registerCaptchaChallenge(handleCaptchaChallenge);
}

/** Test hook: forget the challenge state between tests. */
export function resetCaptchaState() {
  waiting = null;
  challengeShown = false;
  useCaptchaDialog.setState({ open: false, mode: 'request' });
}
