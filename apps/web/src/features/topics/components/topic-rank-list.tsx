import type { TopicKind, TopicList, TopicRow, VideoSort } from '@dso/contract';
import { Drawer, Segmented, Skeleton } from 'antd';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { FeedFooter, GrowthText, LoadFailed, NoData } from '../../../components';
import { formatFigure } from '../../../lib/figures';
import { useListFeed } from '../../videos';
import { TOPIC_PAGE_SIZE, type TopicSort, useTopicList, useTopicVideos } from '../api/topic-lists';
import { TOPIC_LOAD_EVENT } from '../topics';
import { VideoFeed } from './video-feed';

const topicSorts: Array<{ value: TopicSort; label: string }> = [
  { value: 'heat', label: '按热度' },
  { value: 'video_count', label: '按作品数' },
  { value: 'growth', label: '按增长' },
];

const videoSorts: Array<{ value: VideoSort; label: string }> = [
  { value: 'good_count', label: '最多点赞' },
  { value: 'create_time', label: '最新发布' },
];

const DRAWER_CLASS = 'tp-drawer';

/**
 * The works under a topic, in a drawer over the list. Closing gives the focus straight back to the
 * element that opened it (`opener`); antd does that only once the slide-out has ended, and the works
 * holding the focus were unmounted at once, so for half a second the focus sat on the page's body.
 */
function TopicVideosDrawer({
  topic,
  onClose,
  opener,
}: {
  topic: TopicRow | null;
  onClose(): void;
  opener(): HTMLElement | null;
}) {
  const [sort, setSort] = useState<VideoSort>('good_count');
  // The topic on show: kept while the drawer slides out, so the work holding the focus stays put.
  const [shown, setShown] = useState<TopicRow | null>(topic);
  if (topic && topic !== shown) setShown(topic);
  const query = useTopicVideos(shown?.id ?? null, sort);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (topic) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    // After the closing render the drawer's focus lock is released, so the opener can take the focus;
    // a focus the user already put elsewhere stays where it is.
    const active = document.activeElement;
    if (!active || active === document.body || active.closest(`.${DRAWER_CLASS}`)) {
      opener()?.focus({ preventScroll: true });
    }
  }, [topic, opener]);
  /**
   * Escape from inside the drawer closes it. antd leaves Escape to the topmost overlay it knows of, and
   * a video dialog opened from here stays topmost until its close animation ends, so an Escape pressed
   * as soon as the dialog let go reached nothing. Overlays rendered through portals (and their keys)
   * are outside the drawer's own DOM and keep their Escape.
   */
  const closeOnEscape = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.nativeEvent.isComposing || !topic) return;
    if (event.currentTarget.contains(event.target as Node)) onClose();
  };
  return (
    <Drawer
      open={topic !== null}
      onClose={onClose}
      onKeyDown={closeOnEscape}
      afterOpenChange={(visible) => {
        if (!visible) setShown(null);
      }}
      rootClassName={DRAWER_CLASS}
      size={760}
      title={shown ? `#${shown.name}` : ''}
      destroyOnHidden
      extra={<Segmented value={sort} onChange={(value) => setSort(value as VideoSort)} options={videoSorts} />}
    >
      {shown && (
        <div data-testid="topic-videos">
          <p className="tp-muted">
            热度 {formatFigure(shown.heat)} · 作品数 {formatFigure(shown.video_count)} · 日期 {shown.day}
          </p>
          <VideoFeed query={query} emptyText="该话题下暂无作品" label={`#${shown.name} 的作品`} />
        </div>
      )}
    </Drawer>
  );
}

function TopicRowView({ row, onOpen }: { row: TopicRow; onOpen(row: TopicRow, opener: HTMLElement): void }) {
  return (
    <li className={`tp-row${row.rank <= 3 ? ' tp-row--top' : ''}`} data-testid="topic-row">
      <span className="tp-cell tp-cell--rank">
        <span className="tp-rank">{row.rank}</span>
      </span>
      <span className="tp-cell tp-cell--name">
        <button type="button" className="tp-topic" onClick={(event) => onOpen(row, event.currentTarget)}>
          #{row.name}
        </button>
      </span>
      <span className="tp-cell tp-cell--num">{formatFigure(row.heat)}</span>
      <span className="tp-cell tp-cell--num">{formatFigure(row.video_count)}</span>
      <span className="tp-cell tp-cell--num">
        <GrowthText rate={row.growth} />
      </span>
      <span className="tp-cell tp-cell--action">
        <button type="button" className="tp-link" onClick={(event) => onOpen(row, event.currentTarget)}>
          查看作品
        </button>
      </span>
    </li>
  );
}

/**
 * A day's video or image-text topics as a ranked list that loads on as the page scrolls (the route's
 * topicListLoad); a topic opens its works in a drawer, where any work opens the video dialog.
 */
export function TopicRankList({ kind }: { kind: TopicKind }) {
  const [sort, setSort] = useState<TopicSort>('heat');
  const [open, setOpen] = useState<TopicRow | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const openTopic = (row: TopicRow, from: HTMLElement) => {
    opener.current = from;
    setOpen(row);
  };
  const closeTopic = useCallback(() => setOpen(null), []);
  const openerOf = useCallback(() => opener.current, []);
  const query = useTopicList(kind, sort);
  const feed = useListFeed<TopicList, TopicRow>(query, { pageSize: TOPIC_PAGE_SIZE, loadEvent: TOPIC_LOAD_EVENT });
  const day = feed.first?.result[0]?.day ?? null;

  let body: React.ReactNode;
  if (query.isPending) body = <Skeleton active paragraph={{ rows: 10 }} />;
  else if (query.isError) body = <LoadFailed message="话题加载失败" onRetry={() => void query.refetch()} />;
  else if (feed.rows.length === 0) body = <NoData text="暂无话题数据" />;
  else {
    body = (
      <>
        <div className="surface-box tp-list" data-testid="topic-list">
          <div className="tp-row tp-row--head" role="presentation">
            <span className="tp-cell tp-cell--rank">排名</span>
            <span className="tp-cell tp-cell--name">话题</span>
            <span className="tp-cell tp-cell--num">热度</span>
            <span className="tp-cell tp-cell--num">作品数</span>
            <span className="tp-cell tp-cell--num">较前一日</span>
            <span className="tp-cell tp-cell--action" />
          </div>
          <ol className="tp-rows">
            {feed.rows.map((row) => (
              <TopicRowView key={row.id} row={row} onOpen={openTopic} />
            ))}
          </ol>
        </div>
        <FeedFooter feed={feed} loginVariant="rank" className="tp-footer" />
      </>
    );
  }

  return (
    <section className="tp-section">
      <div className="tp-toolbar">
        <span className="tp-muted">{day ? `数据日期 ${day}` : ''}</span>
        <Segmented value={sort} onChange={(value) => setSort(value as TopicSort)} options={topicSorts} />
      </div>
      {body}
      <TopicVideosDrawer topic={open} onClose={closeTopic} opener={openerOf} />
    </section>
  );
}
