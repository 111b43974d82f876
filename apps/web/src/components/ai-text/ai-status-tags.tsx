import { Tag } from 'antd';
import type { AiStreamStatus } from '../../lib/api/use-ai-stream';

export interface AiStatusTagsProps {
  status: AiStreamStatus;
  /** The sandbox wrote the text and there is some: the 沙箱示例输出 tag shows. */
  sandbox: boolean;
  /** What the tag says while the text streams; 生成中… unless the tool names its work (挑选中…). */
  streamingLabel?: string;
  /** What the tag says once stopped; 已停止 unless the tool says more (已停止生成). */
  stoppedLabel?: string;
}

/**
 * The tags beside a streamed AI text's heading: 沙箱示例输出, the streaming tag and 已停止. They sit
 * beside the text, never in it, so what is copied or saved is the model's text alone.
 */
export function AiStatusTags({
  status,
  sandbox,
  streamingLabel = '生成中…',
  stoppedLabel = '已停止',
}: AiStatusTagsProps) {
  return (
    <>
      {sandbox && (
        <Tag color="orange" data-testid="sandbox-tag">
          沙箱示例输出
        </Tag>
      )}
      {status === 'streaming' && <Tag color="processing">{streamingLabel}</Tag>}
      {status === 'stopped' && <Tag>{stoppedLabel}</Tag>}
    </>
  );
}
