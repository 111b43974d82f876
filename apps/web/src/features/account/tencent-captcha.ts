import type { CaptchaResult } from '@dso/contract';

/** What TCaptcha.js hands its callback: `ret` 0 solved (ticket and randstr set), 2 closed by the user. */
export interface TencentCaptchaAnswer {
  ret: number;
  ticket?: string | null;
  randstr?: string;
  errorCode?: number;
  errorMessage?: string;
}

/** The class TCaptcha.js puts on `window`. */
export type TencentCaptchaClass = new (
  appId: string,
  callback: (answer: TencentCaptchaAnswer) => void,
  options?: Record<string, unknown>,
) => { show(): void; destroy?(): void };

declare global {
  interface Window {
    TencentCaptcha?: TencentCaptchaClass;
  }
}

/** The widget could not be loaded (network, blocked script): the user is told, nothing is sent. */
export class TencentCaptchaLoadError extends Error {
  constructor() {
    super('验证码加载失败，请检查网络后重试');
    this.name = 'TencentCaptchaLoadError';
  }
}

let loading: Promise<TencentCaptchaClass> | null = null;

/**
 * Loads TCaptcha.js once per page (Tencent asks for its script to be loaded from its own host, not
 * bundled, so it keeps up with their countermeasures). A failed load is forgotten so the next try
 * loads again.
 */
export function loadTencentCaptcha(scriptUrl: string): Promise<TencentCaptchaClass> {
  if (window.TencentCaptcha) return Promise.resolve(window.TencentCaptcha);
  loading ??= new Promise<TencentCaptchaClass>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () =>
      window.TencentCaptcha ? resolve(window.TencentCaptcha) : reject(new TencentCaptchaLoadError());
    script.onerror = () => {
      script.remove();
      reject(new TencentCaptchaLoadError());
    };
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Shows Tencent's captcha and resolves with the pair the server checks (`ticket`, `randstr`), or
 * `null` when the user closed it. A `ret` 0 without a ticket is treated as closed rather than sent.
 */
export async function showTencentCaptcha(config: {
  app_id: string;
  script_url: string;
}): Promise<CaptchaResult | null> {
  const TencentCaptcha = await loadTencentCaptcha(config.script_url);
  return new Promise((resolve) => {
    const captcha = new TencentCaptcha(
      config.app_id,
      (answer) => {
        if (answer.ret === 0 && answer.ticket && answer.randstr) {
          resolve({ ticket: answer.ticket, randstr: answer.randstr });
        } else {
          resolve(null);
        }
      },
      { userLanguage: 'zh-cn' },
    );
    captcha.show();
  });
}

/** Test hook: forget a loaded or failed script. */
export function resetTencentCaptcha() {
  loading = null;
}
