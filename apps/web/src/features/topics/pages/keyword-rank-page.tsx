import { LinkOutlined } from '@ant-design/icons';
import { isCalendarDay, type KeywordRankList } from '@dso/contract';
import { shanghaiDay, trimKeyword } from '@dso/domain';
import { Button, DatePicker, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NoData, PageHero } from '../../../components';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { useKeywordRank } from '../api/topic-lists';
import { useKeywordSearchText } from '../components/use-keyword-search-text';
import { VideoFeed } from '../components/video-feed';
import { keywordRankPath } from '../topics';
import '../topics.css';

const DAY_FORMAT = 'YYYY-MM-DD';

/** The line under the page's title. */
const HERO_SUBTITLE = '查看关键词搜索结果中排名靠前的作品，点开作品查看视频详情';

/**
 * /DouyinKeywordSearchRank?keyword=&date=: the works ranked under a DSO keyword in its search results
 * on a day (the latest ranked day unless one is chosen), by place, each opening the video dialog; a
 * link leads back to the keyword's detail. The route does not scroll infinitely: more rows load with
 * the footer's 点击加载更多.
 */
export default function KeywordRankPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const keyword = trimKeyword(params.get('keyword'));
  const date = isCalendarDay(params.get('date') ?? '') ? params.get('date') : null;
  const { inputProps, submit } = useKeywordSearchText(keyword, (word) => void navigate(keywordRankPath(word, date)));
  const query = useKeywordRank(keyword, date);
  const first = query.data?.pages[0];
  const asOf = first?.as_of ?? date;

  const chooseDay = (day: Dayjs | null) => void navigate(keywordRankPath(keyword, day ? day.format(DAY_FORMAT) : null));

  return (
    <div className="page-column tp-page" data-testid="keyword-rank-page">
      <PageHero title="搜索排名查询" subtitle={HERO_SUBTITLE} className="tp-hero">
        <search className="tp-rank-form">
          <Input {...inputProps} placeholder="请输入关键词" aria-label="请输入关键词" />
          <DatePicker
            size="large"
            aria-label="排名日期"
            placeholder="最新日期"
            value={date ? dayjs(date, DAY_FORMAT) : null}
            onChange={chooseDay}
            disabled={!keyword}
            // Rankings are of Shanghai days: today is China's today, whatever the browser's zone.
            disabledDate={(day) => day.format(DAY_FORMAT) > shanghaiDay()}
          />
          <Button size="large" type="primary" onClick={submit}>
            查询排名
          </Button>
        </search>
      </PageHero>
      {keyword ? (
        <section className="tp-section">
          <div className="tp-toolbar">
            <span>
              “<b>{keyword}</b>”的搜索排名作品
              {asOf && <span className="tp-muted"> · 排名日期 {asOf}</span>}
            </span>
            <Link className="tp-link" to={keywordDetailPath({ platform: 'DSO', keyword })}>
              <LinkOutlined aria-hidden /> 查看关键词详情
            </Link>
          </div>
          <VideoFeed<KeywordRankList['result'][number], KeywordRankList>
            query={query}
            badge={(video) => `第${video.rank}名`}
            emptyText={date ? `“${keyword}”在${date}暂无排名作品` : `“${keyword}”暂无排名作品`}
            label="排名作品"
          />
        </section>
      ) : (
        <NoData text="输入关键词，查看该词搜索结果中排名靠前的作品" />
      )}
    </div>
  );
}
