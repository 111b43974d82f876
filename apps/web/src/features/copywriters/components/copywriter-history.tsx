import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Popconfirm, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { AppPagination, NoData, openLoginDialog } from '../../../components';
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
          <li key={work.id} className="cw-panel cw-history__item">
            <div className="cw-output-head">
              <button type="button" className="cw-history__title" onClick={() => onOpen(work.id)}>
                {work.title}
              </button>
              <div className="cw-actions">
                <Button size="small" onClick={() => onOpen(work.id)}>
                  打开
                </Button>
                <Popconfirm
                  title="确定删除这条文案吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => remove(work.id)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} aria-label={`删除 ${work.title}`}>
                    删除
                  </Button>
                </Popconfirm>
              </div>
            </div>
            <p className="cw-history__excerpt">{work.excerpt}</p>
            <span className="cw-hint">
              关键词：{work.keyword} · {dayjs(work.updated_at).format('YYYY-MM-DD HH:mm')}
              {work.sandbox && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  沙箱示例输出
                </Tag>
              )}
            </span>
          </li>
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
