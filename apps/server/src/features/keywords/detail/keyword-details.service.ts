import {
  type BoardList,
  type BoardQuery,
  boardTitles,
  Code,
  type CompeteAnalyze,
  type KeywordDetail,
  type KeywordPortrait,
  type KeywordRefQuery,
  type KeywordTrend,
  type Platform,
  type PlatformFigures,
  type RelatedList,
  type RelatedQuery,
  type TsoTopicDetail,
  type TsoTopicList,
  type TsoTopicsQuery,
} from '@dso/contract';
import { worksPerIndex } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import {
  checkPermission,
  consumePermission,
  getPermissionUse,
  shanghaiDate,
} from '../../permissions/permissions.service';
import { INDUSTRY_BOARDS } from '../boards/keyword-boards';
import { DEFAULT_COUNTRY } from '../countries';
import type { KeywordRecord } from '../keyword-record';
import { mainWordOf, rootPhrasesOf } from '../keyword-words';
import {
  choosePlan,
  countMatches,
  type KeywordScope,
  type SearchQuery,
  selectPage,
} from '../search/keyword-search.repository';
import { GUEST_ROWS, presentFigure, presentRow, scopeOf, type Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';

export const DETAIL_COUNT_ALIAS = 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY';
export const ROWS_ALIAS = 'KEYWORD_LIBRARY_ROWS';
export const PAGE_MAX_ALIAS = 'KEYWORD_LIBRARY_PAGE_MAX';

/** The libraries of the side-by-side table, in order; TSO is added for its country when it has the word. */
const sideBySidePlatforms: Platform[] = ['DSO', 'RSO', 'WSO', 'BSO', 'KSO'];

/** A request's library: `scopeOf` with TSO's default country. */
function scopeFor(query: { platform: Platform; country?: string | undefined }): KeywordScope {
  return scopeOf({ platform: query.platform, country: query.country });
}

/**
 * Rows this viewer may reach in a list: visitors a few (then the login prompt), users their grade's
 * value of the alias (KEYWORD_LIBRARY_ROWS for boards and topic lists, KEYWORD_LIBRARY_PAGE_MAX for
 * paged tables such as the related words).
 */
export async function rowsAllowed(db: Database, viewer: Viewer, alias: string): Promise<number> {
  if (viewer.userId === null) return GUEST_ROWS;
  const check = await checkPermission(db, viewer.userId, alias);
  return check.value ?? GUEST_ROWS;
}

/** The slice of a list a viewer may see on a page: nothing past the cap. */
function pageWithin(pageNo: number, pageSize: number, dataMax: number) {
  const offset = (pageNo - 1) * pageSize;
  return { offset, limit: Math.max(0, Math.min(pageSize, dataMax - offset)) };
}

// ——— detail ———

/**
 * Spends the day's detail count for the first open of a keyword today; reopening it is free. The open
 * is recorded before spending, so two tabs opening the same word at once spend one count; when the
 * count cannot be spent the record is taken back and the 810 refusal goes to the client.
 */
async function spendDetailOpen(db: Database, userId: number, scope: string, keyword: string) {
  const view = { userId, day: shanghaiDate(new Date()), scope, keyword };
  const first = await repository.recordDetailView(db, view);
  if (!first) return { use: await getPermissionUse(db, userId, DETAIL_COUNT_ALIAS), reopened: true };
  try {
    return { use: await consumePermission(db, { userId, alias: DETAIL_COUNT_ALIAS }), reopened: false };
  } catch (error) {
    await repository.forgetDetailView(db, view);
    throw error;
  }
}

/** A keyword's library record, or 404 关键词不存在. */
async function requireKeyword(db: Database, scope: KeywordScope, keyword: string): Promise<KeywordRecord> {
  const record = await repository.findKeyword(db, scope, keyword.trim());
  if (!record) throw new AppError(Code.NOT_FOUND, '关键词不存在');
  return record;
}

const scopeName = (scope: KeywordScope) => (scope.country ? `${scope.platform}/${scope.country}` : scope.platform);

/** One keyword's detail page (000 §2.2 /keyWordDetail/{tab} and its platform variants). */
export async function openKeywordDetail(db: Database, viewer: Viewer, query: KeywordRefQuery): Promise<KeywordDetail> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const scope = scopeFor(query);
  const record = await requireKeyword(db, scope, query.keyword);
  const { use, reopened } = await spendDetailOpen(db, viewer.userId, scopeName(scope), record.keyword);
  const [trend, competeAnalyze, platforms] = await Promise.all([
    trendOf(db, record, viewer),
    analyzeCompetition(db, scope, record, viewer),
    figuresOnEveryPlatform(db, scope, record, viewer),
  ]);
  return {
    keyword: presentRow(record, viewer),
    trend,
    competeAnalyze,
    platforms,
    detail_use: use,
    reopened,
  };
}

/**
 * A trend value as the viewer may see it: exact with show_original_data, else cut to the precision
 * of its display band (1,000 above 10,000; 10,000,000 from 1亿), so the curve keeps its shape.
 */
export function presentTrendValue(value: number, viewer: Viewer): number {
  if (viewer.showOriginal) return value;
  if (value >= 1e8) return Math.floor(value / 1e7) * 1e7;
  if (value > 1e4) return Math.floor(value / 1e3) * 1e3;
  return Math.floor(value);
}

async function trendOf(db: Database, record: KeywordRecord, viewer: Viewer): Promise<KeywordTrend | null> {
  const trend = await repository.selectTrend(db, record.id);
  if (!trend || trend.values.length === 0) return null;
  const start = Date.parse(`${trend.startDay}T00:00:00Z`);
  const points = trend.values.map((value, index) => ({
    day: new Date(start + index * 86_400_000).toISOString().slice(0, 10),
    value: presentTrendValue(value, viewer),
  }));
  return { start_day: trend.startDay, end_day: points[points.length - 1]!.day, banded: !viewer.showOriginal, points };
}

type Comparison = 'higher' | 'similar' | 'lower';

/** Within 10 % of the median (or 2 points of growth) counts as similar. */
function compare(value: number, median: number, absoluteTolerance = 0): Comparison {
  const tolerance = Math.max(absoluteTolerance, Math.abs(median) * 0.1);
  if (value > median + tolerance) return 'higher';
  if (value < median - tolerance) return 'lower';
  return 'similar';
}

const levelOf = (stars: number) => (stars <= 2 ? '竞争小' : stars === 3 ? '竞争中等' : '竞争大');
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** The competeAnalyze tab: stars and reasons, their drivers, and the comparison with the industry's medians. */
async function analyzeCompetition(
  db: Database,
  scope: KeywordScope,
  record: KeywordRecord,
  viewer: Viewer,
): Promise<CompeteAnalyze> {
  const stats =
    (record.industry ? await repository.findIndustryStats(db, scope, record.industry) : null) ??
    (await repository.findIndustryStats(db, scope, ''));
  const density = worksPerIndex({
    searchIndex: record.search_index,
    relatedWorkCount: record.related_work_count,
    monthCoverCount: record.month_cover_count,
    commerceIntent: record.commerce_intent,
    growthRate: record.growth_rate,
  });
  const compared = stats
    ? {
        search_index: compare(record.search_index, stats.median_search_index),
        works_per_index: compare(density, stats.median_works_per_index),
        competition: compare(record.competition, stats.median_competition),
        growth_rate: compare(record.growth_rate, stats.median_growth_rate, 0.02),
      }
    : null;
  return {
    stars: record.competition,
    reasons: record.competition_reasons,
    level: levelOf(record.competition),
    works_per_index: round3(density),
    commerce_intent: record.commerce_intent,
    growth_rate: record.growth_rate,
    blue_ocean: record.is_blue_ocean,
    industry_median: stats
      ? {
          industry: stats.industry || null,
          sample_size: stats.keyword_count,
          search_index: presentFigure(Math.round(stats.median_search_index), viewer),
          related_work_count: presentFigure(Math.round(stats.median_related_work_count), viewer),
          works_per_index: round3(stats.median_works_per_index),
          competition: round3(stats.median_competition),
          growth_rate: round3(stats.median_growth_rate),
          as_of: stats.as_of,
        }
      : null,
    compared,
    summary: summarize(record, stats?.industry ?? null, compared),
  };
}

function summarize(
  record: KeywordRecord,
  industry: string | null,
  compared: { search_index: Comparison; competition: Comparison; growth_rate: Comparison } | null,
): string {
  const stars = `竞争度${record.competition}星（${levelOf(record.competition)}）`;
  if (!compared) return `${stars}：${record.competition_reasons.join('；')}`;
  const yardstick = industry ? `${industry}行业` : '全库';
  const word = { higher: '高于', similar: '接近', lower: '低于' } as const;
  const parts = [
    `该词竞争${word[compared.competition]}${yardstick}中位水平`,
    `搜索需求${word[compared.search_index]}中位水平`,
    `近7日增长${word[compared.growth_rate]}中位水平`,
  ];
  const advice = record.is_blue_ocean
    ? '，需求高而作品少，是值得布局的蓝海词'
    : record.competition >= 4
      ? '，头部竞争激烈，建议选择更细分的长尾词'
      : '';
  return `${stars}。${parts.join('，')}${advice}。`;
}

/** The same word on every platform's library: DSO, RSO, WSO, BSO, KSO, then TSO when it has the word. */
async function figuresOnEveryPlatform(
  db: Database,
  scope: KeywordScope,
  record: KeywordRecord,
  viewer: Viewer,
): Promise<PlatformFigures[]> {
  const overseas: KeywordScope = {
    platform: 'TSO',
    country: scope.platform === 'TSO' ? scope.country : DEFAULT_COUNTRY,
  };
  const scopes: KeywordScope[] = [...sideBySidePlatforms.map((platform) => ({ platform, country: '' })), overseas];
  const found = await repository.findAcrossScopes(db, scopes, record.keyword);
  const figure = (value: number) => presentFigure(value, viewer);
  return scopes.flatMap((each): PlatformFigures[] => {
    const row = found.find((candidate) => candidate.platform === each.platform && candidate.country === each.country);
    if (!row) {
      if (each.platform === 'TSO') return [];
      return [
        {
          platform: each.platform,
          country: each.country,
          found: false,
          search_index: null,
          month_cover_count: null,
          related_work_count: null,
          competition: null,
          growth_rate: null,
          as_of: null,
        },
      ];
    }
    return [
      {
        platform: row.platform,
        country: row.country,
        found: true,
        search_index: figure(row.search_index),
        month_cover_count: figure(row.month_cover_count),
        related_work_count: figure(row.related_work_count),
        competition: row.competition,
        growth_rate: row.growth_rate,
        as_of: row.as_of,
      },
    ];
  });
}

// ——— related words ———

/**
 * One page of a search through the search engine with the keyword itself left out. The engine cannot
 * exclude a row, so one extra row is read and the page shifted by one when the keyword sorts before
 * it: the pages stay contiguous and never repeat a row.
 */
async function searchExcluding(db: Database, query: SearchQuery, self: KeywordRecord | null) {
  const choice = await choosePlan(db, query);
  const [wide, counted] = await Promise.all([
    query.limit > 0 ? selectPage(db, { ...query, limit: query.limit + 1 }, choice) : Promise.resolve([]),
    countMatches(db, query, choice.estimates),
  ]);
  if (!self) return { rows: wide.slice(0, query.limit), total: counted.total, estimated: counted.estimated };
  const total = Math.max(0, counted.total - 1);
  if (wide.some((row) => row.id === self.id)) {
    return {
      rows: wide.filter((row) => row.id !== self.id).slice(0, query.limit),
      total,
      estimated: counted.estimated,
    };
  }
  const first = wide[0];
  const selfFirst =
    first !== undefined &&
    (self.search_index > first.search_index || (self.search_index === first.search_index && self.id > first.id));
  return {
    rows: selfFirst ? wide.slice(1, query.limit + 1) : wide.slice(0, query.limit),
    total,
    estimated: counted.estimated,
  };
}

/** The related-word tabs: sug, correlation, industry and root words (docs/keywords.md). */
export async function relatedKeywords(db: Database, viewer: Viewer, query: RelatedQuery): Promise<RelatedList> {
  const scope = scopeFor(query);
  const keyword = query.keyword.trim();
  const dataMax = await rowsAllowed(db, viewer, PAGE_MAX_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const self = await repository.findKeyword(db, scope, keyword);
  let rows: KeywordRecord[] = [];
  let total = 0;
  let estimated = false;
  let mainWord: string | null = null;

  if (query.relation === 'sug') {
    const [found, counted] = await Promise.all([
      repository.selectPrefixPage(db, scope, keyword, page),
      repository.countPrefix(db, scope, keyword),
    ]);
    rows = found;
    total = counted.total;
    estimated = counted.estimated;
  } else if (query.relation === 'correlation') {
    mainWord = mainWordOf(keyword);
    const stored = self ? await repository.selectStoredRelations(db, self.id, 'correlation', page) : null;
    if (stored) {
      rows = stored.rows;
      total = stored.total;
    } else {
      const matchesSelf = self?.keyword.toLowerCase().includes(mainWord.toLowerCase()) ? self : null;
      const found = await searchExcluding(db, searchQuery(scope, [mainWord], {}, page), matchesSelf);
      ({ rows, total, estimated } = found);
    }
  } else if (query.relation === 'industry') {
    if (self?.industry) {
      const found = await searchExcluding(db, searchQuery(scope, [], { industry: self.industry }, page), self);
      ({ rows, total, estimated } = found);
    }
  } else {
    const roots = await repository.findKeywords(db, scope, rootPhrasesOf(keyword));
    total = roots.length;
    rows = roots.slice(page.offset, page.offset + page.limit);
  }

  return {
    relation: query.relation,
    main_word: mainWord,
    total_record: total,
    total_estimated: estimated,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map((row) => presentRow(row, viewer)),
  };
}

function searchQuery(
  scope: KeywordScope,
  words: string[],
  filters: SearchQuery['filters'],
  page: { limit: number; offset: number },
): SearchQuery {
  return { scope, words, filters, sort: 'search_index', order: 'desc', limit: page.limit, offset: page.offset };
}

// ——— audience ———

const emptyPortraitText = '暂无观众画像';

/** The audience tab: the stored portrait of the keyword's searchers, or the empty answer 暂无观众画像. */
export async function keywordPortrait(db: Database, query: KeywordRefQuery): Promise<KeywordPortrait> {
  const scope = scopeFor(query);
  const keyword = query.keyword.trim();
  const record = await repository.findKeyword(db, scope, keyword);
  const stored = record ? await repository.findPortrait(db, record.id) : null;
  const list = (name: string) => {
    const value = stored?.portrait[name];
    return Array.isArray(value) ? (value as Array<{ name: string; value: number }>) : [];
  };
  const portrait = {
    keyword,
    as_of: stored?.asOf ?? null,
    gender_more: list('gender_more'),
    age_more: list('age_more'),
    province_more: list('province_more').slice(0, 10),
    city_more: list('city_more').slice(0, 10),
    city_level_more: list('city_level_more'),
  };
  const empty = !stored || (portrait.gender_more.length === 0 && portrait.age_more.length === 0);
  return { ...portrait, as_of: empty ? null : portrait.as_of, empty_text: empty ? emptyPortraitText : null };
}

// ——— boards ———

/** One hot board (000 §2.3), cut to the rows the viewer may see. */
export async function keywordBoard(db: Database, viewer: Viewer, query: BoardQuery): Promise<BoardList> {
  const scope = scopeFor(query);
  const industry = query.industry?.trim() ?? '';
  // Industry boards rank each industry apart; the others keep their overall ranks, filtered.
  const partition = INDUSTRY_BOARDS.has(query.board) ? industry : '';
  const keywordIndustry = INDUSTRY_BOARDS.has(query.board) ? '' : industry;
  const dataMax = await rowsAllowed(db, viewer, ROWS_ALIAS);
  const base = { board: query.board, title: boardTitles[query.board], industry: industry || null };
  const asOf = await repository.latestBoardDay(db, { board: query.board, ...scope, industry: partition });
  if (!asOf) return { ...base, as_of: null, total_record: 0, data_max: dataMax, user_grade: viewer.grade, result: [] };
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total } = await repository.selectBoardPage(
    db,
    { board: query.board, ...scope, industry: partition, asOf, keywordIndustry },
    page,
  );
  return {
    ...base,
    as_of: asOf,
    total_record: total,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map((row) => ({ ...presentRow(row, viewer), rank: row.rank, rank_change: row.rank_change })),
  };
}

// ——— TSO topics ———

function presentTopic(row: repository.TopicRecord & { rank: number }, viewer: Viewer) {
  return {
    id: row.id,
    rank: row.rank,
    kind: row.kind,
    country: row.country,
    topic: row.topic,
    views: presentFigure(row.views, viewer),
    video_count: presentFigure(row.video_count, viewer),
    growth_rate: row.growth_rate,
    as_of: row.as_of,
  };
}

/** A TSO topic list (/KeywordTSOList/{kind}) of a country, with the same row caps as the boards. */
export async function tsoTopicList(db: Database, viewer: Viewer, query: TsoTopicsQuery): Promise<TsoTopicList> {
  const country = query.country ?? DEFAULT_COUNTRY;
  const dataMax = await rowsAllowed(db, viewer, ROWS_ALIAS);
  const page = pageWithin(query.page_no, query.page_size, dataMax);
  const { rows, total } = await repository.selectTopicPage(db, { kind: query.kind, country, sort: query.sort }, page);
  return {
    total_record: total,
    data_max: dataMax,
    user_grade: viewer.grade,
    result: rows.map((row, index) => presentTopic({ ...row, rank: page.offset + index + 1 }, viewer)),
  };
}

const TOPIC_KEYWORDS = 20;

/** One TSO topic (/TsoKeyWordTopicDetail): its figures and the country's keywords made of its words. */
export async function openTsoTopic(
  db: Database,
  viewer: Viewer,
  query: { kind: TsoTopicsQuery['kind']; country?: string | undefined; topic: string },
): Promise<TsoTopicDetail> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const country = query.country ?? DEFAULT_COUNTRY;
  const topic = await repository.findTopic(db, { kind: query.kind, country, topic: query.topic.replace(/^#/, '') });
  if (!topic) throw new AppError(Code.NOT_FOUND, '话题不存在');
  const { use } = await spendDetailOpen(db, viewer.userId, `TSO-topic/${country}/${query.kind}`, topic.topic);
  const rows = await repository.selectTopicKeywords(db, { country, topic: topic.topic, limit: TOPIC_KEYWORDS });
  return {
    topic: presentTopic(topic, viewer),
    keywords: rows.map((row) => presentRow(row, viewer)),
    detail_use: use,
  };
}
