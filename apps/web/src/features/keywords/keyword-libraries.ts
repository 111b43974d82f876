import type { Platform as PlatformKey, PopularType } from '@dso/contract';
import { DEFAULT_COUNTRY, findPlatformEntry, type PlatformInfo, platformInfo } from '../../lib/platforms';

export type { PlatformKey };

/** The tabs of a keyword library (000 §2.3), in the `:tabVal` spelling of the routes. */
export type LibraryTab = 'searchWord' | 'commerce' | 'industryWord' | 'sugWord' | 'correlationWord';

export const libraryTabLabels: Record<LibraryTab, string> = {
  searchWord: '搜索词',
  commerce: '电商词',
  industryWord: '行业词',
  sugWord: '下拉词',
  correlationWord: '相关词',
};

/** A keyword library: the platform (name, coverage hint, roots, colour) plus its pages. */
export interface KeywordLibrary extends PlatformInfo {
  /** Page heading, e.g. 抖音关键词库. */
  title: string;
  /** Its tabs in menu order (000 §2.3). */
  tabs: readonly LibraryTab[];
  /** Suggestions exist for DSO, RSO and BSO only (000 §7). */
  hasSuggestions: boolean;
  /** Search-history type the search box records and reads (`word`, `rso_word`, …). */
  historyType: string;
  /**
   * Prefix of the popular-keyword types (000 §7: word, relation, down, industry and the rso_/wso_
   * variants); null where the library has no 'everyone is searching' list (TSO's words are not
   * Chinese, and the popular lists are).
   */
  popularPrefix: '' | 'rso_' | 'wso_' | null;
}

function library(key: PlatformKey, options: Omit<KeywordLibrary, keyof PlatformInfo | 'title'>): KeywordLibrary {
  const platform = platformInfo(key);
  return { ...platform, title: `${platform.name}关键词库`, ...options };
}

/** Every keyword library, in the platform tabs' order. */
export const keywordLibraries: readonly KeywordLibrary[] = [
  library('DSO', {
    tabs: ['searchWord', 'commerce', 'industryWord', 'sugWord', 'correlationWord'],
    hasSuggestions: true,
    historyType: 'word',
    popularPrefix: '',
  }),
  library('RSO', {
    tabs: ['searchWord', 'correlationWord', 'industryWord', 'sugWord'],
    hasSuggestions: true,
    historyType: 'rso_word',
    popularPrefix: 'rso_',
  }),
  library('WSO', {
    tabs: ['searchWord', 'correlationWord', 'industryWord', 'sugWord'],
    hasSuggestions: false,
    historyType: 'wso_word',
    popularPrefix: 'wso_',
  }),
  library('BSO', {
    tabs: ['searchWord', 'correlationWord', 'sugWord'],
    hasSuggestions: true,
    historyType: 'bso_word',
    popularPrefix: '',
  }),
  library('KSO', {
    tabs: ['searchWord', 'correlationWord', 'industryWord', 'sugWord'],
    hasSuggestions: false,
    historyType: 'kso_word',
    popularPrefix: '',
  }),
  library('TSO', {
    tabs: ['searchWord', 'correlationWord', 'sugWord'],
    hasSuggestions: false,
    historyType: 'tso_word',
    popularPrefix: null,
  }),
];

export function libraryOf(key: PlatformKey): KeywordLibrary {
  return findPlatformEntry(keywordLibraries, key);
}

/** The library whose root the path is under (`/KeywordXhs/sugWord` → RSO); DSO otherwise. */
export function libraryForPath(pathname: string): KeywordLibrary {
  const lower = pathname.toLowerCase();
  return (
    keywordLibraries.find((candidate) => {
      const root = candidate.root.toLowerCase();
      return lower === root || lower.startsWith(`${root}/`);
    }) ?? libraryOf('DSO')
  );
}

/**
 * The platform tabs of the search box (000 §2.6): the five domestic libraries, and TSO as well on the
 * overseas page.
 */
export function platformTabsFor(current: PlatformKey): KeywordLibrary[] {
  return keywordLibraries.filter((candidate) => candidate.key !== 'TSO' || current === 'TSO');
}

/** The tab a `:tabVal` names, when the library has it; no tab means the search words. */
export function resolveTab(lib: KeywordLibrary, tabVal: string | undefined): LibraryTab | null {
  if (!tabVal) return 'searchWord';
  return (lib.tabs as readonly string[]).includes(tabVal) ? (tabVal as LibraryTab) : null;
}

/** Popular-keyword kind of each tab; commerce words take the industry (commerce-leading) list. */
const popularKinds: Record<LibraryTab, 'word' | 'relation' | 'down' | 'industry'> = {
  searchWord: 'word',
  commerce: 'industry',
  industryWord: 'industry',
  sugWord: 'down',
  correlationWord: 'relation',
};

/** The popular-keyword type for a library tab (000 §7), or null where there is no such list. */
export function popularTypeFor(lib: KeywordLibrary, tab: LibraryTab): PopularType | null {
  if (lib.popularPrefix === null) return null;
  return `${lib.popularPrefix}${popularKinds[tab]}` as PopularType;
}

/** The overseas country of a route query: the code when it looks like one, else US (000 §2.6). */
export function countryFromQuery(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) ? code : DEFAULT_COUNTRY;
}
