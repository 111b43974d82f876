import { describe, expect, it } from 'vitest';
import {
  calendarDaySchema,
  containsIllegalText,
  DAY_YEAR_MAX,
  DAY_YEAR_MIN,
  inputMessages,
  int32Schema,
  isIllegalText,
} from './input';

describe('text the database cannot store', () => {
  it('finds a NUL byte and lone surrogates but passes paired surrogates', () => {
    expect(isIllegalText('口红\u0000')).toBe(true);
    expect(isIllegalText('\uD800')).toBe(true);
    expect(isIllegalText('a\uD800b')).toBe(true);
    expect(isIllegalText('a\uDC00')).toBe(true);
    expect(isIllegalText('\uDC00\uD800')).toBe(true);
    expect(isIllegalText('口红😀')).toBe(false);
    expect(isIllegalText('')).toBe(false);
  });

  it('looks into nested arrays, objects and keys, not into raw bytes', () => {
    expect(containsIllegalText({ a: [{ b: ['ok', 'x\u0000'] }] })).toBe(true);
    expect(containsIllegalText({ 'k\uDFFF': 1 })).toBe(true);
    expect(containsIllegalText({ a: [1, null, true, '口红'] })).toBe(false);
    expect(containsIllegalText(new Uint8Array([0, 0]))).toBe(false);
  });

  it('survives a deeply nested value', () => {
    let value: unknown = '\u0000';
    for (let depth = 0; depth < 100_000; depth += 1) value = [value];
    expect(containsIllegalText(value)).toBe(true);
  });
});

describe('32-bit integers', () => {
  it('accepts the column range and refuses one past either end with a Chinese message', () => {
    const schema = int32Schema();
    expect(schema.safeParse(2_147_483_647).success).toBe(true);
    expect(schema.safeParse(-2_147_483_648).success).toBe(true);
    expect(schema.safeParse(2_147_483_648).error?.issues[0]?.message).toBe('数值超出范围');
    expect(schema.safeParse(-2_147_483_649).error?.issues[0]?.message).toBe('数值超出范围');
    expect(int32Schema({ coerce: true }).safeParse('2147483648').success).toBe(false);
  });
});

describe('the calendar day schema', () => {
  /** The Gregorian rule written out, independent of the schema's use of Date. */
  const daysInMonth = (year: number, month: number) => {
    if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
    return [4, 6, 9, 11].includes(month) ? 30 : 31;
  };
  const pad = (value: number, width: number) => String(value).padStart(width, '0');

  it('accepts exactly the days on the calendar among every year, month 00-13 and day 00-32 around its range', () => {
    const wrong: string[] = [];
    for (let year = DAY_YEAR_MIN - 1; year <= DAY_YEAR_MAX + 1; year++) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          const text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          const exists =
            year >= DAY_YEAR_MIN &&
            year <= DAY_YEAR_MAX &&
            month >= 1 &&
            month <= 12 &&
            day >= 1 &&
            day <= daysInMonth(year, month);
          if (calendarDaySchema.safeParse(text).success !== exists) wrong.push(text);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses other spellings of a day with 日期格式不正确', () => {
    for (const text of ['2026-1-05', '2026-01-5', '20260105', '2026/01/05', ' 2026-01-05', '2026-01-05T00:00', '']) {
      const result = calendarDaySchema.safeParse(text);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(inputMessages.badDay);
    }
  });
});
