/**
 * A page's rows and the list's total, asked at the same time. A page cut to no rows (a viewer past the
 * rows their grade may reach still gets the total) asks for no rows at all.
 */
export function pageRowsAndTotal<Row, Total>(
  limit: number,
  rows: () => PromiseLike<Row[]>,
  total: PromiseLike<Total>,
): Promise<[Row[], Total]> {
  return Promise.all([limit > 0 ? rows() : [], total]);
}
