import { GlobalOutlined } from '@ant-design/icons';
import { type TsoTopicKind, type TsoTopicRow, tsoTopicKindSchema } from '@dso/contract';
import { Segmented, Table, type TableColumnsType } from 'antd';
import { type CSSProperties, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { GrowthText, NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { tsoTopicDetailPath } from '../../../lib/keyword-addresses';
import { handleQuotaFailure } from '../../permissions';
import { type TsoTopicsRequest, useTsoTopics } from '../api/tso-topics';
import { LIBRARY_PAGE_SIZE, ResultsFooter } from '../components/results/results-footer';
import { latestAsOf, ResultsToolbar } from '../components/results/results-toolbar';
import { CountrySelect } from '../components/search-box/country-select';
import { countryFromQuery, libraryOf } from '../keyword-libraries';
import '../keywords.css';

const topicTabs: Record<TsoTopicKind, { label: string; explain: string }> = {
  ecoTopic: { label: '电商话题', explain: '带货视频集中的话题标签' },
  creativeIdeaTopics: { label: '创意灵感话题', explain: '创作者正在跟进的创意话题' },
};

const sortOptions = [
  { value: 'views', label: '按播放量' },
  { value: 'video_count', label: '按视频数' },
  { value: 'growth_rate', label: '按增长率' },
] as const;

type TopicSort = TsoTopicsRequest['sort'];

const tso = libraryOf('TSO');

/**
 * TikTok topic lists (/KeywordTSOList/ecoTopic and /creativeIdeaTopics, 000 §2.3): the topics of a
 * country ranked by views, video count or growth, with the guest prompt and the grade's row cap.
 */
export default function TsoTopicListPage() {
  const { tabVal } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const parsedKind = tsoTopicKindSchema.safeParse(tabVal ?? 'ecoTopic');
  const kind: TsoTopicKind = parsedKind.success ? parsedKind.data : 'ecoTopic';
  const country = countryFromQuery(params.get('country'));
  const [sort, setSort] = useState<TopicSort>('views');
  const [page, setPage] = useState(1);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new list starts on its first page.
  useEffect(() => setPage(1), [kind, country, sort]);

  const topics = useTsoTopics({ kind, country, sort, page_no: page, page_size: LIBRARY_PAGE_SIZE });
  useEffect(() => {
    if (topics.error) handleQuotaFailure(topics.error);
  }, [topics.error]);

  if (!parsedKind.success) return <Navigate to={`/KeywordTSOList/ecoTopic?country=${country}`} replace />;

  const list = topics.data;
  const rows = list?.result ?? [];
  const columns: TableColumnsType<TsoTopicRow> = [
    { title: '排名', dataIndex: 'rank', key: 'rank', width: 64, align: 'center' },
    {
      title: '话题',
      dataIndex: 'topic',
      key: 'topic',
      render: (_, row) => (
        <Link to={tsoTopicDetailPath(row)} className="kw-keyword-link">
          #{row.topic}
        </Link>
      ),
    },
    {
      title: '播放量',
      dataIndex: 'views',
      key: 'views',
      align: 'right',
      render: (value: TsoTopicRow['views']) => <span className="kw-figure">{formatFigure(value)}</span>,
    },
    {
      title: '视频数',
      dataIndex: 'video_count',
      key: 'video_count',
      align: 'right',
      render: (value: TsoTopicRow['video_count']) => <span className="kw-figure">{formatFigure(value)}</span>,
    },
    {
      title: '7日增长',
      dataIndex: 'growth_rate',
      key: 'growth_rate',
      align: 'right',
      render: (value: TsoTopicRow['growth_rate']) => <GrowthText rate={value} />,
    },
  ];

  return (
    <div className="kw-page" data-testid="tso-topic-page">
      <section className="kw-hero kw-hero--compact" style={{ '--accent': tso.color } as CSSProperties}>
        <div className="kw-hero-inner">
          <div className="page-hero page-hero--top kw-hero-head">
            <div className="kw-hero-heading">
              <span className="kw-hero-icon">
                <GlobalOutlined />
              </span>
              <div>
                <h1 className="kw-hero-title">TikTok话题榜</h1>
                <p className="kw-hero-subtitle">各国家与地区的电商话题与创意灵感话题，按播放量、视频数与增长率排行</p>
              </div>
            </div>
            <div className="kw-topic-country">
              <CountrySelect
                value={country}
                onChange={(code) => void navigate(`/KeywordTSOList/${kind}?country=${code}`)}
              />
            </div>
          </div>
        </div>
      </section>
      <div className="kw-content">
        <nav className="kw-tabs" aria-label="话题分类" style={{ '--accent': tso.color } as CSSProperties}>
          {tsoTopicKindSchema.options.map((item) => (
            <NavLink
              key={item}
              to={`/KeywordTSOList/${item}?country=${country}`}
              className={`kw-tab${item === kind ? ' is-active' : ''}`}
            >
              {topicTabs[item].label}
            </NavLink>
          ))}
        </nav>
        <div className="kw-results" data-testid="tso-topics">
          <ResultsToolbar
            title={
              <>
                {topicTabs[kind].label}
                <span className="kw-toolbar-explain">{topicTabs[kind].explain}</span>
              </>
            }
            total={list ? list.total_record : null}
            asOf={latestAsOf(rows)}
            actions={
              <Segmented
                value={sort}
                onChange={(value) => setSort(value as TopicSort)}
                options={sortOptions.map((option) => ({ ...option }))}
              />
            }
          />
          <Table<TsoTopicRow>
            className="data-table kw-table"
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={topics.isFetching}
            pagination={false}
            locale={{ emptyText: <NoData text={topics.isPending ? ' ' : undefined} size="small" /> }}
          />
          <ResultsFooter list={list} page={page} shown={rows.length} onPageChange={setPage} />
        </div>
      </div>
    </div>
  );
}
