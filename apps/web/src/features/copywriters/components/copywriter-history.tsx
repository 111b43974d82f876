import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { AppPagination, NoData, openLoginDialog } from '../../../components';
import { AiHistoryItem } from '../../../components/ai-text/ai-history-item';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { deleteCopywriterWork, useCopywriterWorks } from '../api/copywriters';

const PAGE_SIZE = 10;

/** 历史文案: the user's saved scripts, newest first; each reopens in the workspace or is deleted. */
export function CopywriterHistory({ onOpen }: { onOpen(id: number): void }) {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const works = useCopywriterWorks(page, PAGE_SIZE);
  const list = works.data?.list ?? [];

  const remove = async (id: number) => {
    try {
      await deleteCopywriterWork(id);
      toast('删除成功', 'success');
      if (list.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: ['copywriters', 'works'] });
    } catch {
      // The client's response handler has shown the reason.
    }
  };

  if (!token) {
    return (
      <div data-testid="copywriter-history">
        <NoData text="登录后查看历史文案" />
        <div className="cw-actions" style={{ justifyContent: 'center' }}>
          <Button type="primary" onClick={openLoginDialog}>
            登录
          </Button>
        </div>
      </div>
    );
  }
  if (works.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.length === 0) return <NoData text="还没有保存的文案" />;
  return (
    <div data-testid="copywriter-history">
      <ul className="cw-history">
        {list.map((work) => (
          <AiHistoryItem
            key={work.id}
            className="cw-panel cw-history__item"
            title={work.title}
            excerpt={work.excerpt}
            source={`关键词：${work.keyword}`}
            updatedAt={work.updated_at}
            sandbox={work.sandbox}
            open={{ onOpen: () => onOpen(work.id) }}
            deleteQuestion="确定删除这条文案吗？"
            onDelete={() => void remove(work.id)}
          />
        ))}
      </ul>
      <AppPagination
        total={works.data?.total ?? 0}
        current={page}
        pageSize={PAGE_SIZE}
        onChange={setPage}
        hideOnSinglePage
      />
    </div>
  );
}
