import { formatTime } from '@dso/domain';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Tag } from 'antd';
import { Link, useParams } from 'react-router';
import { NoData, PageHero } from '../../../components';
import { recordIdOf } from '../../../lib/record-id';
import { formatElapsed } from '../../live';
import { isUnfinished, replayQuery } from '../api/live-replay';
import { ReplayReport } from '../components/replay-report';
import { ReplayProgress } from '../components/replay-status';
import { LiveReplayRoute } from '../live-replay-link';
import '../live-replay.css';

/** /liveReplay/{liveId}: one replay (liveId is its id): its progress while it runs, then its report. */
export default function LiveReplayPage() {
  const { liveId } = useParams();
  const id = recordIdOf(liveId);
  const replay = useQuery({ ...replayQuery(id ?? 0), enabled: id !== null });

  if (id === null || replay.isError) {
    return (
      <div className="tool-page">
        <NoData text="复盘记录不存在或已删除" />
      </div>
    );
  }
  if (!replay.data) {
    return (
      <div className="tool-page">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  const data = replay.data;
  return (
    <div className="tool-page" data-testid="live-replay-page">
      <PageHero
        look="tool"
        title={
          <>
            {data.title || '直播复盘'}
            {data.sandbox && data.status === 'done' && (
              <Tag color="orange" className="lr-hero__tag">
                沙箱示例输出
              </Tag>
            )}
          </>
        }
        subtitle={
          <>
            {data.source === 'session' ? `直播间 ${data.room_id}` : '上传的直播录像'} ·{' '}
            {formatTime(data.created_at, 'YYYY-MM-DD HH:mm')} 提交
            {data.duration > 0 && ` · 时长 ${formatElapsed(0, data.duration, 0)}`}
          </>
        }
      >
        <Link to={LiveReplayRoute.history}>
          <Button>复盘历史</Button>
        </Link>
      </PageHero>
      {isUnfinished(data) && <ReplayProgress replay={data} />}
      {data.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message="复盘失败，未扣除次数"
          description={data.error}
          action={
            <Link to={LiveReplayRoute.start}>
              <Button size="small">重新复盘</Button>
            </Link>
          }
        />
      )}
      {data.status === 'done' && data.report && <ReplayReport replay={data} />}
    </div>
  );
}
