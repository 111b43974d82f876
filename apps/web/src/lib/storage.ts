/**
 * Every key the client keeps in local storage, session storage or cookies (000 §3, 002 §3), in one
 * place so login, logout and app start agree on names.
 */
export const LocalKey = {
  token: 'token',
  uid: 'uid',
  visitorId: 'visitorId',
  channel: 'j_id',
  sk: 'sk',
  adClickId: 'bd_vid',
  adClickTime: 'bd_vid_time',
  theme: 'dccTheme',
  blurry: 'isOpenBlurry',
  bannerClosed: 'homeBannerClosed',
} as const;

export const SessionKey = {
  dccToken: 'dccToken',
  serverTimeDiff: 'serverTimeDiff',
  /** Where to return after login (001 §3 `logOutPath`). */
  logOutPath: 'logOutPath',
  /** The page the user was on when the guard stopped them. */
  previousPath: 'previousPath',
  sessionReported: 'sessionStatisticSent',
  writingTemplate: 'writingTemplate',
  /** Set by a paid page load's predecessor (001 §4 payment flow step 4). */
  paySuccess: 'paySuccess',
} as const;

export const CookieKey = {
  /** Session-statistic cookie id; expires at the end of the day plus 8 hours. */
  sessionId: 'dso_cid',
} as const;

export function readLocal(key: string): string | null {
  return readFrom(() => window.localStorage, key);
}

export function writeLocal(key: string, value: string | null) {
  writeTo(() => window.localStorage, key, value);
}

export function readSession(key: string): string | null {
  return readFrom(() => window.sessionStorage, key);
}

export function writeSession(key: string, value: string | null) {
  writeTo(() => window.sessionStorage, key, value);
}

// The store is reached through a getter because merely reading window.localStorage throws where storage is disabled.
function readFrom(store: () => Storage, key: string): string | null {
  try {
    return store().getItem(key);
  } catch {
    return null;
  }
}

/** Removes the key for null. */
function writeTo(store: () => Storage, key: string, value: string | null) {
  try {
    if (value === null) store().removeItem(key);
    else store().setItem(key, value);
  } catch {
    // Storage disabled: the start-up check has already told the user.
  }
}

export function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : null;
}

export function writeCookie(name: string, value: string, expires: Date) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in the browsers our users still run.
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax`;
}

/** True when both local storage and cookies work; the app alerts otherwise (002 §5). */
export function isStorageAvailable(): boolean {
  try {
    const probe = '__dso_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return navigator.cookieEnabled;
  } catch {
    return false;
  }
}

export function randomId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID().replace(/-/g, '');
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
