import { Code, KeywordPath, PermissionPath } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../../db/client';
import { createUser, loginAs } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { upsertKeywords } from '../import/keyword-ingest.repository';
import { keywordInput as keyword } from '../keyword.fixtures';
import { refreshGramStats } from './keyword-search.repository';

/** Searches to fail next, and how: a bug (500) or a dropped database connection (650). */
const failing = vi.hoisted(() => ({ next: [] as Array<'bug' | 'connection'> }));

vi.mock('./keyword-search.repository', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./keyword-search.repository')>();
  return {
    ...actual,
    runSearch: async (...args: Parameters<typeof actual.runSearch>) => {
      const failure = failing.next.shift();
      if (failure === 'bug') throw new Error('search failed (test)');
      if (failure === 'connection') throw Object.assign(new Error('terminating connection'), { code: '57P01' });
      return actual.runSearch(...args);
    },
  };
});

const SEARCH_COUNT = 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY';

describe('charging keyword searches', () => {
  const t = useTestApp({}, async (app) => {
    await upsertKeywords(app.database.db, [
      keyword('减肥食谱', 8_000),
      keyword('减肥餐', 6_000),
      keyword('口红', 9_000),
    ]);
    await refreshGramStats(app.database.db, { platform: 'DSO', country: '' });
  });

  const freeUser = async () => loginAs(t.database.db, (await createUser(t.database.db, { grade: 'FREE' })).id);
  const search = async (token: string, keyword = '减肥') =>
    (await t.request({ method: 'POST', url: KeywordPath.search, body: { platform: 'DSO', keyword }, token })).json();
  const used = async (token: string) =>
    (await t.request({ method: 'GET', url: `${PermissionPath.use}?permission=${SEARCH_COUNT}`, token })).json().data
      .use_val;

  it('does not charge a search that fails, whether from a bug or a lost database connection', async () => {
    const token = await freeUser();
    failing.next.push('bug');
    expect((await search(token)).code).toBe(Code.SERVER_ERROR);
    failing.next.push('connection');
    expect((await search(token)).code).toBe(Code.SERVER_BUSY);
    expect(await used(token)).toBe(0);
  });

  it('charges a search retried after a failure once', async () => {
    const token = await freeUser();
    failing.next.push('bug');
    expect((await search(token)).code).toBe(Code.SERVER_ERROR);
    const retried = await search(token);
    expect(retried.code).toBe(Code.OK);
    expect(retried.data.result.length).toBeGreaterThan(0);
    expect(await used(token)).toBe(1);
  });

  it('answers ten concurrent searches of a FREE user with ten left, and refuses the eleventh', async () => {
    const token = await freeUser();
    const answers = await Promise.all(Array.from({ length: 10 }, () => search(token)));
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill(Code.OK));
    expect(await used(token)).toBe(10);
    const eleventh = await search(token);
    expect(eleventh.code).toBe(Code.NEEDS_UPGRADE);
    expect(eleventh.msg).toBe('今日次数已用尽，请升级会员版本增加查看次数~');
    expect(await used(token)).toBe(10);
  });

  it('answers exactly as many racing searches as there are units left', async () => {
    const token = await freeUser();
    for (let index = 0; index < 8; index++) expect((await search(token)).code).toBe(Code.OK);
    const answers = await Promise.all(Array.from({ length: 6 }, () => search(token, '口红')));
    const codes = answers.map((answer) => answer.code).sort();
    expect(codes).toEqual([Code.OK, Code.OK, ...Array(4).fill(Code.NEEDS_UPGRADE)]);
    expect(await used(token)).toBe(10);
  });

  it('refuses a used-up count before running the search', async () => {
    const token = await freeUser();
    await Promise.all(Array.from({ length: 10 }, () => search(token)));
    // Were the search run, this failure would answer 500 instead of the quota's 810.
    failing.next.push('bug');
    expect((await search(token)).code).toBe(Code.NEEDS_UPGRADE);
    failing.next.length = 0;
  });

  describe('a search the load balancer retried after its instance died', () => {
    /** A search as HAProxy forwards it: its own X-Request-ID and the client's address, from the trusted proxy. */
    const viaBalancer = async (token: string, requestId: string, keyword = '减肥') =>
      (
        await t.request({
          method: 'POST',
          url: KeywordPath.search,
          body: { platform: 'DSO', keyword },
          token,
          headers: { 'x-request-id': requestId, 'x-forwarded-for': '203.0.113.7' },
        })
      ).json();
    const ledgerRows = (requestId: string) =>
      queryRows<{ amount: number }>(
        t.database.db,
        sql`SELECT amount FROM usage_ledger WHERE request_id = ${requestId}`,
      );

    it('is answered again and charged once', async () => {
      const token = await freeUser();
      const first = await viaBalancer(token, 'lb-retry-1');
      // The retry: the same request, the same id, on another instance (the first one's answer was lost).
      const retried = await viaBalancer(token, 'lb-retry-1');
      expect([first.code, retried.code]).toEqual([Code.OK, Code.OK]);
      expect(retried.data.result).toEqual(first.data.result);
      expect(await used(token)).toBe(1);
      expect(await ledgerRows('lb-retry-1')).toEqual([{ amount: 1 }]);
      // Another request is another search, charged.
      expect((await viaBalancer(token, 'lb-retry-2')).code).toBe(Code.OK);
      expect(await used(token)).toBe(2);
    });

    it('is answered even when its charge took the last unit', async () => {
      const token = await freeUser();
      for (let index = 0; index < 9; index++) expect((await search(token)).code).toBe(Code.OK);
      expect((await viaBalancer(token, 'lb-last-unit')).code).toBe(Code.OK);
      expect(await used(token)).toBe(10);
      expect((await viaBalancer(token, 'lb-last-unit')).code).toBe(Code.OK);
      expect((await viaBalancer(token, 'lb-after-last')).code).toBe(Code.NEEDS_UPGRADE);
      expect(await used(token)).toBe(10);
    });

    it('counts a client’s own X-Request-ID for nothing: the same id from a direct client is charged each time', async () => {
      const token = await freeUser();
      const direct = async () =>
        (
          await t.request({
            method: 'POST',
            url: KeywordPath.search,
            body: { platform: 'DSO', keyword: '减肥' },
            token,
            headers: { 'x-request-id': 'chosen-by-client' },
          })
        ).json();
      expect((await direct()).code).toBe(Code.OK);
      expect((await direct()).code).toBe(Code.OK);
      expect(await used(token)).toBe(2);
    });
  });
});
