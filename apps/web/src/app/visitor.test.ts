import { describe, expect, it } from 'vitest';
import { sessionCookieExpiry } from './visitor';

describe('the session cookie', () => {
  it("expires at the end of the Shanghai day plus 8 hours, whatever the browser's zone", () => {
    // 00:30 on 25 November in Shanghai: that day ends at 23:59:59 Shanghai = 15:59:59 UTC.
    expect(sessionCookieExpiry(new Date('2026-11-24T16:30:00Z')).toISOString()).toBe('2026-11-25T23:59:59.000Z');
  });
});
