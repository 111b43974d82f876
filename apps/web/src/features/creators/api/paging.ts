/**
 * The next page number of an infinite list of the list shape (002 §3), or undefined at its end: a
 * short page, or the rows reachable (the total within the viewer's `data_max`) all loaded.
 */
export function nextPageOf(pageSize: number) {
  return (
    last: { total_record: number; data_max: number; result: readonly unknown[] },
    pages: readonly unknown[],
  ): number | undefined => {
    const loaded = pages.length * pageSize;
    const reachable = Math.min(last.total_record, last.data_max || last.total_record);
    return last.result.length === pageSize && loaded < reachable ? pages.length + 1 : undefined;
  };
}
