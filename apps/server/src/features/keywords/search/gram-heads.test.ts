import { searchKeywordsBodySchema } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import { gramHash, prefixGram } from '../../../lib/grams';
import { likePrefix } from '../../../lib/like-patterns';
import { useTestDatabase } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput, searchQuery } from '../keyword.fixtures';
import { HEAD_SIZE } from './gram-heads';
import {
  choosePlan,
  refreshGramStats,
  type SearchQuery,
  selectPage,
  selectSuggestions,
} from './keyword-search.repository';
import { searchKeywords } from './keywords.service';

const dso = { platform: 'DSO', country: '' } as const;
const FAMILY = 2_500;

const query = searchQuery;

/**
 * Two families of 2,500 keywords sharing 乙 (so 乙, 甲乙, 乙丙 … are frequent grams with heads), and
 * five 甲乙丙 keywords ranked last: every bigram of 甲乙丙 is frequent, yet its matches lie beyond the
 * heads. Search indexes repeat, so ties are broken by id.
 */
function fixtureRows() {
  const rows = [];
  for (let i = 0; i < FAMILY; i++) {
    rows.push(keywordInput(`甲乙好物${i}`, 10 + ((i * 7919) % 997)));
    rows.push(keywordInput(`乙丙教程${i}`, 10 + ((i * 104_729) % 991)));
  }
  for (let i = 0; i < 5; i++) rows.push(keywordInput(`甲乙丙${i}`, i));
  return rows;
}

describe('gram heads', () => {
  const database = useTestDatabase(async () => {
    const rows = fixtureRows();
    for (let at = 0; at < rows.length; at += 1_000) await upsertKeywords(database.db, rows.slice(at, at + 1_000));
    await refreshGramStats(database.db, dso);
  });

  /** The reference answer: every match fetched through the n-gram index and sorted. */
  const byGrams = async (q: SearchQuery) =>
    (await selectPage(database.db, q, { plan: 'grams', walkBudget: 0, estimates: [] })).map((row) => row.keyword);

  const planned = async (q: SearchQuery) => {
    const choice = await choosePlan(database.db, q);
    return { plan: choice.plan, keywords: (await selectPage(database.db, q, choice)).map((row) => row.keyword) };
  };

  it('keeps the best-ranked ids of each frequent gram, in rank order', async () => {
    const [head] = await queryRows<{ ids: Array<number | string> }>(
      database.db,
      sql`SELECT ids FROM keyword_gram_heads WHERE scope = 'DSO' AND gram = ${gramHash('DSO', '乙')}`,
    );
    const best = await queryRows<{ id: number | string }>(
      database.db,
      sql`SELECT id FROM keywords WHERE keyword LIKE '%乙%' ORDER BY search_index DESC, id DESC LIMIT ${HEAD_SIZE}`,
    );
    expect(head!.ids.map(Number)).toEqual(best.map((row) => Number(row.id)));
    const [rare] = await queryRows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM keyword_gram_heads WHERE scope = 'DSO' AND gram = ${gramHash('DSO', '丙0')}`,
    );
    expect(rare!.n).toBe(0);
  });

  it('keeps heads of frequent first characters and first two characters, for suggestions', async () => {
    const headOf = async (prefix: string) => {
      const [row] = await queryRows<{ ids: Array<number | string> }>(
        database.db,
        sql`SELECT ids FROM keyword_gram_heads WHERE scope = 'DSO' AND gram = ${prefixGram('DSO', prefix)}`,
      );
      return row?.ids.map(Number);
    };
    const best = await queryRows<{ id: number | string }>(
      database.db,
      sql`SELECT id FROM keywords WHERE keyword LIKE '甲乙%' ORDER BY search_index DESC, id DESC LIMIT ${HEAD_SIZE}`,
    );
    expect(await headOf('甲乙')).toEqual(best.map((row) => Number(row.id)));
    expect(await headOf('乙')).toHaveLength(HEAD_SIZE);
    // 丙 is frequent inside keywords but starts none of them.
    expect(await headOf('丙')).toBeUndefined();
  });

  it('answers one- and two-character words and longer ones from the heads, as the n-gram plan would', async () => {
    for (const word of ['乙', '甲乙', '教程', '甲乙好物']) {
      for (const page of [query({ words: [word] }), query({ words: [word], offset: 980, limit: 20 })]) {
        const result = await planned(page);
        expect(result.plan).toBe('heads');
        expect(result.keywords).toHaveLength(20);
        expect(result.keywords).toEqual(await byGrams(page));
      }
    }
  });

  it('reads the rows of a head with the same types as every other plan', async () => {
    const q = query({ words: ['乙'], limit: 3 });
    const fromHeads = await selectPage(database.db, q, await choosePlan(database.db, q));
    const fromGrams = await selectPage(database.db, q, { plan: 'grams', walkBudget: 0, estimates: [] });
    expect(fromHeads).toEqual(fromGrams);
    expect(fromHeads[0]).toMatchObject({ first_seen: '2026-01-01', as_of: '2026-11-20' });
  });

  it('merges a batch from the heads of its words', async () => {
    const batch = query({ words: ['好物', '教程'], offset: 40 });
    const result = await planned(batch);
    expect(result.plan).toBe('heads');
    expect(result.keywords).toEqual(await byGrams(batch));
  });

  it('falls back when the matches lie beyond the heads, with the same answer', async () => {
    const rare = query({ words: ['甲乙丙'] });
    const result = await planned(rare);
    expect(result.plan).toBe('heads');
    expect(result.keywords).toEqual(['甲乙丙4', '甲乙丙3', '甲乙丙2', '甲乙丙1', '甲乙丙0']);
  });

  it('reports the exact total when the page is short, though the gram statistics promised more', async () => {
    const body = searchKeywordsBodySchema.parse({ platform: 'DSO', keyword: '甲乙丙' });
    const guest = { userId: null, grade: 'FREE' as const, showOriginal: false };
    const list = await searchKeywords(database.db, guest, body);
    expect(list.result).toHaveLength(5);
    expect([list.total_record, list.total_estimated]).toEqual([5, false]);
  });

  it('leaves deep pages, ascending order and filters to the other plans', async () => {
    const deep = query({ words: ['乙'], offset: HEAD_SIZE, limit: 20 });
    expect((await planned(deep)).plan).not.toBe('heads');
    expect((await planned(deep)).keywords).toEqual(await byGrams(deep));
    expect((await choosePlan(database.db, query({ words: ['乙'], order: 'asc' }))).plan).not.toBe('heads');
    expect((await choosePlan(database.db, query({ words: ['乙'], filters: { index_min: 500 } }))).plan).not.toBe(
      'heads',
    );
  });

  it('suggests from the heads the same keywords the prefix index finds', async () => {
    for (const prefix of ['甲乙', '乙丙教', '甲乙丙']) {
      const expected = await queryRows<{ keyword: string }>(
        database.db,
        sql`SELECT keyword FROM keywords WHERE keyword LIKE ${likePrefix(prefix)} ORDER BY search_index DESC, id DESC LIMIT 10`,
      );
      expect(await selectSuggestions(database.db, dso, prefix, 10)).toEqual(expected.map((row) => row.keyword));
    }
  });
});
