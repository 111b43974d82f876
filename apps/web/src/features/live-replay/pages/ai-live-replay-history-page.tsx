import { liveReplayMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Button, List, Popconfirm, Progress, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppPagination, NoData, PageHero, useRemoveFromPage } from '../../../components';
import { formatElapsed } from '../../live';
import { isUnfinished, removeReplay, replayKeys, replayListQuery } from '../api/live-replay';
import { ReplayStatusTag } from '../components/replay-status';
import { LiveReplayRoute, replayPath } from '../live-replay-link';
import '../live-replay.css';

const PAGE_SIZE = 10;

/** /AiLiveReplayHistory (直播复盘历史): the user's replays, newest first, unfinished ones updating. */
export default function AiLiveReplayHistoryPage() {
  const [page, setPage] = useState(1);
  const list = useQuery(replayListQuery(page, PAGE_SIZE));
  const rows = list.data?.result ?? [];
  const remove = useRemoveFromPage({
    page,
    onPageChange: setPage,
    itemsOnPage: rows.length,
    deleteItem: removeReplay,
    removedText: liveReplayMessages.removed,
    queryKey: replayKeys.all,
  });

  return (
    <div className="tool-page" data-testid="ai-live-replay-history-page">
      <PageHero title="直播复盘历史" subtitle="复盘报告会一直保留，删除后不可恢复" look="tool">
        <Link to={LiveReplayRoute.start}>
          <Button type="primary">新建复盘</Button>
        </Link>
      </PageHero>
      {list.isSuccess && list.data.total_record === 0 ? (
        <NoData text="暂无复盘记录" />
      ) : (
        <>
          <List
            loading={list.isPending}
            dataSource={rows}
            rowKey="id"
            data-testid="replay-history"
            renderItem={(replay) => (
              <List.Item
                data-testid="replay-history-item"
                actions={[
                  <Link key="open" to={replayPath(replay.id)}>
                    <Button size="small">查看</Button>
                  </Link>,
                  <Popconfirm key="delete" title="确定删除这条复盘记录吗？" onConfirm={() => remove(replay.id)}>
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  title={
                    <span className="lr-history__title">
                      <Link to={replayPath(replay.id)}>{replay.title || '直播复盘'}</Link>
                      <ReplayStatusTag replay={replay} />
                      <Tag>{replay.source === 'session' ? '直播场次' : '上传录像'}</Tag>
                      {replay.sandbox && <Tag color="orange">沙箱示例输出</Tag>}
                    </span>
                  }
                  description={
                    <span>
                      {formatTime(replay.created_at, 'YYYY-MM-DD HH:mm')} 提交
                      {replay.duration > 0 && ` · 时长 ${formatElapsed(0, replay.duration, 0)}`}
                      {replay.status === 'failed' && replay.error && (
                        <span className="lr-error"> · {replay.error}</span>
                      )}
                    </span>
                  }
                />
                {isUnfinished(replay) && (
                  <Progress percent={replay.progress} size="small" className="lr-history__progress" />
                )}
              </List.Item>
            )}
          />
          <AppPagination
            total={list.data?.total_record ?? 0}
            current={page}
            pageSize={PAGE_SIZE}
            onChange={setPage}
            hideOnSinglePage
          />
        </>
      )}
    </div>
  );
}
