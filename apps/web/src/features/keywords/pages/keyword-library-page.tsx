import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { KeywordHero } from '../components/keyword-hero';
import { LibraryTabs } from '../components/library-tabs';
import { RelatedResults } from '../components/results/related-results';
import { SearchResults } from '../components/results/search-results';
import { FindWordsBox } from '../components/search-box/find-words-box';
import { KeywordSearchBox } from '../components/search-box/keyword-search-box';
import { searchBoxHeights } from '../components/search-box/search-box-rules';
import { libraryForPath, libraryTabLabels, popularTypeFor, resolveTab } from '../keyword-libraries';
import { type KeywordSearch, libraryUrl, readKeywordQuery } from '../search-url';
import '../keywords.css';

/**
 * A keyword library (000 §2.2, §2.3, §2.6): /KeywordDouyin, /KeywordXhs, /KeywordWSO, /KeywordBSO,
 * /KeywordKSO and /KeywordTSO with their tabs. The search lives in the URL (`keyword`, `batch`,
 * `country`), so every search can be shared, reloaded and gone back to.
 */
export default function KeywordLibraryPage() {
  const { pathname, search: locationSearch } = useLocation();
  const { tabVal } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [searchHeight, setSearchHeight] = useState<number>(searchBoxHeights.single);
  const library = libraryForPath(pathname);
  const tab = resolveTab(library, tabVal);
  if (tab === null) return <Navigate to={`${library.root}/searchWord${locationSearch}`} replace />;

  const query = readKeywordQuery(params);
  const go = (search: KeywordSearch | null, country = query.country) =>
    void navigate(libraryUrl(library, { tab: tabVal ? tab : null, search, country }));
  const current: KeywordSearch = { mode: query.batch ? 'batch' : 'single', words: query.words };
  const Icon = library.icon;
  const tabLabel = libraryTabLabels[tab];
  const shown = query.words.join('、');

  return (
    <div className="kw-page" data-testid="keyword-library-page" data-platform={library.key} data-tab={tab}>
      <KeywordHero
        icon={<Icon />}
        title={library.title}
        subtitle={`日覆盖${library.coverage}次搜索 · ${library.tabs.map((item) => libraryTabLabels[item]).join('、')}，附搜索指数、月覆盖量与竞争度`}
        aside={<FindWordsBox />}
        accent={library.color}
        searchHeight={searchHeight}
      >
        <KeywordSearchBox
          platform={library.key}
          value={{ keyword: query.keyword, batch: query.batch }}
          historyType={library.historyType}
          popularType={popularTypeFor(library, tab)}
          {...(library.key === 'TSO'
            ? { country: query.country, onCountryChange: (code: string) => go(current, code) }
            : {})}
          onSearch={(search) => go(search)}
          onHeightChange={setSearchHeight}
        />
      </KeywordHero>
      <div className="kw-content">
        <LibraryTabs library={library} active={tab} search={locationSearch} />
        {tab === 'sugWord' || tab === 'correlationWord' ? (
          <RelatedResults
            key={`${library.key}-${tab}`}
            library={library}
            query={query}
            relation={tab === 'sugWord' ? 'sug' : 'correlation'}
          />
        ) : (
          <SearchResults
            key={`${library.key}-${tab}`}
            library={library}
            query={query}
            historyType={library.historyType}
            title={shown ? `「${shown}」的${tabLabel}` : `热门${tabLabel}`}
            {...(tab === 'commerce' ? { fixedFilters: { commerce: true } } : {})}
            withIndustries={tab === 'industryWord'}
          />
        )}
      </div>
    </div>
  );
}
