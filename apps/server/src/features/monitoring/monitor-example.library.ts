import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';

/**
 * What the example mode reads of the demo library (docs/monitoring.md, "Example mode"): the DSO keywords that
 * demo works are linked to, and those works. Like the sandbox rank source, it reads the video library's tables
 * directly: the example is a view of the demo data, and only demo rows (`is_demo`) are read, so real works are
 * never shown with invented ranks.
 */

/** A keyword of the library with the number of demo works linked to it. */
export interface ExampleKeywordRow {
  id: number;
  keyword: string;
  industry: string;
  works: number;
  /** The links' latest as-of day (YYYY-MM-DD). */
  as_of: string;
}

/** A demo work linked to a sample keyword, in the library's order under it. */
export interface ExampleWorkRow {
  keyword: string;
  aweme_id: string;
  title: string;
  author: string;
  cover: string;
  good_count: number;
  /** Publish time in epoch milliseconds. */
  published_ms: number;
}

/** Keywords considered when choosing the sample industry: the best-linked ones are enough. */
const KEYWORDS_CONSIDERED = 300;
/** A sample keyword needs this many linked works to show a ranking worth looking at. */
export const EXAMPLE_MIN_WORKS = 4;
/** Works read per sample keyword (its ranking's rows). */
export const EXAMPLE_WORKS_PER_KEYWORD = 30;

/** The DSO keywords with the most linked demo works, best linked first. */
export async function selectExampleKeywords(db: Database): Promise<ExampleKeywordRow[]> {
  const rows = await queryRows<ExampleKeywordRow>(
    db,
    sql`SELECT k.id, k.keyword, coalesce(k.industry, '') AS industry, count(*)::int AS works, max(vk.as_of)::text AS as_of
        FROM video_keywords vk
        JOIN keywords k ON k.id = vk.keyword_id
        JOIN videos v ON v.id = vk.video_id
        WHERE k.platform = 'DSO' AND k.country = '' AND v.is_demo AND v.status = 'normal'
        GROUP BY k.id, k.keyword, k.industry
        HAVING count(*) >= ${EXAMPLE_MIN_WORKS}
        ORDER BY works DESC, k.keyword
        LIMIT ${KEYWORDS_CONSIDERED}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id), works: Number(row.works) }));
}

/** The demo works linked to keywords, per keyword in the library's order (its search rank, then likes). */
export async function selectExampleWorks(db: Database, keywordIds: number[]): Promise<ExampleWorkRow[]> {
  if (keywordIds.length === 0) return [];
  const rows = await queryRows<ExampleWorkRow>(
    db,
    sql`SELECT keyword, aweme_id, title, author, cover, good_count, published_ms FROM (
          SELECT k.keyword, v.aweme_id, v.video_desc AS title, coalesce(c.nick_name, '') AS author,
            v.origin_cover AS cover, v.good_count,
            (extract(epoch FROM v.create_time) * 1000)::float8 AS published_ms,
            row_number() OVER (
              PARTITION BY k.id ORDER BY vk.search_rank NULLS LAST, v.good_count DESC, v.aweme_id
            ) AS place
          FROM video_keywords vk
          JOIN keywords k ON k.id = vk.keyword_id
          JOIN videos v ON v.id = vk.video_id
          LEFT JOIN creators c ON c.id = v.creator_id
          WHERE vk.keyword_id = ANY(${sql.param(keywordIds)}::bigint[]) AND v.is_demo AND v.status = 'normal'
        ) ranked
        WHERE place <= ${EXAMPLE_WORKS_PER_KEYWORD}
        ORDER BY keyword, place`,
  );
  return rows.map((row) => ({ ...row, good_count: Number(row.good_count), published_ms: Number(row.published_ms) }));
}
