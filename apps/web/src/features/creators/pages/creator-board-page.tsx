import type { CreatorSort } from '@dso/contract';
import { Segmented, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { FeedFooter, LoadFailed, NoData, PageHero } from '../../../components';
import { useListFeed } from '../../../components/list-footer/use-list-feed';
import { useSession } from '../../../stores/session';
import { useCreatorFacets } from '../api/get-creator-facets';
import { CREATOR_PAGE_SIZE, type CreatorListParams, useCreatorList } from '../api/get-creator-list';
import { CreatorRows } from '../components/creator-rows';
import { creatorSorts, LibraryParam, readLibraryParams } from '../library-params';
import '../creators.css';

function BoardList({ params }: { params: CreatorListParams }) {
  const token = useSession((state) => state.token);
  const query = useCreatorList(params, token ? 'user' : 'guest');
  // The board has no infinite-scroll event in the route table: its footer offers 点击加载更多.
  const feed = useListFeed(query, { pageSize: CREATOR_PAGE_SIZE });
  const { rows } = feed;
  if (query.isPending) return <Skeleton active avatar paragraph={{ rows: 8 }} />;
  if (query.isError) {
    return <LoadFailed className="cr-empty" message="榜单加载失败" onRetry={() => void query.refetch()} />;
  }
  if (rows.length === 0) return <NoData text="该领域暂无达人" />;
  return (
    <>
      <CreatorRows rows={rows} ranked label="达人榜" />
      <FeedFooter feed={feed} loginVariant="rank" className="cr-footer" />
    </>
  );
}

/**
 * /personList: the creator board, creators of the library ranked by followers, likes received or
 * 30-day growth, over all fields or within one (the field tabs come from the library's fields).
 */
export default function CreatorBoardPage() {
  const [search, setSearch] = useSearchParams();
  const { field, sort } = readLibraryParams(search);
  const facets = useCreatorFacets();
  const params: CreatorListParams = { keyword: '', field, sizeClass: null, province: null, isCommerce: null, sort };
  const choose = (next: { field?: string | null; sort?: CreatorSort }) => {
    const query = new URLSearchParams();
    const nextField = next.field === undefined ? field : next.field;
    const nextSort = next.sort ?? sort;
    if (nextField) query.set(LibraryParam.field, nextField);
    if (nextSort !== 'total_follower_count') query.set(LibraryParam.sort, nextSort);
    setSearch(query, { replace: true });
  };
  const tabs = [{ name: null as string | null, label: '全部领域' }].concat(
    (facets.data?.fields ?? []).map((facet) => ({ name: facet.name, label: facet.name })),
  );
  return (
    <div className="page-column cr-page" data-testid="creator-board-page">
      <PageHero title="达人榜" subtitle="各领域创作者排行，发现值得关注与对标的账号" className="cr-hero" />
      <nav className="cr-field-tabs" aria-label="领域">
        {tabs.map((tab) => {
          const selected = tab.name === field;
          return (
            <button
              key={tab.name ?? ''}
              type="button"
              className={`cr-field-tab${selected ? ' cr-field-tab--active' : ''}`}
              aria-pressed={selected}
              onClick={() => choose({ field: tab.name })}
            >
              {tab.label}
            </button>
          );
        })}
      </nav>
      <section className="surface-box cr-panel">
        <div className="cr-toolbar">
          <h2 className="board-title">{field ?? '全部领域'} · 达人排行</h2>
          <Segmented
            value={sort}
            options={creatorSorts.map((item) => ({ value: item.value, label: item.label }))}
            onChange={(value) => choose({ sort: value })}
          />
        </div>
        <BoardList key={`${field ?? ''}/${sort}`} params={params} />
      </section>
    </div>
  );
}
