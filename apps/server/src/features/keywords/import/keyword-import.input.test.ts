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
