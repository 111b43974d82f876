import { keywordLimits, trimKeyword } from '@dso/domain';
import { Input, Segmented, Skeleton } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FeedFooter, LoadFailed, NoData, PageHero } from '../../../components';
import { useListFeed } from '../../../components/list-footer/use-list-feed';
import { useSession } from '../../../stores/session';
import { CREATOR_PAGE_SIZE, type CreatorListParams, useCreatorList } from '../api/get-creator-list';
import { CreatorFilterBar } from '../components/creator-filter-bar';
import { CreatorRows } from '../components/creator-rows';
import { creatorSorts, readLibraryParams, writeLibraryParams } from '../library-params';
import '../creators.css';

/** The route table's load event of /personListLibrary (fired when the app container reaches its end). */
export const PERSON_LIST_LOAD_EVENT = 'personListLoad';

function LibraryList({ params }: { params: CreatorListParams }) {
  const token = useSession((state) => state.token);
  const query = useCreatorList(params, token ? 'user' : 'guest');
  const feed = useListFeed(query, {
    pageSize: CREATOR_PAGE_SIZE,
    loadEvent: PERSON_LIST_LOAD_EVENT,
  });
  const { rows, total } = feed;
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return <LoadFailed className="cr-empty" message="达人加载失败" onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) return <NoData text="没有符合条件的达人，换个条件试试" />;
  return (
    <>
      <p className="cr-total" data-testid="creator-total">
        共找到 {total ?? 0}
        {query.data?.pages[0]?.total_estimated ? '+' : ''} 位达人
      </p>
      <CreatorRows rows={rows} label="达人列表" />
      <FeedFooter feed={feed} className="cr-footer" />
    </>
  );
}

/**
 * /personListLibrary: the creator library. A nickname search (the header search 达人 lands here with
 * `keyword`), filters by 领域, 粉丝量级, 地区 and 带货, three sorts, and the creators as an infinitely
 * scrolling list with the list footer. Every filter lives in the address.
 */
export default function CreatorLibraryPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readLibraryParams(search), [search]);
  const [text, setText] = useState(params.keyword);
  useEffect(() => setText(params.keyword), [params.keyword]);

  const update = (next: Partial<CreatorListParams>) =>
    setSearch(writeLibraryParams({ ...params, ...next }), { replace: true });

  return (
    <div className="page-column cr-page" data-testid="creator-library-page">
      <PageHero title="达人库" subtitle="按领域、粉丝量级、地区与带货能力查找抖音创作者" className="cr-hero">
        <Input.Search
          className="cr-hero__search"
          placeholder="请输入达人名称"
          allowClear
          maxLength={keywordLimits.single}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => update({ keyword: trimKeyword(value) })}
          enterButton="搜索"
          aria-label="达人名称"
        />
      </PageHero>
      <section className="surface-box cr-panel">
        <CreatorFilterBar params={params} onChange={update} />
        <div className="cr-toolbar">
          <span className="cr-toolbar__label">排序</span>
          <Segmented
            value={params.sort}
            options={creatorSorts.map((sort) => ({ value: sort.value, label: sort.label }))}
            onChange={(value) => update({ sort: value })}
          />
        </div>
        <LibraryList key={search.toString()} params={params} />
      </section>
    </div>
  );
}
