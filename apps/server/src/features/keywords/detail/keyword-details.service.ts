import {
  Code,
  type CompeteAnalyze,
  type KeywordDetail,
  type KeywordPortrait,
  type KeywordRefQuery,
  type KeywordTrend,
  type KeywordTrendQuery,
  type Platform,
  type PlatformFigures,
} from '@dso/contract';
import { competitionReasons, worksPerIndex } from '@dso/domain';
import type { Database } from '../../../db/client';
import { AppError, orNotFound } from '../../../lib/app-error';
import { DEFAULT_COUNTRY } from '../countries';
import type { KeywordRecord } from '../keyword-record';
import type { KeywordScope } from '../search/keyword-search.repository';
import { presentFigure, presentRate, presentRow, type Viewer } from '../search/keywords.service';
import * as repository from './keyword-details.repository';
import { rangeOf, trendOf } from './keyword-trend.service';
import { scopeFor, spendDetailOpen } from './page-limits.service';
import { PORTRAIT_ESTIMATE_MIN_INDEX, PORTRAIT_ESTIMATE_SOURCES, portraitAnswer } from './portrait-estimate';

/** Kept here for the features that band their own series the same way (live sales). */
export { presentTrendValue } from './keyword-trend.service';

/** One keyword's detail page (overview, trend, competition, every platform) and its audience tab. */

/** The libraries of the side-by-side table, in order; TSO is added for its country when it has the word. */
const sideBySidePlatforms: Platform[] = ['DSO', 'RSO', 'WSO', 'BSO', 'KSO'];

/** A keyword's library record, or 404 关键词不存在. */
async function requireKeyword(db: Database, scope: KeywordScope, keyword: string): Promise<KeywordRecord> {
  return orNotFound(await repository.findKeyword(db, scope, keyword.trim()), '关键词不存在');
}

const scopeName = (scope: KeywordScope) => (scope.country ? `${scope.platform}/${scope.country}` : scope.platform);

/** One keyword's detail page (000 §2.2 /keyWordDetail/{tab} and its platform variants). */
export async function openKeywordDetail(db: Database, viewer: Viewer, query: KeywordRefQuery): Promise<KeywordDetail> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const scope = scopeFor(query);
  const record = await requireKeyword(db, scope, query.keyword);
  const { use, reopened } = await spendDetailOpen(db, viewer.userId, scopeName(scope), record.keyword);
  const [trend, competeAnalyze, platforms, source] = await Promise.all([
    trendOf(db, record, viewer),
    analyzeCompetition(db, scope, record, viewer),
    figuresOnEveryPlatform(db, scope, record, viewer),
    repository.sourceOfKeyword(db, record.id),
  ]);
  return {
    keyword: presentRow(record, viewer),
    trend,
    competeAnalyze,
    platforms,
    detail_use: use,
    reopened,
    source,
  };
}

/**
 * The overview chart over another period than the detail's (`GET trend`). It shows the detail's
 * figures, so it is spent like opening the keyword: free when the word was opened today.
 */
export async function openKeywordTrend(
  db: Database,
  viewer: Viewer,
  query: KeywordTrendQuery,
): Promise<KeywordTrend | null> {
  if (viewer.userId === null) throw new AppError(Code.TOKEN_INVALID, '请先登录');
  const scope = scopeFor(query);
  const record = await requireKeyword(db, scope, query.keyword);
  await spendDetailOpen(db, viewer.userId, scopeName(scope), record.keyword);
  return trendOf(db, record, viewer, rangeOf(query));
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
    growth_rate: presentRate(record.growth_rate, viewer),
    blue_ocean: record.is_blue_ocean,
    industry_median: stats
      ? {
          industry: stats.industry || null,
          sample_size: stats.keyword_count,
          search_index: presentFigure(Math.round(stats.median_search_index), viewer),
          related_work_count: presentFigure(Math.round(stats.median_related_work_count), viewer),
          works_per_index: round3(stats.median_works_per_index),
          competition: round3(stats.median_competition),
          growth_rate: presentRate(stats.median_growth_rate, viewer),
          as_of: stats.as_of,
        }
      : null,
    compared,
    summary: summarize(record, stats?.industry ?? null, compared),
  };
}

/**
 * The analysis in one sentence. It says what the grade says: the stars and level, the comparison with
 * the industry's medians, and advice that follows from the grade's own evidence (keyword-rules.ts):
 * a blue-ocean word has, by its rule, demand above the median and works per index point below it,
 * so that is what its advice says, whatever the 10 % tolerance of the comparison; a head word (graded
 * 3 stars or more) is pointed to its long tails.
 */
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
    record.is_blue_ocean ? '搜索需求高于中位水平' : `搜索需求${word[compared.search_index]}中位水平`,
    `近7日增长${word[compared.growth_rate]}中位水平`,
  ];
  const headWord = record.competition_reasons.includes(competitionReasons.headWord);
  const advice = record.is_blue_ocean
    ? '，每指数作品数也低于中位水平，需求高而作品少，是值得布局的蓝海词'
    : record.competition >= 4 || headWord
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
        growth_rate: presentRate(row.growth_rate, viewer),
        as_of: row.as_of,
      },
    ];
  });
}

/**
 * The audience tab: the stored portrait of the keyword's searchers; for a word with at least
 * PORTRAIT_ESTIMATE_MIN_INDEX and none stored, one estimated from its industry's words (one indexed
 * query, only then), marked `estimated`; else the empty answer 暂无观众画像.
 */
export async function keywordPortrait(db: Database, query: KeywordRefQuery): Promise<KeywordPortrait> {
  const scope = scopeFor(query);
  const keyword = query.keyword.trim();
  const record = await repository.findKeyword(db, scope, keyword);
  const stored = record ? await repository.findPortrait(db, record.id) : null;
  const searchIndex = record ? Number(record.search_index) : 0;
  const sources =
    record && !stored && searchIndex >= PORTRAIT_ESTIMATE_MIN_INDEX
      ? await repository.findPortraitSources(db, scope, record.industry, PORTRAIT_ESTIMATE_SOURCES)
      : [];
  return portraitAnswer(keyword, stored, sources);
}
