import { Button, Skeleton } from 'antd';
import { useState } from 'react';
import { useSession } from '../../stores/session';
import { NoData } from '../no-data/no-data';
import { AppPagination } from '../pagination/app-pagination';
import { useRemoveFromPage } from '../pagination/use-remove-from-page';
import { openLoginDialog } from '../upgrade-block/upgrade-actions';
import { AiHistoryItem, type AiHistoryItemProps } from './ai-history-item';
import './ai-text.css';

/** What every saved AI text carries that its history item shows. */
export interface SavedText {
  id: number;
  title: string;
  excerpt: string;
  updated_at: string;
  sandbox: boolean;
}

export interface AiHistoryListProps<Item extends SavedText> {
  /** The feature's saved-work calls (savedWorksApi): its list pages, the delete and the list's key prefix. */
  works: {
    useWorks(page: number, pageSize: number): { data?: { total: number; list: Item[] }; isPending: boolean };
    remove(id: number): Promise<unknown>;
    listKey: readonly unknown[];
  };
  pageSize: number;
  /** 登录后查看创作历史 and the like. */
  loginText: string;
  emptyText?: string;
  className?: string;
  /** Each item's frame, from the page's own styles. */
  itemClassName?: string;
  /** 确定删除这篇作品吗？ and the like. */
  deleteQuestion: string;
  /** What an item was written from, and where (or how) 打开 reopens it. */
  describe(item: Item): Pick<AiHistoryItemProps, 'source' | 'open'>;
}

/**
 * A history of saved AI texts (创作历史, 历史文案): a login prompt for visitors, the page of items with
 * the pagination, and deleting with 删除成功 (going back a page when the last item of a later page goes).
 */
export function AiHistoryList<Item extends SavedText>(props: AiHistoryListProps<Item>) {
  const token = useSession((state) => state.token);
  const [page, setPage] = useState(1);
  const works = props.works.useWorks(page, props.pageSize);
  const list = works.data?.list ?? [];
  const remove = useRemoveFromPage({
    page,
    onPageChange: setPage,
    itemsOnPage: list.length,
    deleteItem: props.works.remove,
    removedText: '删除成功',
    queryKey: props.works.listKey,
  });

  if (!token) {
    return (
      <div>
        <NoData text={props.loginText} />
        <div className="ai-history__login">
          <Button type="primary" onClick={openLoginDialog}>
            登录
          </Button>
        </div>
      </div>
    );
  }
  if (works.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (list.length === 0) return <NoData {...(props.emptyText ? { text: props.emptyText } : {})} />;
  return (
    <>
      <ul className={`ai-history ${props.className ?? ''}`}>
        {list.map((item) => (
          <AiHistoryItem
            key={item.id}
            {...(props.itemClassName ? { className: props.itemClassName } : {})}
            title={item.title}
            excerpt={item.excerpt}
            updatedAt={item.updated_at}
            sandbox={item.sandbox}
            {...props.describe(item)}
            deleteQuestion={props.deleteQuestion}
            onDelete={() => void remove(item.id)}
          />
        ))}
      </ul>
      <AppPagination
        total={works.data?.total ?? 0}
        current={page}
        pageSize={props.pageSize}
        onChange={setPage}
        hideOnSinglePage
      />
    </>
  );
}
