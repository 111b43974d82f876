import { CheckCircleFilled } from '@ant-design/icons';
import type { CollectType, FavouriteItem, Platform } from '@dso/contract';
import { collectTypes } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { Avatar, Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { CompetitionStars, GrowthText } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { keywordDetailPath } from '../../../lib/keyword-addresses';
import { CreatorClassTags, personDetailPath } from '../../creators';
import { VideoCard } from '../../videos';

/** What a row shows in place of a subject the library no longer holds (its list row is null). */
export const goneTexts = {
  keyword: '词库暂无该词数据',
  video: '该视频已不在视频库中',
  creator: '该达人已不在达人库中',
} as const;

export interface FavouriteListProps {
  type: CollectType;
  items: readonly FavouriteItem[];
  /** 取消收藏 of one subject. */
  onRemove(item: FavouriteItem): void;
  /** The subject being let go, so its button spins. */
  removing: string | null;
}

const collectedAt = (item: FavouriteItem) => formatTime(item.created_at * 1000, 'YYYY-MM-DD HH:mm');

function RemoveButton({
  item,
  onRemove,
  removing,
}: Omit<FavouriteListProps, 'items' | 'type'> & { item: FavouriteItem }) {
  return (
    <Button
      size="small"
      type="link"
      loading={removing === item.subject}
      onClick={() => onRemove(item)}
      aria-label={`取消收藏 ${item.subject}`}
    >
      取消收藏
    </Button>
  );
}

/** Under a collected creator or work: when it was collected, and the button that lets it go. */
function CollectedLine({
  className,
  ...remove
}: Omit<FavouriteListProps, 'items' | 'type'> & { item: FavouriteItem; className: string }) {
  return (
    <div className={className}>
      <span className="fav-muted">收藏于 {collectedAt(remove.item)}</span>
      <RemoveButton {...remove} />
    </div>
  );
}

const dash = '—';

/** Collected keywords of a library as a table of their current figures; the keyword opens its detail page. */
export function FavouriteKeywords({ type, items, onRemove, removing }: FavouriteListProps) {
  const platform = collectTypes[type].platform as Platform;
  const columns: ColumnsType<FavouriteItem> = [
    {
      key: 'keyword',
      title: '关键词',
      render: (_, item) =>
        item.keyword ? (
          <Link to={keywordDetailPath({ platform, keyword: item.subject })} className="fav-keyword">
            {item.subject}
          </Link>
        ) : (
          <span className="fav-keyword fav-keyword--gone">
            {item.subject}
            <Tag className="fav-gone-tag">{goneTexts.keyword}</Tag>
          </span>
        ),
    },
    {
      key: 'search_index',
      title: '搜索指数',
      align: 'right',
      render: (_, item) => (item.keyword ? formatFigure(item.keyword.search_index) : dash),
    },
    {
      key: 'month_cover_count',
      title: '月覆盖量',
      align: 'right',
      render: (_, item) => (item.keyword ? formatFigure(item.keyword.month_cover_count) : dash),
    },
    {
      key: 'growth_rate',
      title: '7日增长率',
      align: 'right',
      render: (_, item) => (item.keyword ? <GrowthText rate={item.keyword.growth_rate} /> : dash),
    },
    {
      key: 'competition',
      title: '竞争度',
      render: (_, item) => (item.keyword ? <CompetitionStars value={item.keyword.competition} /> : dash),
    },
    { key: 'created_at', title: '收藏时间', render: (_, item) => collectedAt(item) },
    {
      key: 'action',
      title: '操作',
      render: (_, item) => <RemoveButton item={item} onRemove={onRemove} removing={removing} />,
    },
  ];
  return (
    <Table
      className="fav-table"
      rowKey="subject"
      columns={columns}
      dataSource={items as FavouriteItem[]}
      pagination={false}
      scroll={{ x: 720 }}
      data-testid="favourite-keywords"
    />
  );
}

/** Collected creators: avatar (or its placeholder), name to /person/detail, 抖音号, followers and class. */
export function FavouriteCreators({ items, onRemove, removing }: FavouriteListProps) {
  return (
    <ul className="fav-creators" aria-label="收藏的达人">
      {items.map((item) => {
        const creator = item.creator;
        return (
          <li key={item.subject} className="fav-creator" data-testid="favourite-creator">
            {creator ? (
              <>
                <Link to={personDetailPath(creator.user_id)} tabIndex={-1} aria-hidden="true">
                  <Avatar size={48} src={creator.avatar_larger || undefined} className="fav-creator__avatar">
                    {creator.nick_name.slice(0, 1)}
                  </Avatar>
                </Link>
                <div className="fav-creator__text">
                  <div className="fav-creator__name">
                    <Link to={personDetailPath(creator.user_id)}>{creator.nick_name}</Link>
                    {creator.verified && <CheckCircleFilled className="fav-verified" aria-label="已认证" />}
                  </div>
                  <div className="fav-muted">
                    粉丝 <b className="fav-strong">{formatFigure(creator.total_follower_count)}</b>
                  </div>
                  {creator.unique_id && <div className="fav-muted">抖音号：{creator.unique_id}</div>}
                  <div>
                    <CreatorClassTags creator={creator} />
                  </div>
                </div>
              </>
            ) : (
              <>
                <Avatar size={48} className="fav-creator__avatar">
                  ?
                </Avatar>
                <div className="fav-creator__text">
                  <div className="fav-creator__name fav-muted">{goneTexts.creator}</div>
                  <div className="fav-muted">用户 ID：{item.subject}</div>
                </div>
              </>
            )}
            <CollectedLine className="fav-creator__side" item={item} onRemove={onRemove} removing={removing} />
          </li>
        );
      })}
    </ul>
  );
}

/** Collected works as the shared video cards (the cover and title open the video dialog). */
export function FavouriteVideos({ items, onRemove, removing }: FavouriteListProps) {
  return (
    <ul className="vl-grid fav-videos" aria-label="收藏的视频">
      {items.map((item) => (
        <li key={item.subject} className="fav-video" data-testid="favourite-video">
          {item.video ? (
            <VideoCard video={item.video} />
          ) : (
            <div className="fav-video__gone">
              <span>{goneTexts.video}</span>
              <span className="fav-muted">视频 ID：{item.subject}</span>
            </div>
          )}
          <CollectedLine className="fav-video__foot" item={item} onRemove={onRemove} removing={removing} />
        </li>
      ))}
    </ul>
  );
}
