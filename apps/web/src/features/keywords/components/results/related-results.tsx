import type { RelationKind } from '@dso/contract';
import { useEffect, useState } from 'react';
import { DemoBanner, NoData } from '../../../../components';
import { useSession } from '../../../../stores/session';
import { handleQuotaFailure } from '../../../permissions';
import { useRelatedKeywords } from '../../api/related-keywords';
import type { KeywordLibrary } from '../../keyword-libraries';
import type { KeywordQuery } from '../../search-url';
import { LIBRARY_PAGE_SIZE } from './results-footer';
import { ResultsPage } from './results-page';
import { latestAsOf, ResultsToolbar } from './results-toolbar';

const relationTexts: Record<'sug' | 'correlation', { name: string; explain: string }> = {
  sug: { name: '下拉词', explain: '用户在搜索框输入该词时出现的下拉联想词' },
  correlation: { name: '相关词', explain: '与该词核心词相关的搜索词' },
};

export interface RelatedResultsProps {
  library: KeywordLibrary;
  query: KeywordQuery;
  relation: Extract<RelationKind, 'sug' | 'correlation'>;
}

/**
 * 下拉词 and 相关词: the related-words call of the keyword details contract for the searched word (the
 * first word of a batch). The call takes no filters or sort, so this tab sorts the page it shows.
 */
export function RelatedResults({ library, query, relation }: RelatedResultsProps) {
  const loggedIn = useSession((state) => Boolean(state.token));
  const userGrade = useSession((state) => state.userInfo?.grade);
  const [page, setPage] = useState(1);
  const keyword = query.words[0] ?? '';
  const texts = relationTexts[relation];

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new keyword starts on its first page.
  useEffect(() => setPage(1), [keyword, query.country, library.key]);

  const related = useRelatedKeywords({
    platform: library.key,
    ...(library.key === 'TSO' ? { country: query.country } : {}),
    keyword,
    relation,
    page_no: page,
    page_size: LIBRARY_PAGE_SIZE,
  });

  useEffect(() => {
    if (related.error) handleQuotaFailure(related.error);
  }, [related.error]);

  if (!keyword) {
    return (
      <div className="kw-results kw-results--empty" data-testid="related-results">
        <NoData text={`输入关键词，查看它的${texts.name}`} />
      </div>
    );
  }

  const list = related.data;
  const rows = list?.result ?? [];
  const isPaid = loggedIn && userGrade !== undefined && userGrade !== 'FREE';
  const mainWord = list?.main_word;
  return (
    <div className="kw-results" data-testid="related-results">
      <ResultsToolbar
        title={
          <>
            「{keyword}」的{texts.name}
            <span className="kw-toolbar-explain">
              {relation === 'correlation' && mainWord ? `与核心词「${mainWord}」相关的搜索词` : texts.explain}
            </span>
          </>
        }
        total={list ? list.total_record : null}
        estimated={list?.total_estimated}
        asOf={latestAsOf(rows)}
      />
      {query.batch && query.words.length > 1 && (
        <div className="kw-note">
          批量搜索时，{texts.name}按第一个关键词「{keyword}」展示。
        </div>
      )}
      {!isPaid && rows.length > 0 && <DemoBanner className="kw-demo" />}
      <ResultsPage
        failed={related.isError && !list}
        onRetry={() => void related.refetch()}
        list={list}
        page={page}
        onPageChange={setPage}
        loading={related.isFetching}
        library={library}
        country={query.country}
        highlight={keyword}
        emptyText={related.isPending ? ' ' : `暂无「${keyword}」的${texts.name}`}
      />
    </div>
  );
}
