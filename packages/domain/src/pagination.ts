/** Pagination defaults (000 §9). */
export const paginationDefaults = {
  pageSize: 10,
  pageSizes: [20, 50],
  pagerCount: 7,
  layout: 'prev, pager, next',
  /** Default size of a page list (000 §9, 002 §9). */
  pageListSize: 30,
} as const;

/**
 * Whether a page change is allowed (000 §5, §6): with a max number set (the grade's paging depth),
 * a page whose page × size exceeds it is refused and the caller opens the upgrade prompt. A missing
 * or zero max number means no limit.
 */
export function canChangePage(options: { page: number; pageSize: number; maxNumber?: number | null }): boolean {
  const { page, pageSize, maxNumber } = options;
  if (!maxNumber) return true;
  return page * pageSize <= maxNumber;
}

/** The last page reachable under a max number, for disabling pager buttons; null without a limit. */
export function lastAllowedPage(pageSize: number, maxNumber?: number | null): number | null {
  if (!maxNumber) return null;
  return Math.max(1, Math.floor(maxNumber / pageSize));
}
