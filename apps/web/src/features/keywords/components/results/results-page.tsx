import type { KeywordRow } from '@dso/contract';
import { LoadFailed } from '../../../../components';
import { KeywordTable, type KeywordTableProps } from './keyword-table';
import { LIBRARY_PAGE_SIZE, ResultsFooter, type ResultsFooterProps } from './results-footer';

export type ResultsPageProps = Omit<KeywordTableProps, 'rows' | 'rankOffset'> & {
  /** The list's call failed with nothing to show: the load-failed block with its retry instead. */
  failed: boolean;
  onRetry(): void;
  list: (ResultsFooterProps['list'] & { result: KeywordRow[] }) | undefined;
  page: number;
  onPageChange(page: number): void;
};

/**
 * One page of a library tab's rows (the search and the related words alike): the table ranked from
 * the page's first row with the footer under it, or 数据加载失败 with a retry.
 */
export function ResultsPage({ failed, onRetry, list, page, onPageChange, ...table }: ResultsPageProps) {
  if (failed) return <LoadFailed className="kw-error" message="数据加载失败，请稍后重试" onRetry={onRetry} />;
  const rows = list?.result ?? [];
  return (
    <>
      <KeywordTable {...table} rows={rows} rankOffset={(page - 1) * LIBRARY_PAGE_SIZE} />
      <ResultsFooter list={list} page={page} shown={rows.length} onPageChange={onPageChange} />
    </>
  );
}
