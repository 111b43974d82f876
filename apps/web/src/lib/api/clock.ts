import { readSession, SessionKey, writeSession } from '../storage';

/** Difference between the server clock and the local clock, kept in session storage (002 §7). */
export function serverTimeDiff(): number {
  const stored = Number(readSession(SessionKey.serverTimeDiff));
  return Number.isFinite(stored) ? stored : 0;
}

export function saveServerTime(serverTime: number, localTime = Date.now()) {
  writeSession(SessionKey.serverTimeDiff, String(serverTime - localTime));
}

/** The timestamp every request signs: local time plus the server-time difference. */
export function signedNow(): number {
  return Date.now() + serverTimeDiff();
}
