import { type LiveReplaySummary, liveReplayStageLabels } from '@dso/contract';
import { Progress, Tag } from 'antd';

/** A replay's state as a tag: 排队中, the running stage, 已完成 or 复盘失败. */
export function ReplayStatusTag({ replay }: { replay: Pick<LiveReplaySummary, 'status' | 'stage'> }) {
  if (replay.status === 'done') return <Tag color="success">已完成</Tag>;
  if (replay.status === 'failed') return <Tag color="error">复盘失败</Tag>;
  return <Tag color="processing">{liveReplayStageLabels[replay.stage]}</Tag>;
}

/** A replay in progress: its stage and how far it has come. */
export function ReplayProgress({ replay }: { replay: Pick<LiveReplaySummary, 'status' | 'stage' | 'progress'> }) {
  return (
    <div className="lr-progress" data-testid="replay-progress">
      <p className="lr-progress__stage">
        <ReplayStatusTag replay={replay} /> AI 正在复盘这场直播，完成后自动显示报告，可以先离开本页，稍后到复盘历史查看
      </p>
      <Progress percent={replay.progress} status="active" />
    </div>
  );
}
