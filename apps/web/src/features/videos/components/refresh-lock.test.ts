import { afterEach, describe, expect, it } from 'vitest';
import { isRefreshLocked, REFRESH_TIMES_KEY, rememberRefresh } from './refresh-lock';

afterEach(() => localStorage.clear());

describe('refresh lock', () => {
  const start = Date.UTC(2026, 10, 23, 12, 0, 0);

  it('locks a video for 30 minutes after a press', () => {
    rememberRefresh('v1', start);
    expect(isRefreshLocked('v1', start + 29 * 60_000)).toBe(true);
    expect(isRefreshLocked('v2', start + 60_000)).toBe(false);
    expect(isRefreshLocked('v1', start + 30 * 60_000)).toBe(false);
  });

  it('prunes entries older than 30 minutes from local storage', () => {
    rememberRefresh('old', start);
    rememberRefresh('new', start + 20 * 60_000);
    isRefreshLocked('any', start + 31 * 60_000);
    expect(JSON.parse(localStorage.getItem(REFRESH_TIMES_KEY) ?? '{}')).toEqual({ new: start + 20 * 60_000 });
  });

  it('treats unreadable storage as no lock', () => {
    localStorage.setItem(REFRESH_TIMES_KEY, 'not json');
    expect(isRefreshLocked('v1', start)).toBe(false);
  });
});
