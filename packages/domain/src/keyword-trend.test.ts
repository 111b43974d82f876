import { describe, expect, it } from 'vitest';
import {
  isCalendarDay,
  isTrendDaySelectable,
  resolveTrendRange,
  TREND_PRESETS,
  trendRangeMessages,
} from './keyword-trend';

const stored = { firstDay: '2025-11-21', lastDay: '2026-11-20' };

describe('resolveTrendRange', () => {
  it('ends every preset on the data day and goes back its number of days', () => {
    expect(TREND_PRESETS).toEqual([7, 30, 90, 180, 365]);
    expect(resolveTrendRange({ days: 7 }, stored)).toEqual({ ok: true, start: '2026-11-14', end: '2026-11-20' });
    expect(resolveTrendRange({ days: 30 }, stored)).toEqual({ ok: true, start: '2026-10-22', end: '2026-11-20' });
    expect(resolveTrendRange({ days: 365 }, stored)).toEqual({ ok: true, start: '2025-11-21', end: '2026-11-20' });
  });

  it('shows the stored days when a preset reaches before the first one', () => {
    const short = { firstDay: '2026-08-23', lastDay: '2026-11-20' };
    expect(resolveTrendRange({ days: 180 }, short)).toEqual({ ok: true, start: '2026-08-23', end: '2026-11-20' });
  });

  it('serves a custom range inside the stored days, the first and last day included', () => {
    expect(resolveTrendRange({ start: '2025-11-21', end: '2026-11-20' }, stored)).toEqual({
      ok: true,
      start: '2025-11-21',
      end: '2026-11-20',
    });
    expect(resolveTrendRange({ start: '2026-06-01', end: '2026-06-01' }, stored).ok).toBe(true);
  });

  it('refuses a bad custom range with its reason in Chinese', () => {
    const refuse = (start: string, end: string) => resolveTrendRange({ start, end }, stored);
    expect(refuse('2026-06-10', '2026-06-01')).toEqual({ ok: false, message: trendRangeMessages.order });
    expect(refuse('2026-06-01', '2026-11-21')).toEqual({ ok: false, message: '结束日期不能晚于数据日期 2026-11-20' });
    expect(refuse('2025-11-20', '2026-01-01')).toEqual({
      ok: false,
      message: '开始日期不能早于 2025-11-21（最早有数据的日期）',
    });
    expect(refuse('2026-02-30', '2026-03-01')).toEqual({ ok: false, message: trendRangeMessages.dayFormat });
    expect(refuse('2024-01-01', '2026-01-01')).toEqual({ ok: false, message: '自定义时间范围最长365天' });
  });
});

describe('isTrendDaySelectable', () => {
  it('allows the stored days only: none before the first, none after the data day', () => {
    expect(isTrendDaySelectable('2025-11-21', stored)).toBe(true);
    expect(isTrendDaySelectable('2026-11-20', stored)).toBe(true);
    expect(isTrendDaySelectable('2025-11-20', stored)).toBe(false);
    expect(isTrendDaySelectable('2026-11-21', stored)).toBe(false);
  });
});

describe('isCalendarDay', () => {
  it('accepts real days only', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-1-1')).toBe(false);
  });
});
