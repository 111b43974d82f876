import { RobotOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { AiPicksPanel } from '../components/ai-picks/ai-picks-panel';
import { KeywordHero } from '../components/keyword-hero';
import { SearchResults } from '../components/results/search-results';
import { KeywordSearchBox } from '../components/search-box/keyword-search-box';
import { searchBoxHeights } from '../components/search-box/search-box-rules';
import { libraryOf } from '../keyword-libraries';
import { readKeywordQuery } from '../search-url';
import '../keywords.css';

/** AI keyword selection works on the DSO library. */
const seoLibrary = libraryOf('DSO');
/** Its own search history; 大家都在搜 shows the relation list, which leads with blue-ocean words. */
const SEO_HISTORY_TYPE = 'seo_word';
const SEO_POPULAR_TYPE = 'relation';
const blueOceanOnly = { blue_ocean: true } as const;

/**
 * AI keyword selection (/keyWordSeo, 000 §2.3, §2.6): one core word in, the blue-ocean words around it
 * out (high demand, few works, at most two competition stars). The search box offers random tries and
 * warns 请输入关键词 on an empty search; without a word the page shows the library's best blue-ocean
 * words. Above them, AI 挑词 has the model pick and explain the best of them (login needed).
 */
export default function KeywordSeoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = readKeywordQuery(params);
  const keyword = query.words[0] ?? '';

  return (
    <div className="kw-page kw-page--seo" data-testid="keyword-seo-page">
      <KeywordHero
        icon={<RobotOutlined />}
        title="AI选词"
        subtitle="输入行业核心词，AI 从搜索需求高、竞争小的蓝海词里为您挑选值得做的词"
        accent="#7a4dff"
        searchHeight={searchBoxHeights.single}
      >
        <KeywordSearchBox
          platform={seoLibrary.key}
          variant="seo"
          value={{ keyword, batch: false }}
          historyType={SEO_HISTORY_TYPE}
          popularType={SEO_POPULAR_TYPE}
          onSearch={(search) => {
            const word = search.words[0];
            void navigate(word ? `/keyWordSeo?keyword=${encodeURIComponent(word)}` : '/keyWordSeo');
          }}
        />
      </KeywordHero>
      <div className="kw-content">
        <AiPicksPanel key={keyword} keyword={keyword} />
        <SearchResults
          library={seoLibrary}
          query={{ ...query, batch: false, words: keyword ? [keyword] : [] }}
          historyType={SEO_HISTORY_TYPE}
          title={keyword ? `为「${keyword}」挑选的蓝海词` : '今日推荐蓝海词'}
          fixedFilters={blueOceanOnly}
        />
      </div>
    </div>
  );
}
