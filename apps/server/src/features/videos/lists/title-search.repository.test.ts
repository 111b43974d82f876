import type { VideoSort } from '@dso/contract';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { jobs, videos, videoTitleGrams } from '../../../db/schema';
import { keywordGrams } from '../../../lib/grams';
import { likeContains } from '../../../lib/like-patterns';
import { createCreator } from '../../../testing';
import { useTestDatabase } from '../../../testing/route-suite';
import type { JobContext } from '../../jobs';
import {
  compactTitleGrams,
  TITLE_GRAMS_COMPACT_JOB,
  titleGramJobHandlers,
  titleGramWorks,
  withTitleGramsRecounted,
} from './title-grams';
import { searchVideos, type TitleSearchTuning } from './video-lists.repository';

/**
 * The title search's paths (walk, all matches, matches above a threshold, its fallback) and the
 * title-gram counts that choose between them, checked against the plain query they stand for.
 */
describe('the title search', () => {
  let creatorId: number;
  const db = () => handle.db;
  let serial = 0;

  const handle = useTestDatabase(async () => {
    creatorId = (await createCreator(db())).id;
  });

  const work = (desc: string, extra: { goodCount?: number; day?: number; status?: 'normal' | 'deleted' } = {}) => ({
    awemeId: `73${String(++serial).padStart(10, '0')}`,
    creatorId,
    videoDesc: desc,
    createTime: new Date(Date.UTC(2026, 0, 1 + (extra.day ?? serial % 200))),
    goodCount: extra.goodCount ?? 500,
    status: extra.status ?? 'normal',
    grams: keywordGrams('DSO', desc),
  });
  const insert = async (rows: ReturnType<typeof work>[]) =>
    (await db().insert(videos).values(rows).returning({ id: videos.id })).map((row) => row.id);

  /** What the counts must say: listable works whose lower-cased title holds the word. */
  const countedByScan = async (word: string) => {
    const [row] = await queryRows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM videos WHERE platform = 'DSO' AND status = 'normal'
          AND lower(video_desc) LIKE ${likeContains(word)}`,
    );
    return Number(row!.n);
  };
  const tallyRows = async () => (await db().select({ gram: videoTitleGrams.gram }).from(videoTitleGrams)).length;

  describe('title-gram counts', () => {
    it('follow inserts, title and status changes and deletes, and ignore figure updates', async () => {
      const [first, second] = await insert([work('鹬蚌相争 鹬'), work('渔翁得利鹬')]);
      await insert([work('鹬已删除', { status: 'deleted' })]);
      expect(await titleGramWorks(db(), '鹬')).toBe(2);
      expect(await titleGramWorks(db(), '翁')).toBe(1);
      expect(await titleGramWorks(db(), '鹬蚌')).toBe(1);
      expect(await titleGramWorks(db(), '利鹬')).toBe(1);

      await db().update(videos).set({ videoDesc: '渔翁得利' }).where(eq(videos.id, second!));
      expect(await titleGramWorks(db(), '鹬')).toBe(1);
      expect(await titleGramWorks(db(), '利鹬')).toBe(0);
      expect(await titleGramWorks(db(), '得利')).toBe(1);
      await db().update(videos).set({ status: 'hidden' }).where(eq(videos.id, first!));
      expect(await titleGramWorks(db(), '鹬')).toBe(0);
      expect(await titleGramWorks(db(), '蚌')).toBe(0);
      await db().update(videos).set({ status: 'normal' }).where(eq(videos.id, first!));
      expect(await titleGramWorks(db(), '蚌')).toBe(1);

      const rows = await tallyRows();
      await db().update(videos).set({ goodCount: 99_999 }).where(eq(videos.id, first!));
      expect(await tallyRows()).toBe(rows);

      await db().delete(videos).where(eq(videos.id, first!));
      expect(await titleGramWorks(db(), '蚌')).toBe(0);
      expect(await titleGramWorks(db(), '鹬蚌')).toBe(0);
      expect(await titleGramWorks(db(), '翁')).toBe(1);
    });

    it('count words the way the search matches them: lower-cased, once per work', async () => {
      await insert([work('Ｑ版QQ糖 qq'), work('q弹')]);
      for (const word of ['q', 'qq', 'ｑ', 'q弹', '糖 '])
        expect(await titleGramWorks(db(), word)).toBe(await countedByScan(word));
      expect(await titleGramWorks(db(), 'q')).toBe(2);
      expect(await titleGramWorks(db(), 'qq')).toBe(1);
      expect(await titleGramWorks(db(), 'Q')).toBe(0);
    });

    it('stay exact under concurrent writers and through a fold, which leaves one row per gram', async () => {
      await Promise.all(Array.from({ length: 6 }, (_, i) => insert([work(`并发写入${i}`), work(`并发${i}`)])));
      expect(await titleGramWorks(db(), '并')).toBe(12);
      const [before] = await queryRows<{ rows: number; grams: number }>(
        db(),
        sql`SELECT count(*)::int AS rows, count(DISTINCT gram)::int AS grams FROM video_title_grams`,
      );
      expect(before!.rows).toBeGreaterThan(before!.grams);
      const netZero = await zeroGrams();
      await compactTitleGrams(db());
      expect(await tallyRows()).toBe(before!.grams - netZero);
      for (const word of ['并', '并发', '写入', '鹬', '翁', 'q'])
        expect(await titleGramWorks(db(), word)).toBe(await countedByScan(word));
    });

    it('are counted once after a bulk load that ran without them', async () => {
      await withTitleGramsRecounted(db(), async () => {
        await insert([work('批量载入甲'), work('批量载入乙')]);
        expect(await titleGramWorks(db(), '载')).toBe(0);
      });
      expect(await titleGramWorks(db(), '载')).toBe(2);
      await insert([work('载入之后')]);
      expect(await titleGramWorks(db(), '载')).toBe(3);
    });

    it('are folded by a job that queues its next run', async () => {
      await insert([work('折叠任务')]);
      const context = { db: db() } as unknown as JobContext;
      await titleGramJobHandlers[TITLE_GRAMS_COMPACT_JOB]!({}, context);
      const [dup] = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM (SELECT gram FROM video_title_grams GROUP BY gram HAVING count(*) > 1) d`,
      );
      expect(dup!.n).toBe(0);
      const [next] = await db()
        .select({ runAfter: jobs.runAfter })
        .from(jobs)
        .where(and(eq(jobs.kind, TITLE_GRAMS_COMPACT_JOB), eq(jobs.status, 'queued')));
      expect(next!.runAfter.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    });

    /** Grams whose deltas net to zero: a fold drops them. */
    async function zeroGrams() {
      const [row] = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM (SELECT gram FROM video_title_grams GROUP BY gram HAVING sum(works) = 0) z`,
      );
      return Number(row!.n);
    }
  });

  describe('pages and totals', () => {
    // Small enough that a library of 600 works reaches every path: a page of 10 is walked when the word
    // is in a quarter of the works or more; else the matches above a threshold are read when that is
    // cheaper than reading them all (a threshold within the library at twice, then eight times, the page).
    const tuning: TitleSearchTuning = { walkBudget: 40, walkMax: 120 };

    beforeAll(async () => {
      await db().delete(videos);
      const rows = [];
      for (let i = 0; i < 600; i++) {
        const words = ['作品'];
        if (i % 2 === 0) words.push('常见'); // 300 works: walked
        if (i % 6 === 0) words.push('中等'); // 100 works, spread over the sort: above a threshold
        if (i % 120 === 7) words.push('稀'); // 5 works: read whole
        // Likes fall with i (in steps of 12, so ties abound): 底 is in the 100 least liked works only, where
        // a threshold set for an even spread finds none, and the search falls back to reading them all.
        if (i >= 500) words.push('底');
        // 偏 leans to the less liked half: the first threshold admits none, the second enough.
        if (i >= 300 && i % 3 === 0) words.push('偏');
        rows.push(work(words.join(''), { goodCount: 10_000 - Math.floor(i / 12) * 100, day: (i * 37) % 90 }));
      }
      for (let i = 0; i < 6; i++) rows.push(work('中等但已删除', { status: 'deleted', goodCount: 99_999 }));
      await insert(rows);
      await db().execute(sql`ANALYZE videos`);
    });

    const reference = async (keyword: string, sort: VideoSort, offset: number, limit: number) => {
      const order = sort === 'create_time' ? sql`create_time DESC` : sql`good_count DESC`;
      const rows = await queryRows<{ aweme_id: string }>(
        db(),
        sql`SELECT aweme_id FROM videos WHERE platform = 'DSO' AND status = 'normal'
            AND lower(video_desc) LIKE ${likeContains(keyword)}
            ORDER BY ${order}, id LIMIT ${limit} OFFSET ${offset}`,
      );
      return rows.map((row) => row.aweme_id);
    };

    it.each(['常', '中', '稀', '底', '偏', '见', '品', 'x', '常见', '中等', '见中', '偏作', 'xy'])(
      'give %s exactly the plain query’s pages and total',
      async (keyword) => {
        for (const sort of ['good_count', 'create_time'] as const) {
          const total = await countedByScan(keyword);
          for (const offset of [0, 10, 20, 30]) {
            const found = await searchVideos(db(), { keyword, sort }, { offset, limit: 10 }, tuning);
            expect(found.rows.map((row) => row.awemeId)).toEqual(await reference(keyword, sort, offset, 10));
            expect(found.total).toBe(total);
            expect(found.estimated).toBe(false);
          }
        }
      },
    );

    it('give longer words the plain query’s pages and total', async () => {
      for (const keyword of ['作品常见', '作品稀', '作品底', '作品中等', '品中等偏', '常见中等']) {
        for (const sort of ['good_count', 'create_time'] as const) {
          for (const offset of [0, 10, 40]) {
            const found = await searchVideos(db(), { keyword, sort }, { offset, limit: 10 }, tuning);
            expect(found.rows.map((row) => row.awemeId)).toEqual(await reference(keyword, sort, offset, 10));
            expect(found.total).toBe(await countedByScan(keyword));
          }
        }
      }
    });

    it('answer a page past the matches with no rows and the total', async () => {
      const found = await searchVideos(db(), { keyword: '稀', sort: 'good_count' }, { offset: 10, limit: 10 }, tuning);
      expect(found).toEqual({ rows: [], total: 5, estimated: false });
    });
  });
});
