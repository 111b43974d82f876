import { EditOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { AppPagination, NoData, openLoginDialog } from '../../../components';
import { AiHistoryItem } from '../../../components/ai-text/ai-history-item';
import { toast } from '../../../lib/feedback';
import { useSession } from '../../../stores/session';
import { deleteWritingWork, useWritingWorks } from '../api/writing';
import { reopenWorkPath, WritingRoute } from '../writing';
import '../writing.css';

const PAGE_SIZE = 10;

/** /CueWordHistory (创作历史): the user's saved works, newest first; each reopens on /writing or is deleted. */
export default function CueWordHistoryPage() {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const works = useWritingWorks(page, PAGE_SIZE);
  const list = works.data?.list ?? [];

  const remove = async (id: number) => {
    try {
      await deleteWritingWork(id);
      toast('删除成功', 'success');
      // The last row of a later page: go back one page.
      if (list.length === 1 && page > 1) setPage(page - 1);
      await queryClient.invalidateQueries({ queryKey: ['writing', 'works'] });
    } catch {
      // The client's response handler has shown the reason.
    }
  };

  return (
    <div className="wr-page" data-testid="cue-word-history-page">
      <header className="wr-hero">
        <div>
          <h1 className="wr-hero__title">创作历史</h1>
          <p className="wr-hero__subtitle">保存过的 AI 创作，可重新打开编辑或删除</p>
        </div>
        <Link to={WritingRoute.templates}>
          <Button type="primary" icon={<EditOutlined />}>
            新建创作
          </Button>
        </Link>
      </header>
      {!token ? (
        <div>
          <NoData text="登录后查看创作历史" />
          <div className="wr-actions" style={{ justifyContent: 'center' }}>
            <Button type="primary" onClick={openLoginDialog}>
              登录
            </Button>
          </div>
        </div>
      ) : works.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : list.length === 0 ? (
        <NoData />
      ) : (
        <>
          <ul className="wr-history" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {list.map((work) => (
              <AiHistoryItem
                key={work.id}
                className="wr-panel wr-history-item"
                title={work.title}
                excerpt={work.excerpt}
                source={work.template_title}
                updatedAt={work.updated_at}
                sandbox={work.sandbox}
                open={{ to: reopenWorkPath(work.id) }}
                deleteQuestion="确定删除这篇作品吗？"
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
        </>
      )}
    </div>
  );
}
