import { Code, KeywordDetailPath, KeywordPath } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/route-suite';
import { checkRow } from './import/keyword-import';
import { upsertKeywords } from './import/keyword-ingest.repository';
import { keywordInput } from './keyword.fixtures';

/** 29 Chinese characters and an emoji: 30 characters (the limit), 31 UTF-16 units. */
const thirty = `${'口'.repeat(29)}😀`;
const thirtyOne = `${'口'.repeat(30)}😀`;
const tooLong = { code: Code.BAD_REQUEST, msg: '关键词长度不能超过30个字符', data: null };

describe('the 30-character keyword limit on the server', () => {
  const t = useTestApp({}, (app) => upsertKeywords(app.database.db, [keywordInput(thirty, 500)]));

  it('searches for a 30-character keyword holding an emoji and finds it', async () => {
    const body = (
      await t.request({ method: 'POST', url: KeywordPath.search, body: { platform: 'DSO', keyword: thirty } })
    ).json();
    expect(body.code).toBe(Code.OK);
    expect(body.data.result.map((row: { keyword: string }) => row.keyword)).toEqual([thirty]);
  });

  it('refuses a 31-character search keyword with 400 and the domain message', async () => {
    const response = await t.request({
      method: 'POST',
      url: KeywordPath.search,
      body: { platform: 'DSO', keyword: thirtyOne },
    });
    expect(response.json()).toEqual(tooLong);
  });

  it('refuses a 31-character batch word and suggestion prefix the same way', async () => {
    const batch = await t.request({
      method: 'POST',
      url: KeywordPath.search,
      body: { platform: 'DSO', keywords: ['口红', thirtyOne] },
    });
    expect(batch.json()).toEqual(tooLong);
    const suggestions = await t.request({
      method: 'GET',
      url: `${KeywordPath.suggestions}?keyword=${encodeURIComponent(thirtyOne)}`,
    });
    expect(suggestions.json()).toEqual(tooLong);
    const detail = await t.request({
      method: 'GET',
      url: `${KeywordDetailPath.detail}?keyword=${encodeURIComponent(thirtyOne)}`,
    });
    expect(detail.json()).toEqual(tooLong);
  });

  it('imports a 30-character keyword holding an emoji and reports a 31-character one', () => {
    const row = (keyword: string) => ({
      row: 2,
      values: { platform: 'DSO', keyword, search_index: '10', as_of: '2026-11-20' },
    });
    expect(checkRow(row(thirty), new Set()).errors).toEqual([]);
    expect(checkRow(row(thirtyOne), new Set()).errors).toEqual([
      { row: 2, column: 'keyword', message: '关键词长度不能超过30个字符' },
    ]);
  });
});
