import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../../db/client';
import { VIDEO_PLATFORM } from '../../video-platform';
import { json, lastOfEach, writtenIds } from '../ingest-batch';

/* Topics of a day, and the works under them. */

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

/** A topic's key within the library: its kind, day and name. */
export const topicKey = (topic: { kind: string; day: string; name: string }) =>
  `${topic.kind}/${topic.day}/${topic.name}`;

/**
 * Upserts topics by (platform, kind, day, name) and adds their works (aweme ids not in the library
 * skipped); an imported row takes over a collected one (its source back to null). Returns each topic's id by {@link topicKey}, and how many were new.
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
      growth = excluded.growth, source = NULL, is_demo = excluded.is_demo, updated_at = now()
    RETURNING id, kind, to_char(day, 'YYYY-MM-DD') AS day, name, (xmax = 0) AS inserted
  `,
  );
  const { ids, inserted } = writtenIds(returned, topicKey);
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
  return { ids, inserted };
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
