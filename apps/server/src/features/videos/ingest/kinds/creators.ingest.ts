import { averagePerVideo } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import { keywordGrams } from '../../../../lib/grams';
import type { PlatformCreatorRecord } from '../../../../providers/platform-data';
import { VIDEO_PLATFORM } from '../../video-platform';
import { json, lastOfEach, writtenIds } from '../ingest-batch';

/* Creators, upserted by the platform's user id with their per-video averages and nickname grams. */

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
  return writtenIds(returned, (row) => row.user_id);
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
