import { Code, INT32_MAX, inputMessages, KeywordDetailPath, KeywordPath } from '@dso/contract';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { postKeywordQuery } from '../features/keywords/keywords.testing';
import { createUser, loginAs } from '../testing';
import { useTestApp } from '../testing/route-suite';

describe('input the database cannot store', () => {
  let token: string;
  const t = useTestApp({}, async () => {
    token = await loginAs(t.database.db, (await createUser(t.database.db, { grade: 'SVIP' })).id);
  });

  const search = (body: Record<string, unknown>, options: { token?: string } = {}) =>
    postKeywordQuery(t, KeywordPath.search, body, options.token);
  /** The answer to input holding text the database cannot store: 400 with the Chinese message. */
  const expectIllegalText = (response: LightMyRequestResponse) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(inputMessages.illegalText);
  };

  it('refuses a NUL byte in the searched keyword with a Chinese 400, for visitors and members', async () => {
    for (const options of [{}, { token }]) {
      const response = await search({ keyword: '口红\u0000' }, options);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: inputMessages.illegalText, data: null });
    }
  });

  it('refuses a NUL byte in a batch keyword, a filter and an object key alike', async () => {
    for (const body of [
      { keywords: ['口红', '面\u0000膜'] },
      { keyword: '口红', filters: { industry: '\u0000' } },
      { keyword: '口红', 'x\u0000': 1 },
    ]) {
      expectIllegalText(await search(body, { token }));
    }
  });

  it('refuses a lone surrogate in the body and a percent-encoded NUL in the query', async () => {
    expectIllegalText(await search({ keyword: '口\uD800红' }));
    expectIllegalText(await t.request({ method: 'GET', url: `${KeywordPath.suggestions}?keyword=%E5%8F%A3%00` }));
  });

  it('refuses a percent-encoded NUL in a form body that a route parses itself', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/wechat/confirm',
      payload: 'ticket=%00abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectIllegalText(response);
  });

  it('keeps searching for a keyword with an emoji, whose surrogates come in a pair', async () => {
    const response = await search({ keyword: '口红😀' });
    expect(response.statusCode).toBe(200);
    expect(response.json().code).toBe(Code.OK);
  });

  it('refuses a search-index filter beyond the 32-bit column with a Chinese 400 and keeps the largest one', async () => {
    for (const filters of [{ index_min: 2 ** 31 }, { index_max: 2 ** 31 }, { index_min: '2147483648' }]) {
      const response = await search({ keyword: '口红', filters }, { token });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: Code.BAD_REQUEST, msg: inputMessages.outOfRange, data: null });
    }
    const largest = await search({ keyword: '口红', filters: { index_min: INT32_MAX } }, { token });
    expect(largest.json().code).toBe(Code.OK);
  });

  it('answers a path whose escapes do not decode with the envelope', async () => {
    const response = await t.request({ method: 'GET', url: '/api/legal/%ED%A0%80' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: Code.BAD_REQUEST, data: null });
  });

  it('refuses a page number past the deepest page', async () => {
    const response = await search({ keyword: '口红', page_no: 2 ** 31 }, { token });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe(inputMessages.outOfRange);
    const board = await t.request({ method: 'GET', url: `${KeywordDetailPath.board}?board=blue&page_no=1e9` });
    expect(board.statusCode).toBe(400);
    expect(board.json().msg).toBe(inputMessages.outOfRange);
  });
});
