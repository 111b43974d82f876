import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import { VIDEO_PLATFORM } from '../../video-platform';
import { lastOfEach } from '../ingest-batch';

/* The links between videos and the keyword library's rows of the phrases they cover. */

/** A keyword-library phrase a video covers, with the video's place in its results when known. */
export interface VideoKeywordIngest {
  videoId: number;
  keyword: string;
  searchRank: number | null;
  asOf: string;
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
