import { type HotWordWire, type VideoComment, videoLimits, videoMessages } from '@dso/contract';
import { abbreviateNumber, formatTime } from '@dso/domain';
import { Avatar, Button, Skeleton, Spin } from 'antd';
import { type UIEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isRefusal, NoData } from '../../../components';
import { type ChartOption, EChart, useChartTheme } from '../../../lib/charts';
import { getVideoComments } from '../api/get-video-comments';
import { useVideoHotWords } from '../api/get-video-hot-words';
import { TabFailure } from './refusal';

/** The top 10 hot words as horizontal bars, the most frequent on top. */
export function hotWordsOption(words: readonly HotWordWire[], color: string): ChartOption {
  const top = [...words].slice(0, videoLimits.hotWords).reverse();
  return {
    color: [color],
    tooltip: { trigger: 'axis' },
    grid: { left: 80, right: 24, top: 8, bottom: 24 },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: top.map((word) => word.name) },
    series: [{ type: 'bar', barMaxWidth: 14, data: top.map((word) => word.count) }],
  };
}

function HotWords({ awemeId }: { awemeId: string }) {
  const query = useVideoHotWords(awemeId);
  const { palette } = useChartTheme();
  const option = useMemo(
    () => (query.data && query.data.length > 0 ? hotWordsOption(query.data, palette.series[0] ?? '#3b6cff') : null),
    [query.data, palette],
  );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <TabFailure error={query.error} type="comment" onRetry={() => void query.refetch()} />;
  return (
    <section className="vd-card">
      <h3 className="vd-card__title">评论热词 TOP10</h3>
      {option ? (
        <EChart option={option} height={280} ariaLabel="评论热词" testId="hot-words-chart" />
      ) : (
        <NoData text={videoMessages.noData} />
      )}
    </section>
  );
}

/** Where the list stands: loading a page, offering the one reload, or at its end. */
type ListState = 'loading' | 'idle' | 'retry' | 'end';

function CommentItem({ comment }: { comment: VideoComment }) {
  return (
    <li className="vd-comment">
      <Avatar src={comment.user.avatar_thumb.url_list[0]} size={32} />
      <div className="vd-comment__body">
        <div className="vd-comment__nick">{comment.user.nickname}</div>
        <p className="vd-comment__text">{comment.text}</p>
        <div className="vd-head__muted">
          {formatTime(comment.create_time * 1000, 'YYYY-MM-DD HH:mm')} · 赞{' '}
          {abbreviateNumber(comment.digg_count, 1, { zero: true })}
        </div>
      </div>
    </li>
  );
}

/**
 * The comment list (002 §2, §4): 20 a page, loaded as the list scrolls, up to page 10. An empty or
 * failed page offers one reload; after that (or past the last page) the list ends with
 * ~更多评论，扫码查看完整视频~.
 */
function CommentList({ awemeId, onRefused }: { awemeId: string; onRefused(error: unknown): void }) {
  const [comments, setComments] = useState<VideoComment[]>([]);
  const [nextPage, setNextPage] = useState(1);
  const [state, setState] = useState<ListState>('loading');
  const retried = useRef(false);
  const busy = useRef(false);

  const load = useCallback(
    async (pageNo: number) => {
      if (busy.current) return;
      busy.current = true;
      setState('loading');
      try {
        const page = await getVideoComments(awemeId, pageNo);
        if (page.result.length === 0) throw new Error('empty page');
        setComments((list) => [...list, ...page.result]);
        setNextPage(pageNo + 1);
        retried.current = false;
        setState(page.has_more && pageNo < videoLimits.commentMaxPages ? 'idle' : 'end');
      } catch (error) {
        if (isRefusal(error)) {
          onRefused(error);
          return;
        }
        setState(retried.current ? 'end' : 'retry');
      } finally {
        busy.current = false;
      }
    },
    [awemeId, onRefused],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const box = event.currentTarget;
    if (state === 'idle' && box.scrollTop + box.clientHeight >= box.scrollHeight - 40) void load(nextPage);
  };
  const reload = () => {
    retried.current = true;
    void load(nextPage);
  };

  return (
    <section className="vd-card">
      <h3 className="vd-card__title">评论列表</h3>
      <div className="vd-comments" onScroll={onScroll} data-testid="comment-list">
        <ul>
          {comments.map((comment) => (
            <CommentItem key={comment.cid} comment={comment} />
          ))}
        </ul>
        <div className="vd-comments__footer">
          {state === 'loading' && <Spin size="small" />}
          {state === 'retry' && <Button onClick={reload}>重新加载</Button>}
          {state === 'end' && <span>{videoMessages.commentsEnd}</span>}
        </div>
      </div>
    </section>
  );
}

/** 评论详情 (002 §2): the top-10 hot words and the comment list. */
export function CommentsTab({ awemeId }: { awemeId: string }) {
  const [refusal, setRefusal] = useState<unknown>(null);
  if (refusal) return <TabFailure error={refusal} type="comment" onRetry={() => setRefusal(null)} />;
  return (
    <div className="vd-stack">
      <HotWords awemeId={awemeId} />
      <CommentList awemeId={awemeId} onRefused={setRefusal} />
    </div>
  );
}
