import { inputMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { checkRow } from './keyword-import';

const countries = new Set(['US']);
const row = (values: Record<string, unknown>) => ({
  row: 2,
  values: { platform: 'DSO', search_index: '100', as_of: '2026-11-20', ...values },
});

describe('import rows the database cannot store', () => {
  it('refuses a keyword or an industry holding a NUL or a lone surrogate as a row error', () => {
    for (const values of [{ keyword: '口\u0000红' }, { keyword: '口红', industry: '美妆\uD800' }]) {
      const checked = checkRow(row(values), countries);
      expect(checked.input).toBeNull();
      expect(checked.errors.map((error) => error.message)).toContain(inputMessages.illegalText);
    }
  });

  it('keeps a keyword with an emoji', () => {
    expect(checkRow(row({ keyword: '口红😀' }), countries).input?.keyword).toBe('口红😀');
  });
});

describe('the overall index of an import row (overall_trend, docs/data-format.md)', () => {
  it('reads it beside the trend, as a comma list or a JSON array', () => {
    const csv = checkRow(row({ keyword: '露营', trend: '100,120,130', overall_trend: '300，320,350' }), countries);
    expect(csv.input).toMatchObject({ trend: [100, 120, 130], overall: [300, 320, 350] });
    const jsonl = checkRow(row({ keyword: '露营', trend: [1, 2], overall_trend: [5] }), countries);
    expect(jsonl.input).toMatchObject({ overall: [5] });
    expect(checkRow(row({ keyword: '露营' }), countries).input?.overall).toBeNull();
  });

  it('refuses it without a trend, with more days than the trend, or with what is not a whole number', () => {
    const message = (values: Record<string, unknown>) =>
      checkRow(row({ keyword: '露营', ...values }), countries).errors.map((error) => [error.column, error.message]);
    expect(message({ overall_trend: '1,2' })).toEqual([
      ['overall_trend', '综合指数趋势需要同时填写 trend（搜索指数趋势）'],
    ]);
    expect(message({ trend: '1', overall_trend: '1,2' })).toEqual([
      ['overall_trend', '综合指数趋势的天数不能多于 trend'],
    ]);
    expect(message({ trend: '1,2', overall_trend: '1,x' })).toEqual([
      ['overall_trend', '综合指数趋势必须是以逗号分隔的非负整数'],
    ]);
  });
});
