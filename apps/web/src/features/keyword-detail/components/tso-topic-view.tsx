import { Code, type KeywordRow } from '@dso/contract';
import { Skeleton, Table, type TableColumnsType, Tag } from 'antd';
import { GrowthText, isRefusal, NoData, RefusalPanel } from '../../../components';
import { isApiError } from '../../../lib/api/errors';
import { formatFigure } from '../../../lib/figures';
import { type TsoTopicRef, useTsoTopicDetail } from '../api/get-tso-topic-detail';
import { DetailCard } from './detail-card';
import { FigureCard } from './figure-card';
import { FigureTip } from './figure-tip';
import { keywordFigureColumns, keywordLinkColumn } from './keyword-columns';
import { PlatformBadge } from './platform-badge';
import { useQuotaFailureOnce } from './use-quota-failure-once';

const kindNames = { ecoTopic: '电商话题', creativeIdeaTopics: '创意灵感话题' } as const;

/**
 * One TikTok topic (/TsoKeyWordTopicDetail): its rank, views, videos and growth with the date they
 * are as of, and the TSO keywords of the same country built on it, each opening its keyword detail.
 * Like a keyword, opening a topic spends a daily detail count.
 */
export function TsoTopicView({ topicRef }: { topicRef: TsoTopicRef }) {
  const query = useTsoTopicDetail(topicRef);
  useQuotaFailureOnce(query.error);

  if (query.isPending) return <Skeleton active className="section-card kd-card" paragraph={{ rows: 8 }} />;
  if (query.isError) {
    const error = query.error;
    if (isRefusal(error)) return <RefusalPanel error={error} type="keyword" />;
    const notFound = isApiError(error, Code.NOT_FOUND);
    return <NoData text={notFound ? `暂未收录话题「#${topicRef.topic}」` : '话题详情加载失败'} />;
  }

  const { topic, keywords } = query.data;
  const figures = keywordFigureColumns<KeywordRow>();
  const columns: TableColumnsType<KeywordRow> = [
    keywordLinkColumn((row) => row.keyword, 'TSO'),
    figures.searchIndex,
    figures.monthCover,
    figures.competition,
    {
      title: <FigureTip term="growth" />,
      key: 'growth_rate',
      render: (_, row) => <GrowthText rate={row.growth_rate} />,
    },
  ];
  return (
    <div className="kd-stack" data-testid="tso-topic-detail">
      <section className="section-card kd-card kd-summary">
        <div className="kd-summary__main">
          <div className="kd-summary__title-row">
            <h1 className="kd-summary__keyword">#{topic.topic}</h1>
            <PlatformBadge platform="TSO" country={topic.country} />
          </div>
          <div className="kd-summary__tags">
            <Tag color="blue" variant="filled">
              {kindNames[topic.kind]}
            </Tag>
            <Tag variant="filled">榜单第 {topic.rank} 名</Tag>
          </div>
          <div className="kd-summary__meta">
            <span>数据日期 {topic.as_of}</span>
            <span>
              今日剩余查看 <b>{Math.max(0, query.data.detail_use.per_val - query.data.detail_use.use_val)}</b> 次
            </span>
          </div>
        </div>
      </section>
      <section className="figure-strip kd-figures kd-figures--three">
        <FigureCard label="播放量" value={formatFigure(topic.views)} note={`截至 ${topic.as_of}`} />
        <FigureCard label="视频数" value={formatFigure(topic.video_count)} note={`截至 ${topic.as_of}`} />
        <FigureCard term="growth" value={<GrowthText rate={topic.growth_rate} />} note={`截至 ${topic.as_of}`} />
      </section>
      <DetailCard title="话题相关关键词" extra={<span className="kd-card__extra">共 {keywords.length} 个</span>}>
        <Table<KeywordRow>
          className="data-table kd-table"
          rowKey="id"
          columns={columns}
          dataSource={keywords}
          pagination={keywords.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
          size="middle"
          locale={{ emptyText: <NoData size="small" /> }}
        />
      </DetailCard>
    </div>
  );
}
