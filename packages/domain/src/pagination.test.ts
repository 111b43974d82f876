import { describe, expect, it } from 'vitest';
import { canChangePage, lastAllowedPage, paginationDefaults } from './pagination';

describe('paginationDefaults', () => {
  it('uses page size 10, sizes 20 and 50, 7 pager buttons and page lists of 30', () => {
    expect(paginationDefaults).toMatchObject({ pageSize: 10, pageSizes: [20, 50], pagerCount: 7, pageListSize: 30 });
  });
});

describe('canChangePage', () => {
  it('allows a page whose page × size equals the max number', () => {
    expect(canChangePage({ page: 10, pageSize: 10, maxNumber: 100 })).toBe(true);
  });

  it('refuses a page whose page × size exceeds the max number', () => {
    expect(canChangePage({ page: 11, pageSize: 10, maxNumber: 100 })).toBe(false);
    expect(canChangePage({ page: 3, pageSize: 50, maxNumber: 100 })).toBe(false);
  });

  it('allows any page without a max number', () => {
    expect(canChangePage({ page: 999, pageSize: 50 })).toBe(true);
    expect(canChangePage({ page: 999, pageSize: 50, maxNumber: 0 })).toBe(true);
  });
});

describe('lastAllowedPage', () => {
  it('gives the deepest page within the max number', () => {
    expect(lastAllowedPage(10, 100)).toBe(10);
    expect(lastAllowedPage(20, 50)).toBe(2);
    expect(lastAllowedPage(10, null)).toBeNull();
  });
});
