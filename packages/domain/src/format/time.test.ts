import { describe, expect, it } from 'vitest';
import {
  addDays,
  DAY_MS,
  dayRange,
  endOfDayPlusHours,
  formatRelativeTime1,
  formatRelativeTime2,
  formatTime,
  HOUR_MS,
  MINUTE_MS,
  nextShanghaiHour,
  normalizeTimestamp,
  parseTime,
  shanghaiDay,
  visitorCookieExpiry,
} from './time';

/** An instant given as Shanghai wall time. */
const shanghai = (wallTime: string) => Date.parse(`${wallTime}+08:00`);

const NOW = shanghai('2024-05-10T12:00:00');

describe('normalizeTimestamp', () => {
  it('reads 10 digits as seconds', () => {
    expect(normalizeTimestamp(1_715_313_600)).toBe(1_715_313_600_000);
    expect(normalizeTimestamp('1715313600')).toBe(1_715_313_600_000);
  });

  it('reads 13 digits as milliseconds', () => {
    expect(normalizeTimestamp(1_715_313_600_123)).toBe(1_715_313_600_123);
  });

  it('reads 19 digits as nanoseconds', () => {
    expect(normalizeTimestamp('1715313600123456789')).toBe(1_715_313_600_123);
    expect(normalizeTimestamp(1_715_313_600_123_000_000)).toBe(1_715_313_600_123);
  });

  it('rejects other lengths and non-numeric values', () => {
    for (const value of [171531360, 17153136001, '17153136001234', 'abc', '', -1715313600, null, undefined]) {
      expect(normalizeTimestamp(value)).toBeNull();
    }
  });
});

describe('parseTime', () => {
  it('reads wall-clock text as Shanghai time', () => {
    expect(parseTime('2024-05-10 12:00:00')).toBe(NOW);
    expect(parseTime('2024/5/10')).toBe(shanghai('2024-05-10T00:00:00'));
  });

  it('reads ISO text with an explicit zone', () => {
    expect(parseTime('2024-05-10T04:00:00Z')).toBe(NOW);
  });

  it('rejects impossible dates', () => {
    expect(parseTime('2024-02-30')).toBeNull();
    expect(parseTime('2024-05-10 24:00:00')).toBeNull();
    expect(parseTime('yesterday')).toBeNull();
  });
});

describe('formatTime', () => {
  it('formats in Shanghai time with the default pattern', () => {
    expect(formatTime(Date.parse('2024-05-09T16:30:05Z'))).toBe('2024-05-10 00:30:05');
  });

  it('accepts second and nanosecond timestamps', () => {
    expect(formatTime(1_715_313_600, 'YYYY-MM-DD')).toBe('2024-05-10');
    expect(formatTime('1715313600000000000', 'HH:mm')).toBe('12:00');
  });

  it('supports unpadded month and day', () => {
    expect(formatTime(shanghai('2024-05-01T08:00:00'), 'M月D日')).toBe('5月1日');
  });

  it('shows -- for empty values', () => {
    for (const value of [null, undefined, '', 0]) expect(formatTime(value)).toBe('--');
  });

  it('shows 暂无数据 for an unreadable time', () => {
    expect(formatTime('not a time')).toBe('暂无数据');
    expect(formatTime(12345)).toBe('暂无数据');
  });
});

describe('formatRelativeTime1', () => {
  it('says 1分钟前 under one minute', () => {
    expect(formatRelativeTime1(NOW, NOW)).toBe('1分钟前');
    expect(formatRelativeTime1(NOW - 59_999, NOW)).toBe('1分钟前');
  });

  it('counts minutes from one minute up to one hour', () => {
    expect(formatRelativeTime1(NOW - 60_000, NOW)).toBe('1分钟前');
    expect(formatRelativeTime1(NOW - 2 * MINUTE_MS, NOW)).toBe('2分钟前');
    expect(formatRelativeTime1(NOW - (HOUR_MS - 1), NOW)).toBe('59分钟前');
  });

  it('counts hours under one day and days under three days', () => {
    expect(formatRelativeTime1(NOW - HOUR_MS, NOW)).toBe('1小时前');
    expect(formatRelativeTime1(NOW - (DAY_MS - 1), NOW)).toBe('23小时前');
    expect(formatRelativeTime1(NOW - DAY_MS, NOW)).toBe('1天前');
    expect(formatRelativeTime1(NOW - 259_199_999, NOW)).toBe('2天前');
  });

  it('shows month and day from three days on', () => {
    expect(formatRelativeTime1(NOW - 259_200_000, NOW)).toBe('5月7日');
  });

  it('reads a 10-digit timestamp', () => {
    expect(formatRelativeTime1(Math.floor((NOW - 5 * MINUTE_MS) / 1000), NOW)).toBe('5分钟前');
  });

  it('says 未知 for an unreadable time', () => {
    expect(formatRelativeTime1('soon', NOW)).toBe('未知');
  });
});

describe('formatRelativeTime2', () => {
  it('says 刚刚 under one minute, including a time slightly in the future', () => {
    expect(formatRelativeTime2(NOW - 59_999, NOW)).toBe('刚刚');
    expect(formatRelativeTime2(NOW + 5000, NOW)).toBe('刚刚');
  });

  it('counts minutes, hours and days', () => {
    expect(formatRelativeTime2(NOW - 60_000, NOW)).toBe('1分钟前');
    expect(formatRelativeTime2(NOW - HOUR_MS, NOW)).toBe('1小时前');
    expect(formatRelativeTime2(NOW - DAY_MS, NOW)).toBe('1天前');
    expect(formatRelativeTime2(NOW - 29 * DAY_MS, NOW)).toBe('29天前');
  });

  it('counts months of 30 days', () => {
    expect(formatRelativeTime2(NOW - 30 * DAY_MS, NOW)).toBe('1个月前');
    expect(formatRelativeTime2(NOW - 359 * DAY_MS, NOW)).toBe('11个月前');
  });

  it('counts years of 12 months', () => {
    expect(formatRelativeTime2(NOW - 360 * DAY_MS, NOW)).toBe('1年前');
    expect(formatRelativeTime2(NOW - 720 * DAY_MS, NOW)).toBe('2年前');
  });
});

describe('shanghaiDay', () => {
  it('names the Shanghai day, which starts at 16:00 UTC the day before', () => {
    expect(shanghaiDay(Date.parse('2026-11-24T15:59:59Z'))).toBe('2026-11-24');
    expect(shanghaiDay(new Date('2026-11-24T16:00:00Z'))).toBe('2026-11-25');
    expect(shanghaiDay(Date.parse('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });
});

describe('addDays', () => {
  it('moves a day across month and year ends, both ways', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-11-25', -29)).toBe('2026-10-27');
  });
});

describe('dayRange', () => {
  it('gives 00:00:00 and 23:59:59 of the Shanghai day', () => {
    const range = dayRange(NOW);
    expect(range.start).toBe(shanghai('2024-05-10T00:00:00'));
    expect(range.end).toBe(shanghai('2024-05-10T23:59:59'));
  });

  it('places early-morning Shanghai times on the Shanghai date, not the UTC one', () => {
    const range = dayRange(new Date(shanghai('2024-05-10T03:00:00')));
    expect(formatTime(range.start)).toBe('2024-05-10 00:00:00');
  });

  it('keeps midnight itself in the new day', () => {
    const midnight = shanghai('2024-05-10T00:00:00');
    expect(dayRange(midnight).start).toBe(midnight);
    expect(dayRange(midnight - 1).start).toBe(shanghai('2024-05-09T00:00:00'));
  });
});

describe('endOfDayPlusHours', () => {
  it('adds the hours to 23:59:59 of the day', () => {
    expect(endOfDayPlusHours(NOW, 8)).toBe(shanghai('2024-05-11T07:59:59'));
  });

  it('expires the visitor cookie at the end of the day plus 8 hours', () => {
    expect(visitorCookieExpiry(NOW)).toBe(endOfDayPlusHours(NOW, 8));
  });
});

describe('nextShanghaiHour', () => {
  it('is today at that Shanghai hour when it is still ahead, else tomorrow', () => {
    // 05:00 in Shanghai (21:00 UTC the day before): the 06:00 round is an hour away.
    expect(nextShanghaiHour(new Date('2026-11-23T21:00:00Z'), 6).toISOString()).toBe('2026-11-23T22:00:00.000Z');
    // 06:00 exactly has passed: the next is tomorrow's.
    expect(nextShanghaiHour(new Date('2026-11-23T22:00:00Z'), 6).toISOString()).toBe('2026-11-24T22:00:00.000Z');
    // 23:30 in Shanghai, midnight asked: 30 minutes away.
    expect(nextShanghaiHour(new Date('2026-11-24T15:30:00Z'), 0).toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });
});
