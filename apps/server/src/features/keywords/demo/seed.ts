import type { Platform } from '@dso/contract';
import { growthFromTrend } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { countries as countriesTable } from '../../../db/schema';
import { overseasCountries } from '../countries';
import { analyzeKeywordTables, deriveScope } from '../derive/keyword-derive';
import { yardsticksFromFigures } from '../derive/keyword-grades';
import { enqueueDerive } from '../import/keyword-import.service';
import { type KeywordInput, upsertKeywords } from '../import/keyword-ingest.repository';
import { type KeywordScope, refreshGramStats } from '../search/keyword-search.repository';
import { type GeneratedKeyword, generateKeywords } from './generator';
import { headPhrases } from './head-terms';
import { demoPortrait } from './portraits';
import { generateTsoTopics } from './tso-topics';

export interface SeedPlan {
  scopes: Array<KeywordScope & { count: number }>;
  seed: number;
  asOf: string;
  /** Keep daily trends (the demo set); bulk benchmark sets skip them. */
  withTrends: boolean;
  onProgress?: (scope: KeywordScope, done: number, total: number) => void;
}

/**
 * The small library `npm start` seeds on a first run: every platform, five overseas countries. Each
 * Chinese library holds every head-term phrase (what a new user searches first) plus this many
 * generated combinations.
 */
export function firstRunPlan(asOf: string): SeedPlan {
  const heads = headPhrases().length;
  const platforms: Array<[Platform, number]> = [
    ['DSO', 15_000],
    ['RSO', 4_000],
    ['WSO', 3_500],
    ['BSO', 2_000],
    ['KSO', 3_500],
  ];
  const overseas = ['US', 'GB', 'JP', 'ID', 'BR'].map((country) => ({
    platform: 'TSO' as const,
    country,
    count: 1_500,
  }));
  return {
    scopes: [...platforms.map(([platform, count]) => ({ platform, country: '', count: heads + count })), ...overseas],
    seed: 20261121,
    asOf,
    withTrends: true,
  };
}

function* mapEach<T, U>(items: Iterable<T>, map: (item: T) => U): Generator<U> {
  for (const item of items) yield map(item);
}

/** Reference data every installation has: the overseas countries with their Chinese names. */
export async function ensureCountries(db: Database) {
  await db
    .insert(countriesTable)
    .values(overseasCountries.map((country, sort) => ({ ...country, sort })))
    .onConflictDoUpdate({
      target: countriesTable.code,
      set: { nameCn: sql`excluded.name_cn`, translation: sql`excluded.translation`, sort: sql`excluded.sort` },
    });
}

/**
 * Libraries up to this size are generated whole before they are written, so their words are graded
 * against the medians of the whole library from the start (yardsticksFromFigures) and the derive that
 * follows rewrites next to none of them; larger (benchmark) seeds stream and are graded by the derive.
 */
const PREGRADE_MAX_KEYWORDS = 200_000;

/** Generates and ingests each scope of the plan, then rebuilds its gram statistics. */
export async function seedKeywords(db: Database, plan: SeedPlan) {
  for (const scope of plan.scopes) {
    const rowsOf = (batch: GeneratedKeyword[]): KeywordInput[] =>
      batch.map((row) => ({
        ...row,
        platform: scope.platform,
        country: scope.country,
        asOf: plan.asOf,
        trend: plan.withTrends ? row.trend : null,
        overall: plan.withTrends ? row.overall : null,
        growthRate: growthFromTrend(row.trend),
        isDemo: true,
      }));
    const generated = generateKeywords({ ...scope, seed: plan.seed, asOf: plan.asOf });
    const whole = scope.count <= PREGRADE_MAX_KEYWORDS ? [...generated].map(rowsOf) : null;
    // Growth is the trend's, as the ingest derives it (rowsOf sets it for every row).
    const yardsticks = whole
      ? yardsticksFromFigures(whole.flat().map((row) => ({ ...row, growthRate: row.growthRate ?? 0 })))
      : undefined;
    let done = 0;
    for (const rows of whole ?? mapEach(generated, rowsOf)) {
      await upsertKeywords(db, rows, yardsticks, { trackChanges: false });
      done += rows.length;
      plan.onProgress?.(scope, done, scope.count);
    }
    await refreshGramStats(db, scope);
  }
}

/**
 * The head of each demo library (this many keywords by search index) gets a stored audience portrait,
 * as a source profiles only its head; the rest answer one estimated from their industry when they have
 * 1w search index or more (detail/portrait-estimate.ts), else 暂无观众画像.
 */
export const PORTRAIT_TOP = 1_000;

/** Audience portraits for a library's top demo keywords (deterministic per keyword, by industry). */
export async function seedPortraits(db: Database, scope: KeywordScope, asOf: string, top = PORTRAIT_TOP) {
  const rows = await queryRows<{ id: number; keyword: string; industry: string | null }>(
    db,
    sql`SELECT id, keyword, industry FROM keywords
        WHERE platform = ${scope.platform} AND country = ${scope.country} AND is_demo
        ORDER BY search_index DESC, id DESC LIMIT ${top}`,
  );
  const batch = 1_000;
  for (let start = 0; start < rows.length; start += batch) {
    const portraits = rows.slice(start, start + batch).map((row) => ({
      id: Number(row.id),
      portrait: demoPortrait(row.keyword, row.industry, scope.platform === 'TSO'),
    }));
    // One JSON parameter rather than a text[] of JSON: no array-literal escaping of every quote.
    await db.execute(sql`
      INSERT INTO keyword_portraits (keyword_id, portrait, as_of)
      SELECT (entry->>'id')::bigint, entry->'portrait', ${asOf}::date
      FROM jsonb_array_elements(${JSON.stringify(portraits)}::jsonb) AS entry
      ON CONFLICT (keyword_id) DO UPDATE SET portrait = excluded.portrait, as_of = excluded.as_of
    `);
  }
  return rows.length;
}

/** Demo TSO topic lists (ecoTopic, creativeIdeaTopics) for the given countries. */
export async function seedTsoTopics(
  db: Database,
  options: { countries: string[]; seed: number; asOf: string; count: number },
) {
  for (const country of options.countries) {
    for (const kind of ['ecoTopic', 'creativeIdeaTopics'] as const) {
      const topics = generateTsoTopics({ kind, country, seed: options.seed, count: options.count });
      await db.execute(sql`
        INSERT INTO tso_topics (kind, country, topic, views, video_count, growth_rate, as_of, is_demo)
        SELECT ${kind}, ${country}, topic, views, video_count, growth_rate, ${options.asOf}::date, true
        FROM unnest(${sql.param(topics.map((topic) => topic.topic))}::text[],
          ${sql.param(topics.map((topic) => topic.views))}::bigint[],
          ${sql.param(topics.map((topic) => topic.videoCount))}::int[],
          ${sql.param(topics.map((topic) => topic.growthRate))}::real[]) AS incoming(topic, views, video_count, growth_rate)
        ON CONFLICT (kind, country, topic) DO UPDATE SET views = excluded.views, video_count = excluded.video_count,
          growth_rate = excluded.growth_rate, as_of = excluded.as_of, is_demo = true
      `);
    }
  }
}

/** TSO topics per list and country in the first-run set. */
export const FIRST_RUN_TOPICS = 120;

/**
 * The whole first-run demo set: the keyword libraries of {@link firstRunPlan}, their portraits and
 * the TSO topic lists, then each library's industry medians and today's boards derived right here,
 * so boards exist on the first start without waiting for a worker. The rest is queued for the job
 * worker: the day before (for rank changes, from the trends) and the correlation words (computed on
 * the fly until it has kept them).
 */
export async function seedFirstRun(
  db: Database,
  plan: SeedPlan,
  log: (message: string, data?: Record<string, unknown>) => void,
) {
  await seedKeywords(db, plan);
  for (const scope of plan.scopes) await seedPortraits(db, scope, plan.asOf);
  const overseas = plan.scopes.filter((scope) => scope.platform === 'TSO').map((scope) => scope.country);
  await seedTsoTopics(db, { countries: overseas, seed: plan.seed, asOf: plan.asOf, count: FIRST_RUN_TOPICS });
  await analyzeKeywordTables(db);
  for (const scope of plan.scopes) {
    await deriveScope(db, scope, { steps: ['industryStats', 'boards'], analyze: false, backfill: false, log });
  }
  await analyzeKeywordTables(db, ['keyword_boards', 'keyword_industry_stats', 'keyword_portraits', 'tso_topics']);
  for (const scope of plan.scopes) await enqueueDerive(db, scope, ['boards', 'correlations']);
}
