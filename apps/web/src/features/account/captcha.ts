import type { CaptchaConfig, CaptchaResult } from '@dso/contract';
import { create } from 'zustand';
import { registerCaptchaChallenge } from '../../lib/api/response-handler';
import { toast } from '../../lib/feedback';
import { fetchCaptchaConfig } from './api/captcha-api';
import { reloadPage } from './reload-page';
import { showTencentCaptcha, TencentCaptchaLoadError } from './tencent-captcha';

/** Rejection of {@link requestCaptcha} when the user closes the puzzle unsolved. */
export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

interface CaptchaDialogState {
  /** A captcha is being shown (or its configuration fetched): no second one opens meanwhile. */
  open: boolean;
  /** `request`: an SMS send waits for the answer; `challenge`: a 660 answer, the page reloads after. */
  mode: 'request' | 'challenge';
  /** Which captcha shows: the built-in slider dialog, or Tencent's widget; null while the server is asked. */
  kind: 'slider' | 'tencent' | null;
}

export const useCaptchaDialog = create<CaptchaDialogState>(() => ({ open: false, mode: 'request', kind: null }));

let config: Promise<CaptchaConfig> | null = null;

/** Which captcha the server uses, asked once per page (a failed ask is asked again next time). */
function loadCaptchaConfig(): Promise<CaptchaConfig> {
  config ??= fetchCaptchaConfig().catch((error: unknown) => {
    config = null;
    throw error;
  });
  return config;
}

/**
 * Shows the captcha the server chose. The slider is the dialog (which calls back itself); Tencent's
 * widget is shown here and its callback ends the request: solved, or closed (`ret` 2).
 */
async function showCaptcha() {
  try {
    const chosen = await loadCaptchaConfig();
    // Solved or closed while the server was asked (a joined request, a test): nothing left to show.
    if (!useCaptchaDialog.getState().open) return;
    if (chosen.provider !== 'tencent') {
      useCaptchaDialog.setState({ kind: 'slider' });
      return;
    }
    useCaptchaDialog.setState({ kind: 'tencent' });
    const result = await showTencentCaptcha(chosen);
    if (result) completeCaptcha(result);
    else cancelCaptcha();
  } catch (error) {
    // A failed config call has already been reported by the response handler; a script that did
    // not load has not.
    if (error instanceof TencentCaptchaLoadError) toast(error.message);
    cancelCaptcha();
  }
}

let waiting: { resolve(result: CaptchaResult): void; reject(error: unknown): void } | null = null;
/** A 660 challenge shows the puzzle once; later 660s only toast until one is solved (002 §8). */
let challengeShown = false;

/**
 * Opens the captcha (the built-in slider, or Tencent's when the server uses it) and resolves with the
 * solved pair (`randstr`, `ticket`) that one SMS send spends (001 §4). A second request while one is
 * open joins it rather than stacking dialogs.
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
    if (useCaptchaDialog.getState().open) return;
    useCaptchaDialog.setState({ open: true, mode: 'request', kind: null });
    void showCaptcha();
  });
}

/** Called when the captcha is solved: the server accepted the drag, or Tencent's widget answered. */
export function completeCaptcha(result: CaptchaResult) {
  const { mode } = useCaptchaDialog.getState();
  useCaptchaDialog.setState({ open: false, kind: null });
  challengeShown = false;
  const current = waiting;
  waiting = null;
  current?.resolve(result);
  // A challenge stopped whatever the page was doing; starting it again is the simple, safe retry.
  if (mode === 'challenge') reloadPage();
}

/** Called when the captcha is closed unsolved. */
export function cancelCaptcha() {
  useCaptchaDialog.setState({ open: false, kind: null });
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
  useCaptchaDialog.setState({ open: true, mode: 'challenge', kind: null });
  void showCaptcha();
}

/** Connects the 660 challenge to the captcha dialog; the app does it once when the dialogs mount. */
export function installCaptchaChallenge() {
  registerCaptchaChallenge(handleCaptchaChallenge);
}

/** Test hook: forget the challenge state between tests. */
export function resetCaptchaState() {
  waiting = null;
  challengeShown = false;
  config = null;
  useCaptchaDialog.setState({ open: false, mode: 'request', kind: null });
}
