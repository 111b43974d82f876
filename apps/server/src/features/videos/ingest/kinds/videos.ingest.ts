import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import type { GoodsItem } from '../../../../db/schema/videos';
import { keywordGrams } from '../../../../lib/grams';
import type { PlatformVideoRecord } from '../../../../providers/platform-data';
import { VIDEO_PLATFORM } from '../../video-platform';
import { json, lastOfEach, writtenIds } from '../ingest-batch';

/* Videos, upserted by aweme id under their authors, with their title grams. */

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

/** Text arrays travel as one string: the unit separator never occurs in titles or tags. */
const SEP = '\u001f';
const joined = (values: readonly string[] | null) => (values === null ? null : values.join(SEP));

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
  const { ids, inserted } = writtenIds(returned, (row) => row.aweme_id);
  return {
    ids,
    inserted,
    missingAuthor: rows.filter((row) => !ids.has(row.awemeId)).map((row) => row.awemeId),
  };
}

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
