import { averagePerVideo } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import type { GoodsItem, PortraitShare } from '../../../db/schema/videos';
import { keywordGrams } from '../../../lib/grams';
import type { PlatformComment, PlatformCreatorRecord, PlatformVideoRecord } from '../../../providers/platform-data';
import { VIDEO_PLATFORM } from '../video-platform';

/*
 * Writes platform data (the demo generator, the importers, the platform data provider) into the video
 * tables. Every write is an idempotent upsert by the platform's own keys (user id, aweme id, comment
 * id, room id, topic name and day), one statement per batch with the rows as one JSON parameter or
 * as arrays per column, so a re-import updates and never duplicates, and a large load costs a few
 * statements per thousand rows. Callers batch (about a thousand rows) and yield between batches.
 *
 * Derived facts are made here, once: the per-video averages (`averagePerVideo` over the totals), the
 * title and nickname grams (`keywordGrams`, the keyword search's n-grams). A figure the source does not
 * give (null) keeps the stored one.
 */

/**
 * A creator as a source gives it: the platform data provider's record (one field list for both), with
 * the day its figures are of instead of the instant they were measured. Null figures keep what is
 * stored (0 for a new row); a null `field` (领域) keeps the stored one.
 */
export type CreatorIngest = Omit<PlatformCreatorRecord, 'fetchedAt'> & {
  /** Followers gained over 30 days, when the source has it. */
  followerGrowth30d: number | null;
  /** The day the figures are of ('YYYY-MM-DD'). */
  asOf: string;
  isDemo: boolean;
};

/**
 * A video as a source gives it: the platform data provider's record (one field list for both; the
 * author's user id must name a stored creator, so ingest creators first) with its goods as they are
 * stored, and what the product adds. `goods` null keeps the stored goods.
 */
export type VideoIngest = Omit<PlatformVideoRecord, 'goods'> & {
  goods: GoodsItem[] | null;
  /** The product's score 0–100; null keeps the stored one. */
  score: number | null;
  /** The video's words (the keyword relation's input); null keeps the stored ones. */
  wordNew: string[] | null;
  /**
   * What is said in the work, one spoken sentence or more a line (the speech sandbox answers it, spread
   * over the duration); null keeps the stored one.
   */
  transcript: string | null;
  isDemo: boolean;
};

/** A comment as the platform data provider gives it (one field list for both), on its stored video. */
export type CommentIngest = PlatformComment & {
  videoId: number;
  isDemo: boolean;
};

/** The first 72 hours, hourly cumulative from `startTime` (the publish hour); null = not observed. */
export interface TrendIngest {
  videoId: number;
  startTime: Date;
  goodValues: Array<number | null>;
  commentValues: Array<number | null>;
  shareValues: Array<number | null>;
  collectValues: Array<number | null>;
}

export interface PortraitIngest {
  subjectType: 'video' | 'creator';
  subjectId: number;
  gender: string | null;
  age: string | null;
  province: string | null;
  city: string | null;
  cityLevel: string | null;
  device: string | null;
  atv: string | null;
  consume: string | null;
  liveness: string | null;
  category: string | null;
  area: string | null;
  genderMore: PortraitShare[];
  ageMore: PortraitShare[];
  provinceMore: PortraitShare[];
  cityMore: PortraitShare[];
  cityLevelMore: PortraitShare[];
  deviceMore: PortraitShare[];
  interestMore: PortraitShare[];
  asOf: string;
  isDemo: boolean;
}

export interface LiveSessionIngest {
  roomId: string;
  authorUserId: string;
  title: string;
  cover: string;
  startTime: Date;
  endTime: Date | null;
  watchCount: number;
  peakOnline: number;
  salesAmountFen: number;
  /** Null keeps the stored goods (none for a new session). */
  goods: GoodsItem[] | null;
  /** Minutes from the start; stored minutes not in the list stay. */
  minutes: Array<{ minute: number; online: number; entering: number; salesFen: number }>;
  isDemo: boolean;
}

export interface TopicIngest {
  kind: 'video' | 'image_text';
  name: string;
  day: string;
  heat: number;
  videoCount: number;
  growth: number;
  /** Works under the topic, by aweme id; ids not in the library are skipped. */
  awemeIds: string[];
  isDemo: boolean;
}

/** A keyword-library phrase a video covers, with the video's place in its results when known. */
export interface VideoKeywordIngest {
  videoId: number;
  keyword: string;
  searchRank: number | null;
  asOf: string;
}

/** One statement cannot update a row twice: within a batch the last occurrence of a key wins. */
function lastOfEach<T>(rows: readonly T[], key: (row: T) => string): T[] {
  return [...new Map(rows.map((row) => [key(row), row])).values()];
}

const json = (value: unknown) => JSON.stringify(value);
/** Text arrays travel as one string: the unit separator never occurs in titles or tags. */
const SEP = '\u001f';
const joined = (values: readonly string[] | null) => (values === null ? null : values.join(SEP));
const averageOrNull = (total: number | null, works: number) => (total === null ? null : averagePerVideo(total, works));

/**
 * Upserts creators by (platform, user id) with their derived averages and grams. Returns each
 * creator's id by user id, and how many were new.
 */
export async function upsertCreators(db: Database, input: readonly CreatorIngest[]) {
  const rows = lastOfEach(input, (row) => row.userId);
  if (rows.length === 0) return { ids: new Map<string, number>(), inserted: 0 };
  const payload = rows.map((row) => ({
    user_id: row.userId,
    unique_id: row.uniqueId,
    nick_name: row.nickName,
    avatar: row.avatar,
    signature: row.signature,
    gender: row.gender,
    province: row.province,
    city: row.city,
    field: row.field,
    verified: row.verified,
    verify_info: row.verifyInfo,
    is_commerce: row.isCommerce,
    mcn: row.mcn,
    followers: row.followerCount,
    growth: row.followerGrowth30d,
    favorited: row.totalFavorited,
    works: row.awemeCount,
    comments: row.videoCommentTotalCount,
    shares: row.videoShareTotalCount,
    avg_good: averagePerVideo(row.totalFavorited, row.awemeCount),
    avg_comment: averageOrNull(row.videoCommentTotalCount, row.awemeCount),
    avg_share: averageOrNull(row.videoShareTotalCount, row.awemeCount),
    avg_collect: averageOrNull(row.videoCollectTotalCount, row.awemeCount),
    sales: row.salesAmountFen30d,
    lives: row.liveCount,
    grams: keywordGrams(VIDEO_PLATFORM, row.nickName).join(','),
    as_of: row.asOf,
    is_demo: row.isDemo,
  }));
  const returned = await queryRows<{ id: number; user_id: string; inserted: boolean }>(
    db,
    sql`
    INSERT INTO creators (platform, user_id, unique_id, nick_name, avatar, signature, gender, province, city, field,
      verified, verify_info, is_commerce, mcn, total_follower_count, follower_growth_30d, total_favorited, aweme_count,
      video_comment_total_count, video_share_total_count, avg_good_count, avg_comment_count, avg_share_count,
      avg_collect_count, sales_amount_fen, live_count, grams, as_of, is_demo)
    SELECT ${VIDEO_PLATFORM}, r.user_id, r.unique_id, r.nick_name, r.avatar, r.signature, r.gender, r.province, r.city,
      COALESCE(r.field, c.field), r.verified, r.verify_info, r.is_commerce, r.mcn, r.followers,
      COALESCE(r.growth, c.follower_growth_30d, 0), r.favorited, r.works,
      COALESCE(r.comments, c.video_comment_total_count, 0), COALESCE(r.shares, c.video_share_total_count, 0),
      r.avg_good, COALESCE(r.avg_comment, c.avg_comment_count, 0), COALESCE(r.avg_share, c.avg_share_count, 0),
      COALESCE(r.avg_collect, c.avg_collect_count, 0), COALESCE(r.sales, c.sales_amount_fen, 0),
      COALESCE(r.lives, c.live_count, 0), string_to_array(r.grams, ',')::int[], r.as_of, r.is_demo
    FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(user_id text, unique_id text, nick_name text, avatar text,
      signature text, gender smallint, province text, city text, field text, verified boolean, verify_info text,
      is_commerce boolean, mcn text, followers bigint, growth bigint, favorited bigint, works int, comments bigint,
      shares bigint, avg_good bigint, avg_comment bigint, avg_share bigint, avg_collect bigint, sales bigint, lives int,
      grams text, as_of date, is_demo boolean)
    LEFT JOIN creators c ON c.platform = ${VIDEO_PLATFORM} AND c.user_id = r.user_id
    ON CONFLICT (platform, user_id) DO UPDATE SET
      unique_id = excluded.unique_id, nick_name = excluded.nick_name, avatar = excluded.avatar,
      signature = excluded.signature, gender = excluded.gender, province = excluded.province, city = excluded.city,
      field = excluded.field, verified = excluded.verified, verify_info = excluded.verify_info,
      is_commerce = excluded.is_commerce, mcn = excluded.mcn, total_follower_count = excluded.total_follower_count,
      follower_growth_30d = excluded.follower_growth_30d, total_favorited = excluded.total_favorited,
      aweme_count = excluded.aweme_count, video_comment_total_count = excluded.video_comment_total_count,
      video_share_total_count = excluded.video_share_total_count, avg_good_count = excluded.avg_good_count,
      avg_comment_count = excluded.avg_comment_count, avg_share_count = excluded.avg_share_count,
      avg_collect_count = excluded.avg_collect_count, sales_amount_fen = excluded.sales_amount_fen,
      live_count = excluded.live_count, grams = excluded.grams, as_of = excluded.as_of, is_demo = excluded.is_demo,
      updated_at = now()
    RETURNING id, user_id, (xmax = 0) AS inserted
  `,
  );
  return {
    ids: new Map(returned.map((row) => [row.user_id, Number(row.id)])),
    inserted: returned.filter((row) => row.inserted).length,
  };
}

/** Upserts followers per day by (creator, day). Returns how many days were new. */
export async function upsertFollowerHistory(
  db: Database,
  input: ReadonlyArray<{ creatorId: number; day: string; followerCount: number }>,
): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.creatorId}/${row.day}`);
  if (rows.length === 0) return 0;
  const [counted] = await queryRows<{ inserted: number }>(
    db,
    sql`
    WITH written AS (
    INSERT INTO creator_follower_history (creator_id, day, follower_count)
    SELECT * FROM unnest(${sql.param(rows.map((row) => row.creatorId))}::bigint[],
      ${sql.param(rows.map((row) => row.day))}::date[], ${sql.param(rows.map((row) => row.followerCount))}::bigint[])
    ON CONFLICT (creator_id, day) DO UPDATE SET follower_count = excluded.follower_count
    RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM written
  `,
  );
  return Number(counted?.inserted ?? 0);
}

/**
 * Upserts videos by (platform, aweme id), each under its author (looked up by user id). Returns each
 * stored video's id by aweme id, how many were new, and the aweme ids skipped because their author is
 * not in the library.
 */
export async function upsertVideos(db: Database, input: readonly VideoIngest[]) {
  const rows = lastOfEach(input, (row) => row.awemeId);
  if (rows.length === 0) return { ids: new Map<string, number>(), inserted: 0, missingAuthor: [] as string[] };
  const payload = rows.map((row) => ({
    aweme_id: row.awemeId,
    author: row.authorUserId,
    descr: row.desc,
    tags: joined(row.tags),
    score: row.score,
    cover: row.cover,
    share_url: row.shareUrl,
    play_url: row.playUrl,
    create_time: row.createTime.toISOString(),
    fetched_at: row.fetchedAt.toISOString(),
    duration_ms: row.durationMs,
    good: row.goodCount,
    comment: row.commentCount,
    share: row.shareCount,
    collect: row.collectCount,
    music_id: row.musicId,
    music_title: row.musicTitle,
    goods: row.goods,
    status: row.status,
    word_new: joined(row.wordNew),
    transcript: row.transcript,
    grams: keywordGrams(VIDEO_PLATFORM, row.desc).join(','),
    is_demo: row.isDemo,
  }));
  const returned = await queryRows<{ id: number; aweme_id: string; inserted: boolean }>(
    db,
    sql`
    INSERT INTO videos (platform, aweme_id, creator_id, video_desc, video_tag, video_score, origin_cover, share_url,
      play_url, create_time, last_update_time, duration_ms, good_count, comment_count, share_count, collect_count,
      music_id, music_title, is_with_goods, goods, status, word_new, transcript, grams, is_demo)
    SELECT ${VIDEO_PLATFORM}, r.aweme_id, a.id, r.descr, string_to_array(r.tags, ${SEP}),
      COALESCE(r.score, v.video_score, 0), r.cover, r.share_url, r.play_url, r.create_time, r.fetched_at,
      r.duration_ms, r.good, r.comment, r.share, r.collect, r.music_id, r.music_title,
      COALESCE(jsonb_array_length(r.goods) > 0, v.is_with_goods, false), COALESCE(r.goods, v.goods, '[]'::jsonb),
      r.status, COALESCE(string_to_array(r.word_new, ${SEP}), v.word_new, '{}'::text[]),
      COALESCE(r.transcript, v.transcript), string_to_array(r.grams, ',')::int[], r.is_demo
    FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(aweme_id text, author text, descr text, tags text, score real,
      cover text, share_url text, play_url text, create_time timestamptz, fetched_at timestamptz, duration_ms int,
      good bigint, comment bigint, share bigint, collect bigint, music_id text, music_title text, goods jsonb,
      status text, word_new text, transcript text, grams text, is_demo boolean)
    JOIN creators a ON a.platform = ${VIDEO_PLATFORM} AND a.user_id = r.author
    LEFT JOIN videos v ON v.platform = ${VIDEO_PLATFORM} AND v.aweme_id = r.aweme_id
    ON CONFLICT (platform, aweme_id) DO UPDATE SET
      creator_id = excluded.creator_id, video_desc = excluded.video_desc, video_tag = excluded.video_tag,
      video_score = excluded.video_score, origin_cover = excluded.origin_cover, share_url = excluded.share_url,
      play_url = excluded.play_url, create_time = excluded.create_time, last_update_time = excluded.last_update_time,
      duration_ms = excluded.duration_ms, good_count = excluded.good_count, comment_count = excluded.comment_count,
      share_count = excluded.share_count, collect_count = excluded.collect_count, music_id = excluded.music_id,
      music_title = excluded.music_title, is_with_goods = excluded.is_with_goods, goods = excluded.goods,
      status = excluded.status, word_new = excluded.word_new, transcript = excluded.transcript,
      grams = excluded.grams, is_demo = excluded.is_demo, updated_at = now()
    RETURNING id, aweme_id, (xmax = 0) AS inserted
  `,
  );
  const ids = new Map(returned.map((row) => [row.aweme_id, Number(row.id)]));
  return {
    ids,
    inserted: returned.filter((row) => row.inserted).length,
    missingAuthor: rows.filter((row) => !ids.has(row.awemeId)).map((row) => row.awemeId),
  };
}

/** Upserts comments by (video, comment id): a re-import updates the text and figures. Returns how many were new. */
export async function upsertComments(db: Database, input: readonly CommentIngest[]): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.videoId}/${row.cid}`);
  if (rows.length === 0) return 0;
  const column = <T>(pickValue: (row: CommentIngest) => T) => sql.param(rows.map(pickValue));
  const [counted] = await queryRows<{ inserted: number }>(
    db,
    sql`
    WITH written AS (
    INSERT INTO video_comments (video_id, cid, text, create_time, digg_count, reply_count, nickname, avatar_url, is_demo)
    SELECT * FROM unnest(${column((row) => row.videoId)}::bigint[], ${column((row) => row.cid)}::text[],
      ${column((row) => row.text)}::text[], ${column((row) => row.createTime.toISOString())}::timestamptz[],
      ${column((row) => row.diggCount)}::bigint[], ${column((row) => row.replyCount)}::int[],
      ${column((row) => row.nickname)}::text[], ${column((row) => row.avatarUrl)}::text[],
      ${column((row) => row.isDemo)}::boolean[])
    ON CONFLICT (video_id, cid) DO UPDATE SET text = excluded.text, create_time = excluded.create_time,
      digg_count = excluded.digg_count, reply_count = excluded.reply_count, nickname = excluded.nickname,
      avatar_url = excluded.avatar_url, is_demo = excluded.is_demo
    RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM written
  `,
  );
  return Number(counted?.inserted ?? 0);
}

/** Upserts first-72-hours trends, one row of hourly arrays per video. */
export async function upsertTrends(db: Database, input: readonly TrendIngest[]) {
  const rows = lastOfEach(input, (row) => String(row.videoId));
  if (rows.length === 0) return;
  // Unobserved hours travel as empty fields and come back as NULL elements.
  const series = (values: Array<number | null>) =>
    values.map((value) => (value === null ? '' : String(value))).join(',');
  const column = (pickValue: (row: TrendIngest) => Array<number | null>) =>
    sql.param(rows.map((row) => series(pickValue(row))));
  await db.execute(sql`
    INSERT INTO video_trends (video_id, start_time, good_values, comment_values, share_values, collect_values)
    SELECT id, start_time, string_to_array(good, ',', '')::bigint[], string_to_array(comment, ',', '')::bigint[],
      string_to_array(share, ',', '')::bigint[], string_to_array(collect, ',', '')::bigint[]
    FROM unnest(${sql.param(rows.map((row) => row.videoId))}::bigint[],
      ${sql.param(rows.map((row) => row.startTime.toISOString()))}::timestamptz[],
      ${column((row) => row.goodValues)}::text[], ${column((row) => row.commentValues)}::text[],
      ${column((row) => row.shareValues)}::text[], ${column((row) => row.collectValues)}::text[])
      AS incoming(id, start_time, good, comment, share, collect)
    ON CONFLICT (video_id) DO UPDATE SET start_time = excluded.start_time, good_values = excluded.good_values,
      comment_values = excluded.comment_values, share_values = excluded.share_values,
      collect_values = excluded.collect_values, updated_at = now()
  `);
}

/** A portrait's leading labels under their column (and wire) names. */
export function portraitLabelColumns(row: Omit<PortraitIngest, 'subjectType' | 'subjectId' | 'asOf' | 'isDemo'>) {
  return {
    age: row.age,
    area: row.area,
    atv: row.atv,
    category: row.category,
    city: row.city,
    city_level: row.cityLevel,
    consume: row.consume,
    device: row.device,
    gender: row.gender,
    liveness: row.liveness,
    province: row.province,
  };
}

/** Upserts audience portraits by subject. */
export async function upsertPortraits(db: Database, input: readonly PortraitIngest[]) {
  const rows = lastOfEach(input, (row) => `${row.subjectType}/${row.subjectId}`);
  if (rows.length === 0) return;
  const payload = rows.map((row) => ({
    subject_type: row.subjectType,
    subject_id: row.subjectId,
    ...portraitLabelColumns(row),
    gender_more: row.genderMore,
    age_more: row.ageMore,
    province_more: row.provinceMore,
    city_more: row.cityMore,
    city_level_more: row.cityLevelMore,
    device_more: row.deviceMore,
    interest_more: row.interestMore,
    as_of: row.asOf,
    is_demo: row.isDemo,
  }));
  await db.execute(sql`
    INSERT INTO audience_portraits (subject_type, subject_id, age, area, atv, category, city, city_level, consume, device,
      gender, liveness, province, gender_more, age_more, province_more, city_more, city_level_more, device_more,
      interest_more, as_of, is_demo)
    SELECT * FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(subject_type text, subject_id bigint, age text,
      area text, atv text, category text, city text, city_level text, consume text, device text, gender text,
      liveness text, province text, gender_more jsonb, age_more jsonb, province_more jsonb, city_more jsonb,
      city_level_more jsonb, device_more jsonb, interest_more jsonb, as_of date, is_demo boolean)
    ON CONFLICT (subject_type, subject_id) DO UPDATE SET age = excluded.age, area = excluded.area, atv = excluded.atv,
      category = excluded.category, city = excluded.city, city_level = excluded.city_level, consume = excluded.consume,
      device = excluded.device, gender = excluded.gender, liveness = excluded.liveness, province = excluded.province,
      gender_more = excluded.gender_more, age_more = excluded.age_more, province_more = excluded.province_more,
      city_more = excluded.city_more, city_level_more = excluded.city_level_more, device_more = excluded.device_more,
      interest_more = excluded.interest_more, as_of = excluded.as_of, is_demo = excluded.is_demo
  `);
}

/**
 * Links videos to the keyword-library rows (DSO) of the phrases they cover; a phrase not in the
 * library is skipped (a video's keywords always exist). Returns how many links were written.
 */
export async function linkVideoKeywords(db: Database, input: readonly VideoKeywordIngest[]) {
  const rows = lastOfEach(input, (row) => `${row.videoId}/${row.keyword}`);
  if (rows.length === 0) return 0;
  const linked = await queryRows<{ video_id: number }>(
    db,
    sql`
    INSERT INTO video_keywords (video_id, keyword_id, search_rank, as_of)
    SELECT incoming.video_id, k.id, incoming.search_rank, incoming.as_of
    FROM unnest(${sql.param(rows.map((row) => row.videoId))}::bigint[], ${sql.param(rows.map((row) => row.keyword))}::text[],
      ${sql.param(rows.map((row) => row.searchRank))}::int[], ${sql.param(rows.map((row) => row.asOf))}::date[])
      AS incoming(video_id, keyword, search_rank, as_of)
    JOIN keywords k ON k.platform = ${VIDEO_PLATFORM} AND k.country = '' AND k.keyword = incoming.keyword
    ON CONFLICT (video_id, keyword_id) DO UPDATE SET
      search_rank = COALESCE(excluded.search_rank, video_keywords.search_rank), as_of = excluded.as_of
    RETURNING video_id
  `,
  );
  return linked.length;
}

/**
 * Ranks the works under each keyword when the source gave no ranks (the demo): by score, then likes,
 * for the links of `asOf` that have no rank.
 */
export async function rankUnrankedKeywordVideos(db: Database, asOf: string) {
  await db.execute(sql`
    UPDATE video_keywords vk SET search_rank = ranked.rank
    FROM (
      SELECT l.video_id, l.keyword_id,
        row_number() OVER (PARTITION BY l.keyword_id ORDER BY v.video_score DESC, v.good_count DESC, v.id) AS rank
      FROM video_keywords l JOIN videos v ON v.id = l.video_id
      WHERE l.keyword_id IN (SELECT keyword_id FROM video_keywords WHERE search_rank IS NULL AND as_of = ${asOf})
    ) ranked
    WHERE vk.video_id = ranked.video_id AND vk.keyword_id = ranked.keyword_id
      AND vk.search_rank IS DISTINCT FROM ranked.rank
  `);
}

/**
 * Upserts live sessions by (platform, room id) under their creators, and their minutes by (session,
 * minute). Returns each stored session's id by room id, how many were new, and the room ids skipped
 * because their creator is not in the library.
 */
export async function upsertLiveSessions(db: Database, input: readonly LiveSessionIngest[]) {
  const rows = lastOfEach(input, (row) => row.roomId);
  if (rows.length === 0) return { ids: new Map<string, number>(), inserted: 0, missingAuthor: [] as string[] };
  const payload = rows.map((row) => ({
    room_id: row.roomId,
    author: row.authorUserId,
    title: row.title,
    cover: row.cover,
    start_time: row.startTime.toISOString(),
    end_time: row.endTime?.toISOString() ?? null,
    watch_count: row.watchCount,
    peak_online: row.peakOnline,
    sales: row.salesAmountFen,
    goods: row.goods,
    is_demo: row.isDemo,
  }));
  const returned = await queryRows<{ id: number; room_id: string; inserted: boolean }>(
    db,
    sql`
    INSERT INTO live_sessions (platform, room_id, creator_id, title, cover, start_time, end_time, watch_count,
      peak_online, sales_amount_fen, goods, is_demo)
    SELECT ${VIDEO_PLATFORM}, r.room_id, a.id, r.title, r.cover, r.start_time, r.end_time, r.watch_count, r.peak_online,
      r.sales, COALESCE(r.goods, s.goods, '[]'::jsonb), r.is_demo
    FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(room_id text, author text, title text, cover text,
      start_time timestamptz, end_time timestamptz, watch_count bigint, peak_online int, sales bigint, goods jsonb,
      is_demo boolean)
    JOIN creators a ON a.platform = ${VIDEO_PLATFORM} AND a.user_id = r.author
    LEFT JOIN live_sessions s ON s.platform = ${VIDEO_PLATFORM} AND s.room_id = r.room_id
    ON CONFLICT (platform, room_id) DO UPDATE SET creator_id = excluded.creator_id, title = excluded.title,
      cover = excluded.cover, start_time = excluded.start_time, end_time = excluded.end_time,
      watch_count = excluded.watch_count, peak_online = excluded.peak_online,
      sales_amount_fen = excluded.sales_amount_fen, goods = excluded.goods, is_demo = excluded.is_demo,
      updated_at = now()
    RETURNING id, room_id, (xmax = 0) AS inserted
  `,
  );
  const ids = new Map(returned.map((row) => [row.room_id, Number(row.id)]));
  const minutes = rows.flatMap((row) =>
    ids.has(row.roomId) ? row.minutes.map((minute) => ({ sessionId: ids.get(row.roomId)!, ...minute })) : [],
  );
  for (let start = 0; start < minutes.length; start += 5_000) {
    await upsertLiveMinutes(db, minutes.slice(start, start + 5_000));
  }
  return {
    ids,
    inserted: returned.filter((row) => row.inserted).length,
    missingAuthor: rows.filter((row) => !ids.has(row.roomId)).map((row) => row.roomId),
  };
}

/** A live session's minute by the session's id. */
export interface LiveMinuteIngest {
  sessionId: number;
  minute: number;
  online: number;
  entering: number;
  salesFen: number;
}

/** Upserts minutes of live sessions by (session, minute). Returns how many were new. */
export async function upsertLiveMinutes(db: Database, input: readonly LiveMinuteIngest[]): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.sessionId}/${row.minute}`);
  if (rows.length === 0) return 0;
  const [counted] = await queryRows<{ inserted: number }>(
    db,
    sql`
    WITH written AS (
    INSERT INTO live_minutes (session_id, minute, online, entering, sales_fen)
    SELECT * FROM unnest(${sql.param(rows.map((row) => row.sessionId))}::bigint[],
      ${sql.param(rows.map((row) => row.minute))}::int[], ${sql.param(rows.map((row) => row.online))}::int[],
      ${sql.param(rows.map((row) => row.entering))}::int[], ${sql.param(rows.map((row) => row.salesFen))}::bigint[])
    ON CONFLICT (session_id, minute) DO UPDATE SET online = excluded.online, entering = excluded.entering,
      sales_fen = excluded.sales_fen
    RETURNING (xmax = 0) AS inserted)
    SELECT count(*) FILTER (WHERE inserted)::int AS inserted FROM written
  `,
  );
  return Number(counted?.inserted ?? 0);
}

/** A topic's key within the library: its kind, day and name. */
export const topicKey = (topic: { kind: string; day: string; name: string }) =>
  `${topic.kind}/${topic.day}/${topic.name}`;

/**
 * Upserts topics by (platform, kind, day, name) and adds their works (aweme ids not in the library
 * skipped). Returns each topic's id by {@link topicKey}, and how many were new.
 */
export async function upsertTopics(db: Database, input: readonly TopicIngest[]) {
  const rows = lastOfEach(input, topicKey);
  if (rows.length === 0) return { ids: new Map<string, number>(), inserted: 0 };
  const payload = rows.map((row) => ({
    kind: row.kind,
    name: row.name,
    day: row.day,
    heat: row.heat,
    video_count: row.videoCount,
    growth: row.growth,
    is_demo: row.isDemo,
  }));
  const returned = await queryRows<{ id: number; kind: string; day: string; name: string; inserted: boolean }>(
    db,
    sql`
    INSERT INTO topics (platform, kind, name, heat, video_count, growth, day, is_demo)
    SELECT ${VIDEO_PLATFORM}, r.kind, r.name, r.heat, r.video_count, r.growth, r.day, r.is_demo
    FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(kind text, name text, day date, heat bigint, video_count int,
      growth real, is_demo boolean)
    ON CONFLICT (platform, kind, day, name) DO UPDATE SET heat = excluded.heat, video_count = excluded.video_count,
      growth = excluded.growth, is_demo = excluded.is_demo, updated_at = now()
    RETURNING id, kind, to_char(day, 'YYYY-MM-DD') AS day, name, (xmax = 0) AS inserted
  `,
  );
  const ids = new Map(returned.map((row) => [topicKey(row), Number(row.id)]));
  const links = rows.flatMap((row) => {
    const id = ids.get(topicKey(row));
    return id === undefined ? [] : row.awemeIds.map((awemeId) => ({ id, awemeId }));
  });
  if (links.length > 0) {
    await db.execute(sql`
      INSERT INTO topic_videos (topic_id, video_id)
      SELECT incoming.id, v.id
      FROM unnest(${sql.param(links.map((link) => link.id))}::bigint[], ${sql.param(links.map((link) => link.awemeId))}::text[])
        AS incoming(id, aweme_id)
      JOIN videos v ON v.platform = ${VIDEO_PLATFORM} AND v.aweme_id = incoming.aweme_id
      ON CONFLICT DO NOTHING
    `);
  }
  return { ids, inserted: returned.filter((row) => row.inserted).length };
}

/** Adds works to topics by their ids (a link already there stays). Returns how many links were new. */
export async function linkTopicVideos(
  db: Database,
  input: ReadonlyArray<{ topicId: number; videoId: number }>,
): Promise<number> {
  const rows = lastOfEach(input, (row) => `${row.topicId}/${row.videoId}`);
  if (rows.length === 0) return 0;
  const written = await queryRows<{ topic_id: number }>(
    db,
    sql`
    INSERT INTO topic_videos (topic_id, video_id)
    SELECT * FROM unnest(${sql.param(rows.map((row) => row.topicId))}::bigint[],
      ${sql.param(rows.map((row) => row.videoId))}::bigint[])
    ON CONFLICT DO NOTHING
    RETURNING topic_id
  `,
  );
  return written.length;
}

// ——— look-ups by the platform's keys (the importers name rows by them) ———

/** Stored videos by aweme id: their id and publish instant. */
export async function findVideosByAwemeId(db: Database, awemeIds: readonly string[]) {
  const wanted = [...new Set(awemeIds)];
  if (wanted.length === 0) return new Map<string, { id: number; createTime: Date }>();
  const rows = await queryRows<{ id: number; aweme_id: string; create_time: string | Date }>(
    db,
    sql`SELECT id, aweme_id, create_time FROM videos
        WHERE platform = ${VIDEO_PLATFORM} AND aweme_id = ANY(${sql.param(wanted)}::text[])`,
  );
  return new Map(
    rows.map((row) => [row.aweme_id, { id: Number(row.id), createTime: new Date(row.create_time) }] as const),
  );
}

/** Stored creators' ids by user id. */
export async function findCreatorIdsByUserId(db: Database, userIds: readonly string[]) {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await queryRows<{ id: number; user_id: string }>(
    db,
    sql`SELECT id, user_id FROM creators WHERE platform = ${VIDEO_PLATFORM} AND user_id = ANY(${sql.param(wanted)}::text[])`,
  );
  return new Map(rows.map((row) => [row.user_id, Number(row.id)] as const));
}

/** Stored live sessions' ids by room id. */
export async function findLiveSessionIdsByRoomId(db: Database, roomIds: readonly string[]) {
  const wanted = [...new Set(roomIds)];
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await queryRows<{ id: number; room_id: string }>(
    db,
    sql`SELECT id, room_id FROM live_sessions
        WHERE platform = ${VIDEO_PLATFORM} AND room_id = ANY(${sql.param(wanted)}::text[])`,
  );
  return new Map(rows.map((row) => [row.room_id, Number(row.id)] as const));
}

/** Stored topics' ids by {@link topicKey}. */
export async function findTopicIds(db: Database, keys: ReadonlyArray<{ kind: string; day: string; name: string }>) {
  const wanted = lastOfEach(keys, topicKey);
  if (wanted.length === 0) return new Map<string, number>();
  const rows = await queryRows<{ id: number; kind: string; day: string; name: string }>(
    db,
    sql`SELECT t.id, t.kind, to_char(t.day, 'YYYY-MM-DD') AS day, t.name
        FROM unnest(${sql.param(wanted.map((key) => key.kind))}::text[], ${sql.param(wanted.map((key) => key.day))}::date[],
          ${sql.param(wanted.map((key) => key.name))}::text[]) AS k(kind, day, name)
        JOIN topics t ON t.platform = ${VIDEO_PLATFORM} AND t.kind = k.kind AND t.day = k.day AND t.name = k.name`,
  );
  return new Map(rows.map((row) => [topicKey(row), Number(row.id)] as const));
}

/** The stored first-72-hours trends of videos (unobserved hours null), by video id. */
export async function selectTrends(db: Database, videoIds: readonly number[]) {
  if (videoIds.length === 0) return new Map<number, Omit<TrendIngest, 'videoId'>>();
  const rows = await queryRows<{
    video_id: number;
    start_time: string | Date;
    good: Array<number | null>;
    comment: Array<number | null>;
    share: Array<number | null>;
    collect: Array<number | null>;
  }>(
    db,
    // As JSON: an unobserved hour's null survives (drizzle's array mapping would make it 0).
    sql`SELECT video_id, start_time, array_to_json(good_values) AS good, array_to_json(comment_values) AS comment,
          array_to_json(share_values) AS share, array_to_json(collect_values) AS collect
        FROM video_trends WHERE video_id = ANY(${sql.param([...videoIds])}::bigint[])`,
  );
  const numbers = (values: unknown) =>
    (typeof values === 'string' ? JSON.parse(values) : values) as Array<number | null>;
  return new Map(
    rows.map((row) => [
      Number(row.video_id),
      {
        startTime: new Date(row.start_time),
        goodValues: numbers(row.good).map((value) => (value === null ? null : Number(value))),
        commentValues: numbers(row.comment).map((value) => (value === null ? null : Number(value))),
        shareValues: numbers(row.share).map((value) => (value === null ? null : Number(value))),
        collectValues: numbers(row.collect).map((value) => (value === null ? null : Number(value))),
      },
    ]),
  );
}

/** The stored portraits of subjects of one type, by subject id. */
export async function selectPortraits(db: Database, subjectType: 'video' | 'creator', subjectIds: readonly number[]) {
  if (subjectIds.length === 0) return new Map<number, PortraitIngest>();
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT subject_id, age, area, atv, category, city, city_level, consume, device, gender, liveness, province,
          gender_more, age_more, province_more, city_more, city_level_more, device_more, interest_more,
          to_char(as_of, 'YYYY-MM-DD') AS as_of, is_demo
        FROM audience_portraits
        WHERE subject_type = ${subjectType} AND subject_id = ANY(${sql.param([...subjectIds])}::bigint[])`,
  );
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const shares = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as PortraitShare[];
  return new Map(
    rows.map((row) => [
      Number(row.subject_id),
      {
        subjectType,
        subjectId: Number(row.subject_id),
        age: text(row.age),
        area: text(row.area),
        atv: text(row.atv),
        category: text(row.category),
        city: text(row.city),
        cityLevel: text(row.city_level),
        consume: text(row.consume),
        device: text(row.device),
        gender: text(row.gender),
        liveness: text(row.liveness),
        province: text(row.province),
        genderMore: shares(row.gender_more),
        ageMore: shares(row.age_more),
        provinceMore: shares(row.province_more),
        cityMore: shares(row.city_more),
        cityLevelMore: shares(row.city_level_more),
        deviceMore: shares(row.device_more),
        interestMore: shares(row.interest_more),
        asOf: String(row.as_of),
        isDemo: Boolean(row.is_demo),
      } satisfies PortraitIngest,
    ]),
  );
}
