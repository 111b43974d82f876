import type { CollectType, FavouriteItem } from '@dso/contract';
import { videoLimits } from '@dso/contract';
import { Skeleton, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { AppPagination, CentreSection, LoadFailed, NoData } from '../../../components';
import { collectTabs, useFavourites, useSetCollected } from '../../favourites';
import { FavouriteCreators, FavouriteKeywords, type FavouriteListProps, FavouriteVideos } from './favourite-lists';
import '../favourites.css';

const PAGE_SIZE = videoLimits.defaultPageSize;

const listOf: Record<CollectType, (props: FavouriteListProps) => React.ReactNode> = {
  collectDouyin: FavouriteKeywords,
  collectRso: FavouriteKeywords,
  collectUser: FavouriteCreators,
  collectVideo: FavouriteVideos,
};

/** One tab: a page of the type's favourites with their current figures, 取消收藏 and the pager. */
function FavouritesTab({ type }: { type: CollectType }) {
  const [page, setPage] = useState(1);
  const query = useFavourites(type, page, PAGE_SIZE);
  const remove = useSetCollected();
  const data = query.data;
  // Letting go of the last favourite of a later page shows the page before it.
  useEffect(() => {
    if (data && data.result.length === 0 && page > 1) setPage(Math.max(1, Math.ceil(data.total_record / PAGE_SIZE)));
  }, [data, page]);

  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) {
    return <LoadFailed onRetry={() => void query.refetch()} />;
  }
  if (query.data.total_record === 0) return <NoData />;
  const List = listOf[type];
  const onRemove = (item: FavouriteItem) => remove.mutate({ type, subject: item.subject, collected: false });
  return (
    <div className="fav-tab" data-testid={`favourites-${type}`}>
      <p className="fav-muted fav-total">共 {query.data.total_record} 条收藏</p>
      <List
        type={type}
        items={query.data.result}
        onRemove={onRemove}
        removing={remove.isPending ? (remove.variables?.subject ?? null) : null}
      />
      <AppPagination
        total={query.data.total_record}
        current={page}
        pageSize={PAGE_SIZE}
        hideOnSinglePage
        onChange={(next) => setPage(next)}
        className="fav-pagination"
      />
    </div>
  );
}

export interface FavouritesSectionProps {
  /** The tab the address names (`type`). */
  type: CollectType;
  /** Writes another tab into the address, so a reload and the menu entries land on it. */
  onTypeChange(type: CollectType): void;
}

/**
 * 我的收藏 in the personal centre (000 §2.3): the collected DSO keywords, RSO keywords,
 * creators and videos in four tabs, each with its subjects' current figures from the library.
 */
export default function FavouritesSection({ type, onTypeChange }: FavouritesSectionProps) {
  return (
    <CentreSection titleId="setting-favourites-title" title="我的收藏" className="fav-section">
      <Tabs
        activeKey={type}
        destroyOnHidden
        onChange={(next) => onTypeChange(next as CollectType)}
        items={collectTabs.map((tab) => ({
          key: tab.type,
          label: tab.label,
          children: tab.type === type ? <FavouritesTab type={tab.type} /> : null,
        }))}
      />
    </CentreSection>
  );
}
