import { visitorCookieExpiry } from '@dso/domain';
import { CookieKey, LocalKey, randomId, readCookie, readLocal, writeCookie, writeLocal } from '../lib/storage';

/** The visitor id kept in local storage, created on first use. */
export function ensureVisitorId(): string {
  const existing = readLocal(LocalKey.visitorId);
  if (existing) return existing;
  const id = randomId();
  writeLocal(LocalKey.visitorId, id);
  return id;
}

/** End of the Shanghai day plus 8 hours: when the session cookie expires (000 §4, the domain's rule). */
export function sessionCookieExpiry(now = new Date()): Date {
  return new Date(visitorCookieExpiry(now));
}

/** The session-statistic cookie id, created when missing. */
export function ensureSessionCookie(now = new Date()): string {
  const existing = readCookie(CookieKey.sessionId);
  if (existing) return existing;
  const id = randomId();
  writeCookie(CookieKey.sessionId, id, sessionCookieExpiry(now));
  return id;
}

/** Channel parameters from the landing URL (`j_id`, `sk`, `bd_vid` with its time). */
export function saveChannelParams(search: string, now = Date.now()) {
  const params = new URLSearchParams(search);
  const channel = params.get('j_id');
  if (channel) writeLocal(LocalKey.channel, channel);
  const sk = params.get('sk');
  if (sk) writeLocal(LocalKey.sk, sk);
  const adClickId = params.get('bd_vid');
  if (adClickId) {
    writeLocal(LocalKey.adClickId, adClickId);
    writeLocal(LocalKey.adClickTime, String(now));
  }
}
