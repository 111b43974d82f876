/** Page `page_no` (counted from 1) of `page_size` rows, as a query's limit and offset. */
export function pageWindow(query: { page_no: number; page_size: number }) {
  return { limit: query.page_size, offset: (query.page_no - 1) * query.page_size };
}
