import type { KeywordList, KeywordRow, Platform, RootWord, SearchKeywordsBody } from '@dso/contract';
import { bandNumber, type Grade, presentSignedRate, type RateFigure } from '@dso/domain';
import type { Database } from '../../../db/client';
import { findAccountAccess } from '../../account';
import { assertQuotaLeft, checkPermission, consumePermission, resolveGrade } from '../../permissions';
import { DEFAULT_COUNTRY } from '../countries';
import type { KeywordRecord } from '../keyword-record';
import { rootWordsOf } from '../keyword-words';
import { type KeywordScope, runSearch } from './keyword-search.repository';
import { recordHistory, selectKeywordFigures } from './keywords.repository';
import { type SearchRecord, searchWithRelated } from './related-search';
import { cachedSearch } from './search-cache';

/** Rows a visitor sees before the login prompt (需要登录才能查看更多排名 / 马上登录). */
export const GUEST_ROWS = 10;

/** Who is looking: decides row caps, daily counts and whether figures are exact or banded. */
export interface Viewer {
  userId: number | null;
  grade: Grade;
  /** Exact figures only for a logged-in user with show_original_data (002 §6). */
  showOriginal: boolean;
}

export async function resolveViewer(db: Database, userId: number | null): Promise<Viewer> {
  if (userId === null) return { userId: null, grade: 'FREE', showOriginal: false };
  const [{ grade }, access] = await Promise.all([resolveGrade(db, userId), findAccountAccess(db, userId)]);
  return { userId, grade, showOriginal: access?.showOriginalData ?? false };
}

export function scopeOf(body: {
  platform: SearchKeywordsBody['platform'];
  country?: string | undefined;
}): KeywordScope {
  return { platform: body.platform, country: body.platform === 'TSO' ? (body.country ?? DEFAULT_COUNTRY) : '' };
}

/** The search words of a request: the batch when given, else the single keyword (if any). */
export function searchWords(body: Pick<SearchKeywordsBody, 'keyword' | 'keywords'>): string[] {
  const words = body.keywords?.length ? body.keywords : [body.keyword];
  return [...new Set(words.map((word) => word.trim()).filter(Boolean))];
}

/** Rows reachable by paging for this viewer (the grade's page depth; visitors a few rows). */
async function pageDepth(db: Database, viewer: Viewer): Promise<number> {
  if (viewer.userId === null) return GUEST_ROWS;
  const check = await checkPermission(db, viewer.userId, 'KEYWORD_LIBRARY_PAGE_MAX');
  return check.value ?? GUEST_ROWS;
}

/** A figure as this viewer may see it: exact, or its display band (002 §9). */
export function presentFigure(value: number, viewer: Viewer): number | string {
  return viewer.showOriginal ? value : bandNumber(value);
}

/**
 * A signed rate (growth) as this viewer may see it: exact at 2 percent decimals, or only its 5 % band
 * (002 §6, §9). Banded here so an exact rate never reaches a visitor's browser.
 */
export function presentRate(value: number, viewer: Viewer): RateFigure {
  return presentSignedRate(value, viewer.showOriginal);
}

/**
 * Rows as this viewer may see them. A cached search hands out the same rows array again, so its
 * presented forms (banded, exact) are kept beside it rather than banded anew on every request.
 */
const presentedRows = new WeakMap<KeywordRecord[], { banded?: KeywordRow[]; exact?: KeywordRow[] }>();
function presentRows(rows: KeywordRecord[], viewer: Viewer): KeywordRow[] {
  let forms = presentedRows.get(rows);
  if (!forms) {
    forms = {};
    presentedRows.set(rows, forms);
  }
  const form = viewer.showOriginal ? 'exact' : 'banded';
  forms[form] ??= rows.map((row) => presentRow(row, viewer));
  return forms[form];
}

export function presentRow(row: SearchRecord, viewer: Viewer): KeywordRow {
  const figure = (value: number) => presentFigure(value, viewer);
  return {
    id: row.id,
    keyword: row.keyword,
    platform: row.platform,
    country: row.country,
    search_index: figure(row.search_index),
    month_cover_count: figure(row.month_cover_count),
    competition: row.competition,
    competition_reasons: row.competition_reasons,
    related_work_count: figure(row.related_work_count),
    category: row.category,
    industry: row.industry,
    commerce_intent: row.commerce_intent,
    blue_ocean: row.is_blue_ocean,
    growth_rate: presentRate(row.growth_rate, viewer),
    first_seen: row.first_seen,
    as_of: row.as_of,
    ...(row.match ? { match: row.match } : {}),
  };
}

/** The daily count a new search spends. */
const SEARCH_COUNT_ALIAS = 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY';

/**
 * Searches a library for a viewer: a new search (page 1 with words) spends one daily search count,
 * paging stops at the grade's depth, and figures are banded unless the viewer may see them exactly.
 *
 * Only an answered search is charged: a used-up count is refused first, by reading alone (no
 * transaction, no search run), then the search runs, and only then is the unit taken, atomically
 * under the quota lock. A failing search therefore costs nothing, and when more searches race for
 * the last units than are left, the extra ones are refused (810) at the charge, their results unsent
 * (their history entry stays: the user did type those words).
 *
 * Only the library's rows are read from `libraryDb`: the quota is checked and charged on `db`, the primary, where
 * the charge is written, so a replica's lag can never let a spent count pass.
 */
export async function searchKeywords(
  db: Database,
  viewer: Viewer,
  body: SearchKeywordsBody,
  /** Where the library is read (`app.readDb`, a replica); the member's quota and history stay on `db`. */
  libraryDb: Database = db,
): Promise<KeywordList> {
  const scope = scopeOf(body);
  const words = searchWords(body);
  const dataMax = await pageDepth(db, viewer);
  const charge =
    viewer.userId !== null && words.length > 0 && body.page_no === 1
      ? { userId: viewer.userId, alias: SEARCH_COUNT_ALIAS, reason: words.join(' ') }
      : null;
  if (charge) await assertQuotaLeft(db, charge);
  const offset = (body.page_no - 1) * body.page_size;
  const limit = Math.max(0, Math.min(body.page_size, dataMax - offset));
  const query = { scope, words, filters: body.filters, sort: body.sort, order: body.order, limit, offset };
  // The cache follows the primary's change notices (a replica cannot LISTEN); the rows come from the library's reads.
  const { rows, total } = await cachedSearch(db, query, () => searchWithRelated(libraryDb, query));
  if (viewer.userId !== null && body.history_type && words.length > 0 && body.page_no === 1) {
    await recordHistory(db, viewer.userId, body.history_type, words);
  }
  // Last, so that nothing failing after it can leave a unit spent on an unanswered search.
  if (charge) await consumePermission(db, charge);
  return {
    total_record: total.total,
    total_estimated: total.estimated,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: presentRows(rows, viewer),
  };
}

/**
 * The root words of a long keyword (000 §2.6) with what the library holds for each: the rows a
 * search for the root finds (the page clicking it opens; 0 is 暂无收录) and, when the root is itself
 * a keyword of the library, its search index and stars. Counted like the search counts its total,
 * so a root such as 口红 with 85 matching rows is never reported as missing just because no row
 * is exactly 口红.
 */
export async function rootWordFigures(
  db: Database,
  viewer: Viewer,
  request: { platform: Platform; keyword: string },
): Promise<RootWord[]> {
  const scope = scopeOf({ platform: request.platform });
  const words = rootWordsOf(request.keyword);
  const exact = new Map((await selectKeywordFigures(db, scope, words)).map((row) => [row.keyword, row]));
  const roots: RootWord[] = [];
  for (const word of words) {
    const { total } = await runSearch(db, {
      scope,
      words: [word],
      filters: {},
      sort: 'search_index',
      order: 'desc',
      limit: 0,
      offset: 0,
    });
    const found = exact.get(word);
    roots.push({
      word,
      search_index: found ? presentFigure(found.search_index, viewer) : null,
      competition: found?.competition ?? null,
      match_count: total.total,
      match_estimated: total.estimated,
    });
  }
  return roots;
}
