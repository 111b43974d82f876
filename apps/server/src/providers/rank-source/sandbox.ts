import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { queryGrams } from '../../lib/grams';
import type { RankedEntry, RankQuery, RankSource } from './index';

/*
 * The sandbox rank source: ranks the demo video library's works under a keyword, deterministically for a
 * day and moving from day to day the way search results do. A work's standing is its base strength (the
 * library's own place for it under the keyword, else its likes) plus a slowly wandering daily form: the
 * form is a weighted sum of the last week's pseudo-random draws for (keyword, work, day), so neighbouring
 * days share most of it and a work drifts a few places a day, now and then enough to enter or leave the
 * top 100. The same day always answers the same ranking; nothing is stored.
 */

const DAY_MS = 86_400_000;
/** Works considered per keyword: the ranking's depth with room to move in and out. */
const CANDIDATES = 300;
/** Days of draws the form sums over, and how much each older day counts. */
const FORM_DAYS = 7;
const FORM_DECAY = 0.7;
/** How much form moves a work against its base strength. */
const FORM_WEIGHT = 0.35;

interface Candidate {
  aweme_id: string;
  video_desc: string;
  origin_cover: string;
  good_count: number | string;
  nick_name: string | null;
  search_rank: number | null;
}

/** A draw in [-0.5, 0.5) fixed by its parts. */
function draw(...parts: string[]): number {
  const digest = createHash('sha1').update(parts.join('\u0001')).digest();
  return digest.readUInt32BE(0) / 2 ** 32 - 0.5;
}

function dayBefore(day: string, back: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
}

/** A work's standing under a keyword on a day (higher ranks first). */
export function sandboxStanding(
  keyword: string,
  awemeId: string,
  day: string,
  base: { searchRank: number | null; goodCount: number },
): number {
  const strength =
    base.searchRank !== null ? 12 - Math.log(base.searchRank) * 0.8 : Math.log(base.goodCount + 10) * 0.6;
  let form = 0;
  for (let back = 0; back < FORM_DAYS; back++)
    form += FORM_DECAY ** back * draw(keyword, awemeId, dayBefore(day, back));
  return strength + FORM_WEIGHT * form;
}

/** The sandbox over the video library of `db` (the demo data; any work the library holds ranks). */
export function createSandboxRankSource(options: { db: Database }): RankSource {
  return {
    name: 'sandbox',
    isDemo: true,
    async fetchRanking(query: RankQuery): Promise<RankedEntry[]> {
      const keyword = query.keyword.trim().toLowerCase();
      if (!keyword) return [];
      const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      // The library's own ranking of the keyword's works, then any work whose title holds the keyword
      // (the n-gram index of the title search finds them, a LIKE confirms).
      const rows = await queryRows<Candidate>(
        options.db,
        sql`
        WITH linked AS (
          SELECT vk.video_id, min(vk.search_rank) AS search_rank
          FROM keywords k JOIN video_keywords vk ON vk.keyword_id = k.id
          WHERE k.platform = ${query.platform} AND k.country = '' AND lower(k.keyword) = ${keyword}
          GROUP BY vk.video_id
        )
        SELECT v.aweme_id, v.video_desc, v.origin_cover, v.good_count, c.nick_name, linked.search_rank
        FROM videos v
        LEFT JOIN linked ON linked.video_id = v.id
        LEFT JOIN creators c ON c.id = v.creator_id
        WHERE v.platform = ${query.platform} AND v.status = 'normal'
          AND (linked.video_id IS NOT NULL OR (
            v.grams @> ${sql.param(queryGrams(query.platform, keyword))}::int[]
            AND lower(v.video_desc) LIKE ${pattern}))
        ORDER BY linked.search_rank NULLS LAST, v.good_count DESC, v.aweme_id
        LIMIT ${CANDIDATES}
      `,
      );
      return rows
        .map((row) => {
          const goodCount = Number(row.good_count);
          return {
            entry: {
              awemeId: row.aweme_id,
              title: row.video_desc,
              author: row.nick_name ?? '',
              cover: row.origin_cover,
              goodCount,
            },
            standing: sandboxStanding(keyword, row.aweme_id, query.day, { searchRank: row.search_rank, goodCount }),
          };
        })
        .sort((a, b) => b.standing - a.standing || (a.entry.awemeId < b.entry.awemeId ? -1 : 1))
        .slice(0, query.depth)
        .map(({ entry }) => entry);
    },
  };
}
