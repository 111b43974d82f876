import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { keywordPrefixGrams, queryGrams } from '../../../lib/grams';
import { createTestDatabase } from '../../../testing';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput } from '../keyword.fixtures';
import { mainWordOf } from '../keyword-words';
import { HEAD_MIN_DOCS, HEAD_SIZE } from '../search/gram-heads';
import { CORRELATION_KEEP, deriveScope } from './keyword-derive';
import { deriveChanges } from './keyword-derive-changes';

type Handle = Awaited<ReturnType<typeof createTestDatabase>>;
const scope = { platform: 'DSO' as const, country: '' };

/**
 * A library where 口, 红 and 口红 are frequent enough for gram heads and the prefixes 口 and 口红 for prefix heads:
 * 2,400 口红 words, 300 other words, indexes spread so that changes land above, inside and below the heads' lines.
 */
const library = [
  ...Array.from({ length: HEAD_MIN_DOCS + 400 }, (_, i) =>
    keywordInput(`口红色号${i}`, 10_000 + ((i * 7919) % 50_000)),
  ),
  ...Array.from({ length: 300 }, (_, i) => keywordInput(`防晒霜${i}`, 5_000 + i)),
];

describe('deriving what changed', () => {
  let database: Handle;
  beforeAll(async () => {
    database = await createTestDatabase();
    await upsertKeywords(database.db, library);
    await deriveScope(database.db, scope);
  }, 120_000);
  afterAll(async () => database.close());

  const pending = async () =>
    (await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM keyword_changes`))[0]!.n;

  /** The head of a gram as stored, and the library's true best-ranked matches of it, as long as the head. */
  async function headAgainstTruth(gram: number, matches: ReturnType<typeof sql>) {
    const [head] = await queryRows<{ ids: Array<number | string> }>(
      database.db,
      sql`SELECT ids FROM keyword_gram_heads WHERE scope = 'DSO' AND gram = ${gram}`,
    );
    const ids = (head?.ids ?? []).map(Number);
    const truth = await queryRows<{ id: number }>(
      database.db,
      sql`SELECT id FROM keywords WHERE platform = 'DSO' AND ${matches} ORDER BY search_index DESC, id DESC LIMIT ${HEAD_SIZE}`,
    );
    return { ids, truth: truth.map((row) => Number(row.id)).slice(0, ids.length) };
  }

  async function statsAgainstTruth() {
    const stored = await queryRows<{ gram: number; doc_count: number }>(
      database.db,
      sql`SELECT s.gram, s.doc_count FROM keyword_gram_stats s
          WHERE s.scope = 'DSO' AND s.gram IN (SELECT DISTINCT unnest(grams) FROM keywords WHERE platform = 'DSO')
          ORDER BY gram`,
    );
    const truth = await queryRows<{ gram: number; doc_count: number }>(
      database.db,
      sql`SELECT g AS gram, count(*)::int AS doc_count FROM keywords, unnest(grams) AS g
          WHERE platform = 'DSO' GROUP BY g ORDER BY g`,
    );
    return { stored, truth };
  }

  it('is claimed by a full derive: the rows written before it leave nothing behind', async () => {
    expect(await pending()).toBe(0);
    const result = await deriveChanges(database.db, scope);
    expect(result).toMatchObject({ changed: 0, inserted: 0, headsRewritten: 0 });
  });

  it('counts new words into the statistics and keeps every touched head the exact top of its gram', async () => {
    const heads = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM keyword_gram_heads WHERE scope = 'DSO'`,
    );
    expect(heads[0]!.n).toBeGreaterThanOrEqual(5);
    await upsertKeywords(database.db, [
      // New words: above every head member, in the middle of the heads, and below their lines.
      ...Array.from({ length: 40 }, (_, i) => keywordInput(`口红新品${i}`, 70_000 + i)),
      ...Array.from({ length: 40 }, (_, i) => keywordInput(`口红试色${i}`, 40_000 + i * 13)),
      ...Array.from({ length: 20 }, (_, i) => keywordInput(`口红小样${i}`, 100 + i)),
      keywordInput('唇釉', 80_000),
      // Members of the heads whose index falls out of them, and words rising into them.
      ...Array.from({ length: 30 }, (_, i) => keywordInput(`口红色号${i * 37}`, 50 + i)),
      ...Array.from({ length: 30 }, (_, i) => keywordInput(`口红色号${2_000 + i}`, 65_000 + i)),
    ]);
    expect(await pending()).toBe(161);

    const result = await deriveChanges(database.db, scope);
    expect(result).toMatchObject({ changed: 161, inserted: 101 });
    expect(result.headsRewritten).toBeGreaterThan(0);
    expect(await pending()).toBe(0);

    const { stored, truth } = await statsAgainstTruth();
    expect(stored).toEqual(truth);
    const [size] = await queryRows<{ keyword_count: number }>(
      database.db,
      sql`SELECT keyword_count FROM keyword_scope_stats WHERE scope = 'DSO'`,
    );
    expect(size!.keyword_count).toBe(library.length + 101);

    for (const word of ['口', '红', '口红']) {
      const { ids, truth: best } = await headAgainstTruth(
        queryGrams('DSO', word)[0]!,
        sql`lower(keyword) LIKE ${`%${word}%`}`,
      );
      // A head may grow shorter until the next full derive, never wrong: the best words first, none skipped.
      expect(ids.length).toBeGreaterThan(HEAD_SIZE / 2);
      expect(ids).toEqual(best);
      expect(ids.slice(0, 3).length).toBe(3);
    }
    for (const [index, prefix] of ['口', '口红'].entries()) {
      const gram = keywordPrefixGrams('DSO', '口红')[index]!;
      const { ids, truth: best } = await headAgainstTruth(gram, sql`lower(keyword) LIKE ${`${prefix}%`}`);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(best);
    }
  });

  it('lets members that fell below the head’s line go rather than keep them above words it never held', async () => {
    const gram = queryGrams('DSO', '口红')[0]!;
    const before = await headAgainstTruth(gram, sql`lower(keyword) LIKE '%口红%'`);
    const fallen = await queryRows<{ keyword: string }>(
      database.db,
      sql`SELECT keyword FROM keywords WHERE id = ANY(${sql.param(before.ids.slice(0, 25))}::bigint[])`,
    );
    await upsertKeywords(
      database.db,
      fallen.map((row) => keywordInput(row.keyword, 3)),
    );
    await deriveChanges(database.db, scope);
    const after = await headAgainstTruth(gram, sql`lower(keyword) LIKE '%口红%'`);
    expect(after.ids).toHaveLength(before.ids.length - 25);
    expect(after.ids).toEqual(after.truth);
  });

  it('reads a head again when every member of it changed, and a full derive gives it back its whole length', async () => {
    const gram = queryGrams('DSO', '口红')[0]!;
    const [head] = await queryRows<{ ids: Array<number | string> }>(
      database.db,
      sql`SELECT ids FROM keyword_gram_heads WHERE scope = 'DSO' AND gram = ${gram}`,
    );
    const members = await queryRows<{ keyword: string }>(
      database.db,
      sql`SELECT keyword FROM keywords WHERE id = ANY(${sql.param(head!.ids.map(Number))}::bigint[])`,
    );
    // Every member drops to the bottom: the line of unchanged members is gone.
    await upsertKeywords(
      database.db,
      members.map((row, i) => keywordInput(row.keyword, 1 + (i % 20))),
    );
    await deriveChanges(database.db, scope);
    const after = await headAgainstTruth(gram, sql`lower(keyword) LIKE '%口红%'`);
    expect(after.ids).toHaveLength(HEAD_SIZE);
    expect(after.ids).toEqual(after.truth);

    await deriveScope(database.db, scope);
    const rebuilt = await headAgainstTruth(queryGrams('DSO', '红')[0]!, sql`lower(keyword) LIKE '%红%'`);
    expect(rebuilt.ids).toHaveLength(HEAD_SIZE);
    expect(rebuilt.ids).toEqual(rebuilt.truth);
  });

  it('keeps every board list the exact top of the words it ranks, as a full derive ranks them', async () => {
    // A library of its own (快手): 1,200 words of one industry, so the overall lists are full and 200 words lie below.
    const kuaishou = { platform: 'KSO' as const, country: '' };
    const word = (keyword: string, index: number, industry = '美妆护肤') =>
      keywordInput(keyword, index, { platform: 'KSO', industry });
    await upsertKeywords(
      database.db,
      Array.from({ length: 1_200 }, (_, i) => word(`快手美妆词${i}`, 10_000 + i * 10)),
    );
    await deriveScope(database.db, kuaishou);
    const lists = async () => {
      const rows = await queryRows<{ board: string; industry: string; keyword_id: number }>(
        database.db,
        sql`SELECT board, industry, keyword_id FROM keyword_boards
            WHERE platform = 'KSO' AND as_of = (SELECT max(as_of) FROM keyword_boards WHERE platform = 'KSO')
            ORDER BY board, industry, rank`,
      );
      const byList = new Map<string, number[]>();
      for (const row of rows) {
        const key = `${row.board}/${row.industry}`;
        byList.set(key, [...(byList.get(key) ?? []), Number(row.keyword_id)]);
      }
      return byList;
    };
    const topOfHot = (await lists()).get('industryHot/')!.slice(0, 20);
    const fallen = await queryRows<{ keyword: string }>(
      database.db,
      sql`SELECT keyword FROM keywords WHERE id = ANY(${sql.param(topOfHot)}::bigint[])`,
    );
    await upsertKeywords(database.db, [
      // Fewer new words than fall: the lists must not keep the fallen above words they never held.
      ...Array.from({ length: 5 }, (_, i) => word(`快手美妆新词${i}`, 700_000 + i)),
      ...Array.from({ length: 3 }, (_, i) => word(`快手户外新词${i}`, 20_000 + i, '运动户外')),
      ...fallen.map((row) => word(row.keyword, 2)),
    ]);
    expect((await deriveChanges(database.db, kuaishou)).boards).toBe('updated');
    const updated = await lists();
    await deriveScope(database.db, kuaishou, { steps: ['boards'] });
    const whole = await lists();
    expect([...updated.keys()].sort()).toEqual([...whole.keys()].sort());
    for (const [key, ids] of whole) {
      const taken = updated.get(key)!;
      expect(taken.length, key).toBeGreaterThan(0);
      expect(taken, key).toEqual(ids.slice(0, taken.length));
    }
    // The overall hot list lost the fallen words and took the new ones (the 户外 words too: above its line of 12,000);
    // the new industry's list holds its words.
    expect(updated.get('industryHot/')).toHaveLength(1_000 - 20 + 5 + 3);
    expect(updated.get('industryHot/运动户外')).toHaveLength(3);
  });

  it('gives the top words the library’s best words sharing their main word, from the heads as from the index', async () => {
    const leaders = await queryRows<{ id: number; keyword: string }>(
      database.db,
      sql`SELECT id, keyword FROM keywords WHERE platform = 'DSO' ORDER BY search_index DESC, id DESC LIMIT 5`,
    );
    let related = 0;
    for (const leader of leaders) {
      const main = mainWordOf(leader.keyword);
      const stored = await queryRows<{ related_keyword: string }>(
        database.db,
        sql`SELECT related_keyword FROM keyword_relations WHERE keyword_id = ${leader.id} AND relation = 'correlation'
            ORDER BY score DESC, related_keyword`,
      );
      const truth = await queryRows<{ keyword: string }>(
        database.db,
        sql`SELECT keyword FROM keywords WHERE platform = 'DSO' AND lower(keyword) LIKE ${`%${main.toLowerCase()}%`}
              AND keyword <> ${leader.keyword}
            ORDER BY search_index DESC, id DESC LIMIT ${CORRELATION_KEEP}`,
      );
      related += stored.length;
      expect(new Set(stored.map((row) => row.related_keyword)), leader.keyword).toEqual(
        new Set(truth.map((row) => row.keyword)),
      );
    }
    expect(related).toBeGreaterThan(CORRELATION_KEEP);
  });

  it('puts a new word on the boards', async () => {
    await upsertKeywords(database.db, [keywordInput('口红热门新词', 900_000)]);
    await deriveChanges(database.db, scope);
    const onBoards = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM keyword_boards b JOIN keywords k ON k.id = b.keyword_id
          WHERE k.keyword = '口红热门新词'`,
    );
    expect(onBoards[0]!.n).toBeGreaterThan(0);
  });
});
