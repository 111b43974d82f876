import { Code, KeywordPath } from '@dso/contract';
import { toPercent } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput as keyword } from '../keyword.fixtures';
import { postKeywordQuery } from '../keywords.testing';
import { refreshGramStats } from './keyword-search.repository';
import { GUEST_ROWS } from './keywords.service';

describe('keyword search routes', () => {
  const t = useTestApp({}, async (app) => {
    const lipsticks = Array.from({ length: 60 }, (_, i) =>
      keyword(`口红色号${String(i).padStart(2, '0')}`, 100_000 - i * 100),
    );
    await upsertKeywords(app.database.db, [
      ...lipsticks,
      keyword('平价口红推荐', 123_456),
      keyword('减肥食谱', 8_000, { industry: '健康医疗', category: 'diversify_53' }),
      keyword('skincare review', 5_000, { platform: 'TSO', country: 'US' }),
      keyword('skincare routine', 4_000, { platform: 'TSO', country: 'GB' }),
    ]);
    for (const scope of [
      { platform: 'DSO', country: '' },
      { platform: 'TSO', country: 'US' },
      { platform: 'TSO', country: 'GB' },
    ] as const) {
      await refreshGramStats(app.database.db, scope);
    }
    await app.database.db.execute(sql`UPDATE keywords SET growth_rate = 0.062049 WHERE keyword = '平价口红推荐'`);
    await app.database.db.execute(sql`UPDATE keywords SET growth_rate = -0.123 WHERE keyword = '减肥食谱'`);
  });

  const search = (body: Record<string, unknown>, token?: string) =>
    postKeywordQuery(t, KeywordPath.search, body, token);

  it('shows a visitor the first rows only, with banded figures', async () => {
    const body = (await search({ keyword: '口红', page_size: 20 })).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.total_record).toBe(61);
    expect(body.data.data_max).toBe(GUEST_ROWS);
    expect(body.data.result).toHaveLength(GUEST_ROWS);
    expect(body.data.result[0]).toMatchObject({ keyword: '平价口红推荐', search_index: '12.3w' });
  });

  it('returns no rows to a visitor paging past the first rows', async () => {
    const body = (await search({ keyword: '口红', page_no: 2, page_size: 10 })).json();
    expect(body.data.result).toEqual([]);
    expect(body.data.total_record).toBe(61);
  });

  it('lets a FREE user page to the grade depth and no further', async () => {
    const user = await createUser(t.database.db, { grade: 'FREE' });
    const token = await loginAs(t.database.db, user.id);
    const third = (await search({ keyword: '口红', page_no: 3, page_size: 20 }, token)).json();
    expect(third.data.data_max).toBe(50);
    expect(third.data.result).toHaveLength(10);
    const fourth = (await search({ keyword: '口红', page_no: 4, page_size: 20 }, token)).json();
    expect(fourth.data.result).toEqual([]);
  });

  it('shows exact figures to a user with show_original_data', async () => {
    const user = await createUser(t.database.db, { grade: 'VIP', showOriginalData: true });
    const token = await loginAs(t.database.db, user.id);
    const body = (await search({ keyword: '平价口红' }, token)).json();
    expect(body.data.result[0].search_index).toBe(123_456);
    expect(body.data.user_grade).toBe('VIP');
  });

  it('sends visitors and users without show_original_data only the 5 % band of a growth rate', async () => {
    const visitor = (await search({ keyword: '平价口红' })).json();
    expect(visitor.data.result[0].growth_rate).toBe('5%-10%');
    const user = await createUser(t.database.db, { grade: 'SVIP', showOriginalData: false });
    const token = await loginAs(t.database.db, user.id);
    const member = (await search({ keyword: '平价口红' }, token)).json();
    expect(member.data.result[0].growth_rate).toBe('5%-10%');
    const falling = (await search({ keyword: '减肥食谱' }, token)).json();
    expect(falling.data.result[0].growth_rate).toBe('-10%-15%');
  });

  it('sends a show_original_data user the exact growth rate, at 2 percent decimals', async () => {
    const user = await createUser(t.database.db, { grade: 'VIP', showOriginalData: true });
    const token = await loginAs(t.database.db, user.id);
    const rate = (await search({ keyword: '平价口红' }, token)).json().data.result[0].growth_rate;
    expect(rate).toBe(0.062);
    expect(toPercent(rate)).toBe('6.20%');
  });

  it('spends one daily search per new search and refuses the eleventh for FREE', async () => {
    const user = await createUser(t.database.db, { grade: 'FREE' });
    const token = await loginAs(t.database.db, user.id);
    for (let i = 0; i < 10; i++) expect((await search({ keyword: '减肥' }, token)).json().code).toBe(Code.OK);
    // Paging the same search is not a new search.
    expect((await search({ keyword: '减肥', page_no: 2, page_size: 10 }, token)).json().code).toBe(Code.OK);
    const refused = (await search({ keyword: '减肥' }, token)).json();
    expect(refused.code).toBe(Code.NEEDS_UPGRADE);
    expect(refused.msg).toBe('今日次数已用尽，请升级会员版本增加查看次数~');
    expect(refused.data).toMatchObject({ action: 'pay', grade: 'VIP' });
  });

  it('searches a batch of words as one list', async () => {
    const body = (await search({ keywords: ['减肥', '平价口红'] })).json();
    expect(body.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['平价口红推荐', '减肥食谱']);
  });

  it('refuses a keyword over 30 characters and a sixth batch word', async () => {
    const long = (await search({ keyword: '口'.repeat(31) })).json();
    expect(long).toMatchObject({ code: Code.BAD_REQUEST, msg: '关键词长度不能超过30个字符' });
    const six = (await search({ keywords: ['一', '二', '三', '四', '五', '六'] })).json();
    expect(six).toMatchObject({ code: Code.BAD_REQUEST, msg: '最多输入5个关键词' });
  });

  it('filters and sorts', async () => {
    const body = (
      await search({ keyword: '口红', filters: { index_min: 99_800 }, sort: 'search_index', order: 'asc' })
    ).json();
    expect(body.data.result.map((row: { keyword: string }) => row.keyword)).toEqual([
      '口红色号02',
      '口红色号01',
      '口红色号00',
      '平价口红推荐',
    ]);
    expect(body.data.total_record).toBe(4);
  });

  it('searches the overseas library by country, US by default', async () => {
    const us = (await search({ platform: 'TSO', keyword: 'skincare' })).json();
    expect(us.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['skincare review']);
    const gb = (await search({ platform: 'TSO', country: 'GB', keyword: 'skincare' })).json();
    expect(gb.data.result.map((row: { keyword: string }) => row.keyword)).toEqual(['skincare routine']);
    const wrong = (await search({ platform: 'DSO', country: 'US', keyword: 'x' })).json();
    expect(wrong).toMatchObject({ code: Code.BAD_REQUEST, msg: '仅海外关键词库可选择国家' });
  });

  it('suggests words that start with the input', async () => {
    const body = (
      await t.request({ method: 'GET', url: `${KeywordPath.suggestions}?keyword=${encodeURIComponent('平价')}` })
    ).json();
    expect(body).toEqual({ code: Code.OK, msg: 'success', data: ['平价口红推荐'] });
    const empty = (await t.request({ method: 'GET', url: `${KeywordPath.suggestions}?keyword=` })).json();
    expect(empty).toMatchObject({ code: Code.BAD_REQUEST, msg: '请输入关键词' });
  });

  it('keeps search history per type, newest first, and deletes one or all', async () => {
    const user = await createUser(t.database.db, { grade: 'VIP' });
    const token = await loginAs(t.database.db, user.id);
    for (const word of ['口红', '减肥', '口红']) await search({ keyword: word, history_type: 'word' }, token);
    await search({ keyword: '平价', history_type: 'rso_word' }, token);
    const history = (
      await t.request({ method: 'GET', url: `${KeywordPath.history}?types=word,rso_word&size=10`, token })
    ).json();
    expect(history.data).toEqual([
      { type: 'word', logs: ['口红', '减肥'] },
      { type: 'rso_word', logs: ['平价'] },
    ]);
    await t.request({
      method: 'POST',
      url: KeywordPath.deleteHistory,
      body: { types: ['word'], keyword: '口红' },
      token,
    });
    const afterOne = (await t.request({ method: 'GET', url: `${KeywordPath.history}?types=word`, token })).json();
    expect(afterOne.data[0].logs).toEqual(['减肥']);
    await t.request({
      method: 'POST',
      url: KeywordPath.deleteHistory,
      body: { types: ['word', 'rso_word'], batch: true },
      token,
    });
    const afterAll = (
      await t.request({ method: 'GET', url: `${KeywordPath.history}?types=word,rso_word`, token })
    ).json();
    expect(afterAll.data).toEqual([
      { type: 'word', logs: [] },
      { type: 'rso_word', logs: [] },
    ]);
  });

  it('asks a visitor to log in for history', async () => {
    const body = (await t.request({ method: 'GET', url: `${KeywordPath.history}?types=word` })).json();
    expect(body.code).toBe(Code.TOKEN_INVALID);
  });

  it('lists popular keywords, real searches first', async () => {
    const users_ = await Promise.all([createUser(t.database.db), createUser(t.database.db)]);
    for (const user of users_) {
      const token = await loginAs(t.database.db, user.id);
      await search({ keyword: '减肥食谱', history_type: 'word' }, token);
    }
    const body = (await t.request({ method: 'GET', url: `${KeywordPath.popular}?type=word` })).json();
    expect(body.data[0]).toEqual({ keyword: '减肥食谱', search_index: '8000' });
    expect(body.data).toHaveLength(10);
  });

  it('lists about 70 overseas countries with Chinese names, Taiwan and Macau included', async () => {
    const body = (await t.request({ method: 'GET', url: KeywordPath.countries })).json();
    expect(body.data.length).toBeGreaterThanOrEqual(65);
    expect(body.data[0]).toEqual({ country_code: 'US', country_name_cn: '美国', country_translation: 'United States' });
    const codes = body.data.map((country: { country_code: string }) => country.country_code);
    expect(codes).toEqual(expect.arrayContaining(['TW', 'MO', 'HK', 'GB', 'JP']));
  });

  it('splits a long keyword into root words with their figures', async () => {
    const body = (
      await t.request({ method: 'GET', url: `${KeywordPath.rootWords}?keyword=${encodeURIComponent('减肥食谱推荐')}` })
    ).json();
    const words = body.data.map((row: { word: string }) => row.word);
    expect(words).toEqual(expect.arrayContaining(['减肥', '食谱', '推荐']));
  });

  it('counts the rows each root word finds, so a root with matches but no row of its own is not 暂无收录', async () => {
    const body = (
      await t.request({
        method: 'GET',
        url: `${KeywordPath.rootWords}?keyword=${encodeURIComponent('口红推荐平价学生党')}`,
      })
    ).json();
    const byWord = new Map(body.data.map((row: { word: string }) => [row.word, row]));
    // 61 rows contain 口红 (60 色号 words and 平价口红推荐); none is exactly 口红.
    expect(byWord.get('口红')).toEqual({
      word: '口红',
      search_index: null,
      competition: null,
      match_count: 61,
      match_estimated: false,
    });
    expect(byWord.get('学生')).toMatchObject({ match_count: 0 });
  });

  it('gives a root word that is itself a keyword its own figures, from the chosen library', async () => {
    await upsertKeywords(t.database.db, [keyword('减肥', 7_000, { platform: 'BSO' })]);
    const url = `${KeywordPath.rootWords}?platform=BSO&keyword=${encodeURIComponent('减肥食谱推荐')}`;
    const body = (await t.request({ method: 'GET', url })).json();
    const byWord = new Map(body.data.map((row: { word: string }) => [row.word, row]));
    expect(byWord.get('减肥')).toMatchObject({ search_index: '7000', match_count: 1 });
    expect(byWord.get('食谱')).toMatchObject({ search_index: null, match_count: 0 });
  });

  it('offers random blue-ocean words for the SEO page', async () => {
    const body = (await t.request({ method: 'GET', url: KeywordPath.randomSeoWords })).json();
    expect(body.code).toBe(Code.OK);
    expect(Array.isArray(body.data)).toBe(true);
    for (const word of body.data) expect(typeof word).toBe('string');
  });
});
