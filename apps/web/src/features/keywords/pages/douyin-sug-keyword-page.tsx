import { SearchOutlined } from '@ant-design/icons';
import type { KeywordRow } from '@dso/contract';
import { keywordLimits, trimKeyword, validateKeyword } from '@dso/domain';
import { Breadcrumb, Button, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { NoData } from '../../../components';
import { toast } from '../../../lib/feedback';
import { withSearchParams } from '../../../lib/search-params';
import { RelatedWordsTable, relatedWordColumns, useRelatedKeywords } from '../../keyword-detail';
import { usePopularKeywords } from '../api/popular-keywords';
import { KeywordHero } from '../components/keyword-hero';
import { searchBoxHeights } from '../components/search-box/search-box-rules';
import '../keywords.css';

/** The words opened before the shown one, oldest first, so the way back is one click. */
const TRAIL_PARAM = 'from';
/** Trail entries kept: enough for any real walk, short enough for an address. */
const TRAIL_MAX = 8;

/** The page's address parameters for a keyword reached through `trail`. */
function sugParams(keyword: string, trail: string[]): URLSearchParams {
  const params = new URLSearchParams({ keyword });
  const kept = trail.slice(-TRAIL_MAX);
  if (kept.length > 0) params.set(TRAIL_PARAM, kept.join(','));
  return params;
}

function readTrail(params: URLSearchParams): string[] {
  return (params.get(TRAIL_PARAM) ?? '')
    .split(',')
    .map((word) => trimKeyword(word))
    .filter(Boolean)
    .slice(-TRAIL_MAX);
}

/**
 * 抖音下拉词 (/DouyinSugKeyword, a key page of 000 §3): the words Douyin's search box offers as one
 * types a keyword, from the Douyin library, ranked by search index, with the library's figures as the
 * viewer may see them. A word's own drop-down words open from its row (下拉词), so a marketer can walk
 * down a long tail; the way back is the trail above the table. Without a keyword, 大家都在搜 offers
 * words to start from. Open to visitors, who see the guest rows like every keyword table.
 */
export default function DouyinSugKeywordPage() {
  const [params, setParams] = useSearchParams();
  const keyword = trimKeyword(params.get('keyword')).slice(0, keywordLimits.single);
  const trail = readTrail(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);

  const open = (word: string, through: string[] = []) => setParams(sugParams(word, through));
  const search = () => {
    const problem = validateKeyword(text);
    if (problem) {
      toast(problem, 'warning');
      return;
    }
    open(trimKeyword(text));
  };

  return (
    <div className="kw-page" data-testid="sug-keyword-page">
      <KeywordHero
        icon={<SearchOutlined />}
        title="抖音下拉词"
        subtitle="输入关键词，查看抖音搜索框下拉联想出的词，逐层展开长尾词"
        accent="#fe2c55"
        searchHeight={searchBoxHeights.single}
      >
        <Input.Search
          size="large"
          className="kw-sug-input"
          value={text}
          maxLength={keywordLimits.single}
          placeholder="请输入关键词"
          aria-label="关键词"
          enterButton="查下拉词"
          onChange={(event) => setText(event.target.value)}
          onSearch={search}
        />
        {!keyword && <StartingWords onPick={(word) => open(word)} />}
      </KeywordHero>
      <div className="kw-content">
        {keyword ? (
          <SugWords
            keyword={keyword}
            trail={trail}
            page={page}
            onOpen={open}
            onPage={(next) =>
              setParams(withSearchParams(params, { page: next > 1 ? String(next) : null }), {
                preventScrollReset: true,
              })
            }
          />
        ) : (
          <NoData text="输入关键词，查看它的下拉词" />
        )}
      </div>
    </div>
  );
}

/** 大家都在搜 of the drop-down type: library words to start a walk from. */
function StartingWords({ onPick }: { onPick(word: string): void }) {
  const { data: words = [] } = usePopularKeywords('down', true);
  if (words.length === 0) return null;
  return (
    <div className="kw-tries" data-testid="sug-starting-words">
      <span className="kw-tries-label">大家都在搜：</span>
      {words.slice(0, 10).map((word) => (
        <button key={word.keyword} type="button" className="kw-try" onClick={() => onPick(word.keyword)}>
          {word.keyword}
        </button>
      ))}
    </div>
  );
}

interface SugWordsProps {
  keyword: string;
  trail: string[];
  page: number;
  onOpen(word: string, trail?: string[]): void;
  onPage(page: number): void;
}

function SugWords({ keyword, trail, page, onOpen, onPage }: SugWordsProps) {
  const query = useRelatedKeywords({ platform: 'DSO', keyword, relation: 'sug', pageNo: page });
  const list = query.data;
  const columns = [
    ...relatedWordColumns(keyword),
    {
      title: '操作',
      key: 'open',
      render: (_: unknown, row: KeywordRow) => (
        <Button type="link" size="small" onClick={() => onOpen(row.keyword, [...trail, keyword])}>
          下拉词
        </Button>
      ),
    },
  ];
  return (
    <section className="surface-box kw-sug" data-testid="sug-words">
      <header className="kw-sug-head">
        <Breadcrumb
          items={[...trail, keyword].map((word, index) => ({
            key: `${index}-${word}`,
            title:
              index < trail.length ? (
                <button type="button" className="kw-sug-crumb" onClick={() => onOpen(word, trail.slice(0, index))}>
                  {word}
                </button>
              ) : (
                <strong>{word}</strong>
              ),
          }))}
        />
        {list && <span className="kw-muted">共 {list.total_record.toLocaleString('zh-CN')} 个下拉词</span>}
      </header>
      <RelatedWordsTable
        query={query}
        columns={columns}
        page={page}
        onPageChange={onPage}
        failed={{ message: '下拉词加载失败', className: 'kw-sug-failed' }}
        emptyText="暂无下拉词"
      />
    </section>
  );
}
