import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, createdAt, extensionOf, isDemo, partOf, rowId, sortOrder, updatedAt } from './columns';

/** Raw bytes (PostgreSQL bytea) as a Node Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * One keyword of one platform's library (TSO per country; `country` is '' elsewhere). Figures carry
 * the date they are as of. `grams` holds 32-bit hashes of the keyword's unigrams and bigrams (see
 * features/keywords/grams.ts); its GIN index serves substring search, and the migration that creates
 * the search indexes is drizzle/0003_keyword_search_indexes.sql.
 */
export const keywords = pgTable(
  'keywords',
  {
    id: rowId(),
    platform: text('platform').notNull(),
    country: text('country').notNull().default(''),
    keyword: text('keyword').notNull(),
    /** Hashes of the scope-prefixed unigrams and bigrams of the lower-cased keyword. */
    grams: integer('grams').array().notNull(),
    searchIndex: integer('search_index').notNull().default(0),
    monthCoverCount: bigint('month_cover_count', { mode: 'number' }).notNull().default(0),
    /** 1–4 stars, derived from the figures by the product (see keyword-rules). */
    competition: smallint('competition').notNull().default(1),
    competitionReasons: text('competition_reasons').array().notNull().default(sql`'{}'::text[]`),
    relatedWorkCount: integer('related_work_count').notNull().default(0),
    /** Content category code `diversify_N`. */
    category: text('category'),
    industry: text('industry'),
    commerceIntent: boolean('commerce_intent').notNull().default(false),
    /** Derived: high demand, low competition. */
    isBlueOcean: boolean('is_blue_ocean').notNull().default(false),
    /** Change of the search index over the last 7 days, as a fraction. */
    growthRate: real('growth_rate').notNull().default(0),
    firstSeen: date('first_seen', { mode: 'string' }).notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    isDemo: isDemo(),
    /**
     * Where the figures came from: a collection's provider (`tikhub`, `douyin`, `sandbox`) for a word first found on
     * a hot board; null for a row written by an import or the demo seed (`is_demo` tells which), so adding the
     * column rewrote no row.
     */
    source: text('source'),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('keywords_platform_country_keyword_idx').on(table.platform, table.country, table.keyword),
    index('keywords_month_cover_idx').on(table.platform, table.country, table.monthCoverCount.desc()),
  ],
);

/**
 * Daily indexes of a keyword, as arrays starting at `start_day`: the search index (`values`) and, when
 * the source gives it, the overall index (`overall`, 综合指数: searches plus content and propagation),
 * aligned day by day with `values` (drizzle/0027_keyword_overall_index.sql).
 */
export const keywordTrends = pgTable('keyword_trends', {
  keywordId: extensionOf('keyword_id', () => keywords.id),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  values: integer('values').array().notNull(),
  overall: integer('overall').array(),
});

/** Words related to a keyword: suggestion (drop-down), correlation, industry and root words. */
export const keywordRelations = pgTable(
  'keyword_relations',
  {
    keywordId: partOf('keyword_id', () => keywords.id),
    relation: text('relation').notNull(),
    relatedKeyword: text('related_keyword').notNull(),
    score: integer('score').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.keywordId, table.relation, table.relatedKeyword] }),
    index('keyword_relations_score_idx').on(table.keywordId, table.relation, table.score.desc()),
  ],
);

/** Audience portrait of a keyword's searchers: distributions of name/value ratios. */
export const keywordPortraits = pgTable('keyword_portraits', {
  keywordId: extensionOf('keyword_id', () => keywords.id),
  portrait: jsonb('portrait').notNull(),
  asOf: date('as_of', { mode: 'string' }).notNull(),
});

/** Hot boards (blue, industryHot, …) computed from the library: rank and rank change per day. */
export const keywordBoards = pgTable(
  'keyword_boards',
  {
    board: text('board').notNull(),
    platform: text('platform').notNull(),
    country: text('country').notNull().default(''),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    rank: integer('rank').notNull(),
    keywordId: partOf('keyword_id', () => keywords.id),
    /** Positive: moved up since the previous board; null: new on the board. */
    rankChange: integer('rank_change'),
    /** '' for the board over all industries; an industry's name for that industry's own board. */
    industry: text('industry').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.board, table.platform, table.country, table.industry, table.asOf, table.rank] }),
    // Deleting a keyword cascades here.
    index('keyword_boards_keyword_idx').on(table.keywordId),
  ],
);

/**
 * Medians of a library's keywords per industry ('' = the whole library), computed by the derive job:
 * the yardstick of a keyword's competition analysis.
 */
export const keywordIndustryStats = pgTable(
  'keyword_industry_stats',
  {
    platform: text('platform').notNull(),
    country: text('country').notNull().default(''),
    industry: text('industry').notNull(),
    keywordCount: integer('keyword_count').notNull(),
    medianSearchIndex: real('median_search_index').notNull(),
    medianRelatedWorkCount: real('median_related_work_count').notNull(),
    medianWorksPerIndex: real('median_works_per_index').notNull(),
    medianCompetition: real('median_competition').notNull(),
    medianGrowthRate: real('median_growth_rate').notNull(),
    asOf: date('as_of', { mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.platform, table.country, table.industry] })],
);

/**
 * Keyword details a user opened per Asia/Shanghai day: the first open of a keyword spends one
 * KEYWORD_LIBRARY_DETAIL_COUNT_DAY, reopening it the same day is free.
 */
export const keywordDetailViews = pgTable(
  'keyword_detail_views',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    /** 'DSO', 'TSO/US', or 'TSO-topic/US/ecoTopic' for a TSO topic. */
    scope: text('scope').notNull(),
    keyword: text('keyword').notNull(),
    openedAt: at('opened_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.scope, table.keyword] })],
);

/** TSO topic lists per country: ecoTopic and creativeIdeaTopics. */
export const tsoTopics = pgTable(
  'tso_topics',
  {
    id: rowId(),
    kind: text('kind').notNull(),
    country: text('country').notNull(),
    topic: text('topic').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    videoCount: integer('video_count').notNull().default(0),
    growthRate: real('growth_rate').notNull().default(0),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    isDemo: isDemo(),
  },
  (table) => [uniqueIndex('tso_topics_kind_country_topic_idx').on(table.kind, table.country, table.topic)],
);

/** Countries of the overseas library, with Chinese names. */
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameCn: text('name_cn').notNull(),
  translation: text('translation').notNull(),
  sort: sortOrder(),
});

/** Search history per user and search type; one row per distinct keyword, newest first. */
export const searchHistory = pgTable(
  'search_history',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    type: text('type').notNull(),
    keyword: text('keyword').notNull(),
    searchedAt: at('searched_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.type, table.keyword] }),
    index('search_history_recent_idx').on(table.userId, table.type, table.searchedAt.desc()),
  ],
);

/** How many keywords of a scope contain each uni- and bigram: picks the search plan, gives exact short totals. */
export const keywordGramStats = pgTable(
  'keyword_gram_stats',
  {
    scope: text('scope').notNull(),
    gram: integer('gram').notNull(),
    docCount: integer('doc_count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.gram] })],
);

/**
 * The head of a frequent gram's posting list: the ids of the best-ranked keywords containing it, by
 * search index (descending, ties by id descending), as of the last statistics rebuild. A one- or
 * two-character search, or a longer one whose rarest bigram is frequent, reads its first pages here
 * instead of fetching and sorting every match.
 */
export const keywordGramHeads = pgTable(
  'keyword_gram_heads',
  {
    scope: text('scope').notNull(),
    gram: integer('gram').notNull(),
    ids: bigint('ids', { mode: 'number' }).array().notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.gram] })],
);

/**
 * Keywords written since their library's last derive: `inserted` when the row is new (its grams count once more),
 * else its figures changed. Claimed (deleted) by the next derive of the library (derive/keyword-derive-changes.ts).
 */
export const keywordChanges = pgTable(
  'keyword_changes',
  {
    platform: text('platform').notNull(),
    country: text('country').notNull().default(''),
    keywordId: bigint('keyword_id', { mode: 'number' }).notNull(),
    inserted: boolean('inserted').notNull(),
  },
  (table) => [primaryKey({ name: 'keyword_changes_pk', columns: [table.platform, table.country, table.keywordId] })],
);

/** Keywords per scope when its gram statistics were last rebuilt. */
export const keywordScopeStats = pgTable('keyword_scope_stats', {
  scope: text('scope').primaryKey(),
  keywordCount: integer('keyword_count').notNull(),
  refreshedAt: at('refreshed_at').notNull().defaultNow(),
});

/** One import run and its per-row error report. */
export const keywordImports = pgTable('keyword_imports', {
  id: rowId(),
  source: text('source').notNull(),
  format: text('format').notNull(),
  status: text('status').notNull(),
  totalRows: integer('total_rows').notNull().default(0),
  insertedRows: integer('inserted_rows').notNull().default(0),
  updatedRows: integer('updated_rows').notNull().default(0),
  errorRows: integer('error_rows').notNull().default(0),
  errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
  finishedAt: at('finished_at'),
  /** The uploaded file, kept in the database so any worker process can run it; cleared once done. */
  file: bytea('file'),
  /** The admin who uploaded it; null from the CLI. */
  createdBy: bigint('created_by', { mode: 'number' }),
  /** Libraries the import touched ('DSO', 'TSO/US'). */
  scopes: jsonb('scopes').notNull().default(sql`'[]'::jsonb`),
  /** Why the whole file failed (unreadable, wrong format). */
  failure: text('failure'),
  startedAt: at('started_at'),
});
