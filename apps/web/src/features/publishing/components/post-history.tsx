import type { DeliveryStatus } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Pagination, Spin, Tag } from 'antd';
import { useState } from 'react';
import { toast } from '../../../lib/feedback';
import { postsQuery, publishingKeys, retryDelivery } from '../api/publishing';
import '../publishing.css';

/** How each delivery status reads, and its colour. */
export const deliveryStatusLabels: Record<DeliveryStatus, { text: string; color: string }> = {
  queued: { text: '排队中', color: 'default' },
  publishing: { text: '发布中', color: 'processing' },
  published: { text: '已发布', color: 'success' },
  failed: { text: '发布失败', color: 'error' },
};

const PAGE_SIZE = 10;

/** 发布记录 on /oneSend: each post with every account's delivery status, its platform error and 重试. */
export function PostHistory() {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const posts = useQuery(postsQuery(page, PAGE_SIZE));
  const retry = useMutation({
    mutationFn: (id: number) => retryDelivery(id),
    onSuccess: () => toast('已重新提交发布', 'success'),
    onSettled: () => client.invalidateQueries({ queryKey: publishingKeys.all }),
  });
  return (
    <div className="surface-box publishing-card" data-testid="one-send-history">
      <h2 className="surface-box__title">发布记录</h2>
      {posts.isPending ? (
        <div className="publishing-loading">
          <Spin />
        </div>
      ) : !posts.data || posts.data.list.length === 0 ? (
        <Empty description="暂无发布记录" />
      ) : (
        <>
          {posts.data.list.map((post) => (
            <div key={post.id} className="publishing-post" data-testid="post">
              <div className="publishing-post__head">
                <Tag>{post.kind === 'video' ? '视频' : '图文'}</Tag>
                <strong>{post.title || post.media[0]?.name || '未命名作品'}</strong>
                <span className="publishing-post__time">{formatTime(post.created_at, 'YYYY-MM-DD HH:mm')}</span>
              </div>
              <p className="publishing-post__text">{post.text}</p>
              {post.deliveries.map((delivery) => {
                const label = deliveryStatusLabels[delivery.status];
                return (
                  <div key={delivery.id} className="publishing-delivery" data-testid="delivery">
                    <span className="publishing-delivery__name">{delivery.nickname}</span>
                    <Tag color={label.color}>{label.text}</Tag>
                    {delivery.status === 'failed' && (
                      <Button
                        size="small"
                        loading={retry.isPending && retry.variables === delivery.id}
                        onClick={() => retry.mutate(delivery.id)}
                      >
                        重试
                      </Button>
                    )}
                    {delivery.error && <span className="publishing-delivery__error">{delivery.error}</span>}
                  </div>
                );
              })}
            </div>
          ))}
          {posts.data.total > PAGE_SIZE && (
            <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={posts.data.total} onChange={setPage} />
          )}
        </>
      )}
    </div>
  );
}
