import { RightOutlined } from '@ant-design/icons';
import { Button, Skeleton } from 'antd';
import { Link } from 'react-router';
import { NoData } from '../../../components';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { useSession } from '../../../stores/session';
import { useSharedKeyword } from '../api/find-shared-keyword';
import { type KeywordRef, useKeywordDetail } from '../api/get-keyword-detail';
import { KeywordFigures, KeywordSummary } from './keyword-summary';
import { LoginPromptCard } from './login-prompt-card';
import { OverviewTab } from './overview-tab';

function MoreCard({ keywordRef }: { keywordRef: KeywordRef }) {
  return (
    <section className="section-card kd-card kd-more">
      <span>竞争分析、相关词与人群画像请在关键词详情中查看</span>
      <Link to={keywordDetailPath(keywordRef, 'competeAnalyze')}>
        <Button type="primary" shape="round">
          查看完整详情 <RightOutlined aria-hidden />
        </Button>
      </Link>
    </section>
  );
}

/** A signed-in reader sees the overview tab itself (one detail view, as opening the detail page). */
function SignedInShare({ keywordRef }: { keywordRef: KeywordRef }) {
  const query = useKeywordDetail(keywordRef);
  if (query.isPending) return <Skeleton active className="section-card kd-card" paragraph={{ rows: 8 }} />;
  if (query.isError) return <NoData text="暂时无法查看该关键词，请稍后再试" />;
  return (
    <div className="kd-stack">
      <KeywordSummary row={query.data.keyword} canShare={false} />
      <KeywordFigures row={query.data.keyword} source={query.data.source} />
      <OverviewTab detail={query.data} />
      <MoreCard keywordRef={keywordRef} />
    </div>
  );
}

/** A visitor sees the word's figures (display bands) from the open search and a prompt to log in. */
function VisitorShare({ keywordRef }: { keywordRef: KeywordRef }) {
  const query = useSharedKeyword(keywordRef, true);
  if (query.isPending) return <Skeleton active className="section-card kd-card" paragraph={{ rows: 4 }} />;
  if (query.isError || !query.data) return <NoData text={`词库中暂未收录「${keywordRef.keyword}」`} />;
  return (
    <div className="kd-stack">
      <KeywordSummary row={query.data} canShare={false} />
      <KeywordFigures row={query.data} />
      <LoginPromptCard />
    </div>
  );
}

/**
 * The read-only share view of one keyword (/keyWordShareDetail, an open route). Chosen, as the spec
 * leaves it open: the overview of the `keyword` in the `platform` library. Visitors get the figures
 * and a prompt to log in for the rest; after login the same page shows the trend and every platform.
 */
export function SharedKeywordView({ keywordRef }: { keywordRef: KeywordRef }) {
  const token = useSession((state) => state.token);
  return token ? <SignedInShare keywordRef={keywordRef} /> : <VisitorShare keywordRef={keywordRef} />;
}
