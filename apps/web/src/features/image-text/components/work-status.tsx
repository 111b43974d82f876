import type { ImageTextSummary } from '@dso/contract';
import { Progress, Tag } from 'antd';

/** Where a work stands, as a tag: writing, drawing n/m, done, or failed with its reason. */
export function WorkStatus({
  work,
}: {
  work: Pick<ImageTextSummary, 'status' | 'image_count' | 'images_total' | 'error'>;
}) {
  if (work.status === 'writing') return <Tag color="processing">文案生成中</Tag>;
  if (work.status === 'drawing') {
    return (
      <span className="it-status" data-testid="work-drawing">
        <Tag color="processing">
          图片生成中 {work.image_count}/{work.images_total || '…'}
        </Tag>
        <Progress
          percent={work.images_total ? Math.round((work.image_count / work.images_total) * 100) : 0}
          size="small"
          showInfo={false}
          style={{ width: 80, margin: 0 }}
        />
      </span>
    );
  }
  if (work.status === 'failed') {
    return (
      <Tag color="error" title={work.error ?? undefined}>
        生成失败{work.error ? `：${work.error}` : ''}
      </Tag>
    );
  }
  return <Tag color="success">已完成</Tag>;
}
