import type { RelationKind } from '@dso/contract';
import { Segmented } from 'antd';
import { useSearchParams } from 'react-router';
import { isRefusal, RefusalPanel } from '../../../components';
import { withSearchParams } from '../../../lib/search-params';
import type { KeywordRef } from '../api/get-keyword-detail';
import { useRelatedKeywords } from '../api/get-related-keywords';
import { relatedWordColumns } from './related-word-columns';
import { RelatedWordsTable } from './related-words-table';

/** The related-words sub-tabs, in the order of the libraries' own tabs. */
export const relationTabs: { value: RelationKind; label: string; hint: string }[] = [
  { value: 'sug', label: '下拉词', hint: '搜索框下拉联想出的词' },
  { value: 'correlation', label: '相关词', hint: '与本词主词相同的搜索词' },
  { value: 'industry', label: '行业词', hint: '本词所在行业的热门词' },
  { value: 'root', label: '词根', hint: '组成本词的更短的词' },
];

const RELATION_PARAM = 'relation';
const PAGE_PARAM = 'page';

function toRelation(value: string | null): RelationKind {
  return relationTabs.some((tab) => tab.value === value) ? (value as RelationKind) : 'sug';
}

/**
 * The related-words tab: drop-down, correlation, industry and root words of the keyword, each a
 * paged table of keyword rows (the sub-tab and page live in the address). Paging past the grade's
 * depth (`data_max`) is refused with the upgrade prompt by the pagination control.
 */
export function RelatedWordsTab({ keywordRef }: { keywordRef: KeywordRef }) {
  const [params, setParams] = useSearchParams();
  const relation = toRelation(params.get(RELATION_PARAM));
  const page = Math.max(1, Number(params.get(PAGE_PARAM)) || 1);
  const query = useRelatedKeywords({ ...keywordRef, relation, pageNo: page });
  const list = query.data;

  const update = (changes: Record<string, string | null>) =>
    setParams(withSearchParams(params, changes), { replace: true, preventScrollReset: true });

  const columns = relatedWordColumns(keywordRef.keyword);

  if (isRefusal(query.error)) return <RefusalPanel error={query.error} type="keyword" />;
  return (
    <section className="section-card kd-card" data-testid="related-tab">
      <header className="kd-card__header kd-card__header--wrap">
        <Segmented
          value={relation}
          options={relationTabs.map((tab) => ({ value: tab.value, label: tab.label }))}
          onChange={(value) => update({ [RELATION_PARAM]: value, [PAGE_PARAM]: null })}
        />
        <span className="kd-card__extra">
          {relationTabs.find((tab) => tab.value === relation)?.hint}
          {list?.main_word ? `（主词「${list.main_word}」）` : ''}
          {list ? ` · 共 ${list.total_record.toLocaleString('zh-CN')} 个` : ''}
        </span>
      </header>
      <RelatedWordsTable
        query={query}
        columns={columns}
        page={page}
        onPageChange={(next) => update({ [PAGE_PARAM]: next > 1 ? String(next) : null })}
        className="data-table kd-table"
        failed={{ message: '相关词加载失败', className: 'kd-retry' }}
      />
    </section>
  );
}
