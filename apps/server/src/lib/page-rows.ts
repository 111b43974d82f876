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

/**
 * A page and its list's total as `{ rows, total }`, the total read by a `select({ total: count() })` over the
 * list's rows (one row; none reads as 0). The pages whose count is a plain count(*) share this, so each says
 * only which rows it reads and how they are counted.
 */
export async function countedPage<Row>(
  limit: number,
  rows: () => PromiseLike<Row[]>,
  counted: PromiseLike<Array<{ total: number }>>,
): Promise<{ rows: Row[]; total: number }> {
  const [page, [row]] = await pageRowsAndTotal(limit, rows, counted);
  return { rows: page, total: row?.total ?? 0 };
}
