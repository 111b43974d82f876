import { Code, type CompeteAnalyze } from '@dso/contract';
import { Button, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { isRefusal, NoData, RefusalPanel } from '../../../components';
import { isApiError } from '../../../lib/api/errors';
import { type DetailTab, detailTabs, detailTabTitles, keywordDetailPath } from '../../../lib/keyword-addresses';
import { KeywordCreators } from '../../creators';
import { CollectButton, keywordCollectType } from '../../favourites';
import { KeywordRankedVideos } from '../../topics';
import { type KeywordRef, useKeywordDetail } from '../api/get-keyword-detail';
import { AudienceTab } from './audience-tab';
import { CompeteAnalyzeTab } from './compete-analyze-tab';
import { KeywordFigures, KeywordSummary } from './keyword-summary';
import { OverviewTab } from './overview-tab';
import { RelatedWordsTab } from './related-words-tab';
import { useQuotaFailureOnce } from './use-quota-failure-once';

/** The search-words page of each library, for the "search it instead" way out of a missing keyword. */
const librarySearchPaths: Record<KeywordRef['platform'], string> = {
  DSO: '/KeywordDouyin/searchWord',
  RSO: '/KeywordXhs/searchWord',
  WSO: '/KeywordWSO/searchWord',
  BSO: '/KeywordBSO/searchWord',
  KSO: '/KeywordKSO/searchWord',
  TSO: '/KeywordTSO/searchWord',
};

function DetailFailed({ error, keywordRef, retry }: { error: unknown; keywordRef: KeywordRef; retry(): void }) {
  const notFound = isApiError(error, Code.NOT_FOUND);
  const search = `${librarySearchPaths[keywordRef.platform]}?keyword=${encodeURIComponent(keywordRef.keyword)}`;
  return (
    <section className="section-card kd-card kd-failed">
      <NoData text={notFound ? `词库中暂未收录「${keywordRef.keyword}」` : '关键词详情加载失败'} />
      <div className="kd-retry">
        {notFound ? (
          <Link to={search}>
            <Button type="primary">去词库搜索相近的词</Button>
          </Link>
        ) : (
          <Button onClick={retry}>重新加载</Button>
        )}
      </div>
    </section>
  );
}

/** One line of advice from the competition analysis, for the title card. */
function adviceFor(analysis: CompeteAnalyze): string {
  if (analysis.blue_ocean) return '需求高、竞争小，建议优先布局';
  if (analysis.stars <= 2) return '竞争较小，适合尽快布局';
  if (analysis.stars === 3) return '竞争中等，建议做差异化内容';
  return '竞争激烈，建议从长尾词切入';
}

/**
 * The advice, leading to the competition analysis in a new tab: 000 §2.3 names
 * /keyWordDetail/competeAnalyze?keyword= a new-tab target (reopening a keyword the same day spends no
 * detail view).
 */
function AdviceCard({ analysis, to }: { analysis: CompeteAnalyze; to: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="kd-advice" data-testid="keyword-advice">
      <span className="kd-advice__label">选词建议</span>
      <span className="kd-advice__level">{analysis.level}</span>
      <span className="kd-advice__text">{adviceFor(analysis)}</span>
      <span className="kd-advice__more">查看竞争分析 ›</span>
    </Link>
  );
}

/**
 * One keyword's detail, for every library (the route decides the platform): the title card and
 * figures, then the overview, competition, related-words and audience tabs, the tab kept in the
 * address (`/keyWordDetail/{tab}`). Opening spends a daily detail count; when none is left (810) the
 * upgrade or buy-times dialog opens once and the page shows why instead of the data.
 */
export function KeywordDetailView({ keywordRef, tab }: { keywordRef: KeywordRef; tab: DetailTab }) {
  const navigate = useNavigate();
  const query = useKeywordDetail(keywordRef);
  useQuotaFailureOnce(query.error);

  if (query.isPending) {
    return (
      <div className="kd-stack" data-testid="detail-loading">
        <Skeleton active className="section-card kd-card" paragraph={{ rows: 2 }} />
        <Skeleton active className="section-card kd-card" paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (isRefusal(error)) return <RefusalPanel error={error} type="keyword" height={440} />;
    return <DetailFailed error={error} keywordRef={keywordRef} retry={() => void query.refetch()} />;
  }

  const detail = query.data;
  const row = detail.keyword;
  // DSO and RSO keywords can be collected; the other libraries have no favourites.
  const collectType = keywordCollectType(keywordRef.platform);
  const openTab = (next: DetailTab) => navigate(keywordDetailPath(keywordRef, next), { replace: true });
  const content: Record<DetailTab, () => ReactNode> = {
    overview: () => <OverviewTab detail={detail} />,
    competeAnalyze: () => <CompeteAnalyzeTab row={row} analysis={detail.competeAnalyze} />,
    relatedWords: () => <RelatedWordsTab keywordRef={keywordRef} />,
    audience: () => <AudienceTab keywordRef={keywordRef} />,
  };
  return (
    <div className="kd-stack" data-testid="keyword-detail">
      <KeywordSummary
        row={row}
        viewsLeft={detail.detail_use.per_val - detail.detail_use.use_val}
        aside={<AdviceCard analysis={detail.competeAnalyze} to={keywordDetailPath(keywordRef, 'competeAnalyze')} />}
        titleExtra={collectType && <CollectButton type={collectType} subject={row.keyword} />}
      />
      <KeywordFigures row={row} source={detail.source} />
      {/* The works and creators behind the keyword: only the Douyin library has them. */}
      {keywordRef.platform === 'DSO' && <KeywordRankedVideos keyword={row.keyword} />}
      {keywordRef.platform === 'DSO' && <KeywordCreators keyword={row.keyword} />}
      <Tabs
        className="kd-tabs"
        activeKey={tab}
        destroyOnHidden
        size="large"
        onChange={(next) => openTab(next as DetailTab)}
        items={detailTabs.map((key) => ({
          key,
          label: detailTabTitles[key],
          children: key === tab ? content[key]() : null,
        }))}
      />
    </div>
  );
}
