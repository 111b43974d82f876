import type { ExtractionSummary } from '@dso/contract';
import { extractionMessages } from '@dso/contract';
import { formatTime } from '@dso/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Pagination, Popconfirm, Tag } from 'antd';
import { useState } from 'react';
import { NoData } from '../../../components';
import { toast } from '../../../lib/feedback';
import { extractionHistoryQuery, extractionKeys, removeExtraction } from '../api/extraction-api';

const PAGE_SIZE = 10;
/** While batch items wait, the history asks again this often. */
const PENDING_POLL_MS = 3_000;

const statusTags = {
  pending: { color: 'processing', text: extractionMessages.pending },
  done: { color: 'success', text: '已完成' },
  failed: { color: 'error', text: '提取失败' },
} as const;

/** The user's extractions, newest first: open one, delete one; batch items show their progress. */
export function ExtractionHistory({ onOpen }: { onOpen(item: ExtractionSummary): void }) {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const history = useQuery({
    ...extractionHistoryQuery(page, PAGE_SIZE),
    refetchInterval: (query) =>
      query.state.data?.result.some((row) => row.status === 'pending') ? PENDING_POLL_MS : false,
  });
  const rows = history.data?.result ?? [];

  const remove = async (id: number) => {
    await removeExtraction(id);
    toast(extractionMessages.removed, 'success');
    await queryClient.invalidateQueries({ queryKey: extractionKeys.all });
  };

  if (history.isSuccess && history.data.total_record === 0) return <NoData text="暂无提取记录" />;
  return (
    <>
      <List
        loading={history.isPending}
        dataSource={rows}
        data-testid="extraction-history"
        rowKey="id"
        renderItem={(item) => (
          <List.Item
            data-testid="extraction-history-item"
            data-aweme-id={item.aweme_id}
            actions={[
              <Button
                key="open"
                type="link"
                size="small"
                disabled={item.status !== 'done'}
                onClick={() => onOpen(item)}
              >
                查看
              </Button>,
              <Popconfirm key="delete" title="确定删除这条提取记录吗？" onConfirm={() => remove(item.id)}>
                <Button type="link" size="small" danger>
                  删除
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <span>
                  <Tag color={statusTags[item.status].color}>{statusTags[item.status].text}</Tag>
                  {item.batch_id && <Tag>批量</Tag>}
                  {item.video_desc || '无标题作品'}
                </span>
              }
              description={
                <span>
                  {formatTime(new Date(item.created_at).getTime(), 'YYYY-MM-DD HH:mm')} ·{' '}
                  {item.status === 'failed' ? item.error : item.excerpt || extractionMessages.pending}
                </span>
              }
            />
          </List.Item>
        )}
      />
      {(history.data?.total_record ?? 0) > PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={PAGE_SIZE}
          total={history.data?.total_record ?? 0}
          onChange={setPage}
          showSizeChanger={false}
          align="center"
        />
      )}
    </>
  );
}
