import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client';
import { json } from '../ingest/ingest-batch';
import { VIDEO_PLATFORM } from '../video-platform';

/** A topic as the platform data source's 话题推荐 gave it: its name without '#' and its views, when given. */
export interface CollectedTopic {
  name: string;
  views: number | null;
}

/**
 * Stores the video topics (/DouyinTopic/searchWord) a collection round found, as topics of `day`: heat is the
 * topic's views. A name found for several words counts once, with its largest views; one without views is left
 * out (a topic's heat is never written as 0). Growth is the change against the topic's heat the day before from the
 * same source (an import's heat measures something else), and stays unknown (null) without one; the number of works is the source's to give and stays null unless an import
 * of the same day gave it. A topic new on the day takes the works the library placed under the same topic on
 * its latest earlier day, so its drawer lists them. Returns topics new on the day (added), whose heat moved
 * (updated), and found again with the same heat (unchanged).
 */
export async function storeCollectedTopics(
  db: Database,
  collected: { day: string; topics: readonly CollectedTopic[]; source: string; isDemo: boolean },
): Promise<{ added: number; updated: number; unchanged: number }> {
  const payload = collected.topics
    .filter((topic) => topic.name !== '' && topic.views !== null)
    .map((topic) => ({ name: topic.name, views: topic.views }));
  if (payload.length === 0) return { added: 0, updated: 0, unchanged: 0 };
  const [outcome] = await queryRows<{ added: number; updated: number; found: number }>(
    db,
    sql`
    WITH incoming AS (
      SELECT r.name, max(r.views) AS views
      FROM jsonb_to_recordset(${json(payload)}::jsonb) AS r(name text, views bigint)
      GROUP BY r.name
    ), earlier AS (
      SELECT DISTINCT ON (t.name) t.id, t.name, t.heat, t.day, t.source
      FROM topics t JOIN incoming i ON i.name = t.name
      WHERE t.platform = ${VIDEO_PLATFORM} AND t.kind = 'video' AND t.day < ${collected.day}::date
      ORDER BY t.name, t.day DESC
    ), written AS (
      INSERT INTO topics AS t (platform, kind, name, heat, video_count, growth, day, source, is_demo)
      SELECT ${VIDEO_PLATFORM}, 'video', i.name, i.views, NULL,
        CASE WHEN e.day = ${collected.day}::date - 1 AND e.source = ${collected.source} AND e.heat > 0
          THEN ((i.views - e.heat)::float8 / e.heat)::real END,
        ${collected.day}::date, ${collected.source}, ${collected.isDemo}
      FROM incoming i LEFT JOIN earlier e ON e.name = i.name
      ON CONFLICT (platform, kind, day, name) DO UPDATE SET heat = excluded.heat,
        growth = excluded.growth, source = excluded.source, is_demo = excluded.is_demo,
        updated_at = now()
      WHERE t.heat IS DISTINCT FROM excluded.heat OR t.source IS DISTINCT FROM excluded.source
      RETURNING t.id, t.name, (xmax = 0) AS inserted
    ), linked AS (
      INSERT INTO topic_videos (topic_id, video_id)
      SELECT w.id, tv.video_id
      FROM written w JOIN earlier e ON e.name = w.name JOIN topic_videos tv ON tv.topic_id = e.id
      WHERE w.inserted
      ON CONFLICT DO NOTHING
    )
    SELECT (SELECT count(*) FROM written WHERE inserted)::int AS added,
      (SELECT count(*) FROM written WHERE NOT inserted)::int AS updated,
      (SELECT count(*) FROM incoming)::int AS found
  `,
  );
  const { added, updated, found } = outcome!;
  return { added, updated, unchanged: found - added - updated };
}
