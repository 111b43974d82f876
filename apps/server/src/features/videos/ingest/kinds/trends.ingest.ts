import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import { lastOfEach } from '../ingest-batch';

/* Videos' first-72-hours trends, one row of hourly arrays per video. */

/** The first 72 hours, hourly cumulative from `startTime` (the publish hour); null = not observed. */
export interface TrendIngest {
  videoId: number;
  startTime: Date;
  goodValues: Array<number | null>;
  commentValues: Array<number | null>;
  shareValues: Array<number | null>;
  collectValues: Array<number | null>;
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
