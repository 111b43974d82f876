import { keywordLimits, splitBatchKeywords } from '@dso/domain';
import { BATCH_JOINER } from './batch-input';
import { countryFromQuery, type KeywordLibrary, type LibraryTab } from './keyword-libraries';

/** The search a library page shows, read from its query (`keyword`, `batch`, `country`). */
export interface KeywordQuery {
  /** The text of the search box: one keyword, or the batch words joined by 、. */
  keyword: string;
  batch: boolean;
  /** What is searched: the keyword, or up to five batch words; empty browses the whole library. */
  words: string[];
  country: string;
}

/** Reads the search of a page from its URL query. A single keyword is cut to 30 characters. */
export function readKeywordQuery(params: URLSearchParams): KeywordQuery {
  const raw = (params.get('keyword') ?? '').trim();
  const batch = params.get('batch') === '1';
  const country = countryFromQuery(params.get('country'));
  if (batch) {
    const words = splitBatchKeywords(raw).words;
    return { keyword: words.join(BATCH_JOINER), batch: words.length > 0, words, country };
  }
  const keyword = Array.from(raw).slice(0, keywordLimits.single).join('');
  return { keyword, batch: false, words: keyword ? [keyword] : [], country };
}

/** What a search box submits. */
export interface KeywordSearch {
  mode: 'single' | 'batch';
  /** The single keyword, or the batch words (already split and cut). */
  words: string[];
}

/**
 * The URL of a library page for a search: `root[/tab]?keyword=…[&batch=1][&country=XX]`. Country is
 * kept for TSO only.
 */
export function libraryUrl(
  lib: Pick<KeywordLibrary, 'root' | 'key'>,
  options: { tab?: LibraryTab | null; search?: KeywordSearch | null; country?: string | null } = {},
): string {
  const query = new URLSearchParams();
  const words = options.search?.words ?? [];
  if (words.length > 0) query.set('keyword', words.join(BATCH_JOINER));
  if (options.search?.mode === 'batch' && words.length > 0) query.set('batch', '1');
  if (lib.key === 'TSO' && options.country) query.set('country', options.country);
  const path = options.tab ? `${lib.root}/${options.tab}` : lib.root;
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
