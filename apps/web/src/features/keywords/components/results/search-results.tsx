import { Code, type KeywordFilters, type KeywordList } from '@dso/contract';
import { Tag } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { DemoBanner, UpgradeBlock } from '../../../../components';
import { type ApiError, isApiError } from '../../../../lib/api/errors';
import { useSession } from '../../../../stores/session';
import { handleQuotaFailure } from '../../../permissions';
import { type SearchKeywordsRequest, useSearchKeywords } from '../../api/search-keywords';
import type { KeywordLibrary } from '../../keyword-libraries';
import type { KeywordQuery } from '../../search-url';
import { ExportButton } from './export-button';
import { KeywordFilterBar } from './keyword-filter-bar';
import type { KeywordSort } from './keyword-table';
import { LIBRARY_PAGE_SIZE } from './results-footer';
import { ResultsPage } from './results-page';
import { latestAsOf, ResultsToolbar } from './results-toolbar';

const DEFAULT_SORT: KeywordSort = { field: 'search_index', order: 'desc' };

export interface SearchResultsProps {
  library: KeywordLibrary;
  query: KeywordQuery;
  /** Search-history type the words are recorded under. */
  historyType: string;
  title: ReactNode;
  /** Filters the tab fixes: commerce words (电商词), blue-ocean words (AI选词). */
  fixedFilters?: Pick<KeywordFilters, 'commerce' | 'blue_ocean'>;
  /** 行业词: industry chips taken from the results narrow the list to one industry. */
  withIndustries?: boolean;
}

/** Whether a failure is a refusal of the grade or the day's count (810). */
function refusalOf(error: unknown): ApiError | null {
  return isApiError(error, Code.NEEDS_UPGRADE) ? error : null;
}

/**
 * A library tab served by the search call (搜索词, 电商词, 行业词, AI选词): filter bar, toolbar with the
 * total, the 'as of' date and the export, the demo banner, the sortable table and the footer.
 */
export function SearchResults({
  library,
  query,
  historyType,
  title,
  fixedFilters,
  withIndustries,
}: SearchResultsProps) {
  const loggedIn = useSession((state) => Boolean(state.token));
  const userGrade = useSession((state) => state.userInfo?.grade);
  const [filters, setFilters] = useState<KeywordFilters>({});
  const [sort, setSort] = useState<KeywordSort>(DEFAULT_SORT);
  const [page, setPage] = useState(1);
  const [industry, setIndustry] = useState<string | null>(null);
  const [industries, setIndustries] = useState<string[]>([]);

  const wordsKey = query.words.join('\n');
  // A new search starts on its first page, in all industries.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on a new search only.
  useEffect(() => {
    setPage(1);
    setIndustry(null);
    setIndustries([]);
  }, [wordsKey, query.country, library.key]);

  const body = useMemo<SearchKeywordsRequest>(() => {
    const request: SearchKeywordsRequest = {
      platform: library.key,
      filters: { ...filters, ...fixedFilters, ...(industry ? { industry } : {}) },
      sort: sort.field,
      order: sort.order,
      page_no: page,
      page_size: LIBRARY_PAGE_SIZE,
    };
    if (library.key === 'TSO') request.country = query.country;
    if (query.batch) request.keywords = query.words;
    else request.keyword = query.words[0] ?? '';
    if (query.words.length > 0) request.history_type = historyType;
    return request;
  }, [library.key, query, filters, fixedFilters, industry, sort, page, historyType]);

  const search = useSearchKeywords(body);
  const list: KeywordList | undefined = search.data;
  const refusal = refusalOf(search.error);

  useEffect(() => {
    if (search.error) handleQuotaFailure(search.error);
  }, [search.error]);

  // 行业词: the industries seen in the unfiltered results become the chips.
  useEffect(() => {
    if (!withIndustries || industry || !list) return;
    const seen = list.result.map((row) => row.industry).filter((name): name is string => Boolean(name));
    if (seen.length === 0) return;
    setIndustries((current) => [...new Set([...current, ...seen])]);
  }, [withIndustries, industry, list]);

  const changeFilters = (next: KeywordFilters) => {
    setFilters(next);
    setPage(1);
  };
  const changeSort = (next: KeywordSort) => {
    setSort(next);
    setPage(1);
  };

  const rows = list?.result ?? [];
  const highlight = query.words.join('、');
  const isPaid = loggedIn && userGrade !== undefined && userGrade !== 'FREE';
  const exportName = `${library.title}_${query.words.join('_') || '全部'}.xlsx`;

  return (
    <div className="kw-results" data-testid="search-results">
      <KeywordFilterBar
        value={filters}
        onChange={changeFilters}
        fixed={{ commerce: Boolean(fixedFilters?.commerce), blueOcean: Boolean(fixedFilters?.blue_ocean) }}
      />
      {withIndustries && industries.length > 0 && (
        <fieldset className="kw-industries" aria-label="行业" data-testid="industry-chips">
          <span className="kw-filter-label">行业</span>
          <Tag.CheckableTag
            checked={industry === null}
            onChange={() => {
              setIndustry(null);
              setPage(1);
            }}
          >
            全部
          </Tag.CheckableTag>
          {industries.map((name) => (
            <Tag.CheckableTag
              key={name}
              checked={industry === name}
              onChange={() => {
                setIndustry(name);
                setPage(1);
              }}
            >
              {name}
            </Tag.CheckableTag>
          ))}
        </fieldset>
      )}
      <ResultsToolbar
        title={title}
        total={list ? list.total_record : null}
        estimated={list?.total_estimated}
        asOf={latestAsOf(rows)}
        actions={<ExportButton body={body} filename={exportName} disabled={!list || rows.length === 0} />}
      />
      {/* The contract marks no rows as samples, so the banner goes with the grades that see samples. */}
      {!isPaid && rows.length > 0 && <DemoBanner className="kw-demo" />}
      {refusal ? (
        <UpgradeBlock message={refusal.message} needed={null} className="kw-refusal" />
      ) : (
        <ResultsPage
          failed={search.isError}
          onRetry={() => void search.refetch()}
          list={list}
          page={page}
          onPageChange={setPage}
          loading={search.isFetching}
          library={library}
          country={query.country}
          highlight={highlight}
          sort={sort}
          onSortChange={changeSort}
          emptyText={
            search.isPending ? ' ' : query.words.length > 0 ? `未找到与「${highlight}」相关的关键词` : undefined
          }
        />
      )}
    </div>
  );
}
