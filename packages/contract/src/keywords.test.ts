import { keywordMessages } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { keywordRefQuerySchema } from './keyword-details';
import {
  deleteHistoryBodySchema,
  rootWordsQuerySchema,
  searchKeywordsBodySchema,
  suggestionsQuerySchema,
} from './keywords';

/** 29 Chinese characters and an emoji: 30 characters, 31 UTF-16 units. */
const thirty = `${'口'.repeat(29)}😀`;
const thirtyOne = `${'口'.repeat(30)}😀`;

const messagesOf = (result: { error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('keyword fields', () => {
  type ParseResult = { success: boolean; error?: { issues: Array<{ message: string }> } };
  const parsers: Array<[string, (keyword: string) => ParseResult]> = [
    ['a single search', (keyword) => searchKeywordsBodySchema.safeParse({ platform: 'DSO', keyword })],
    [
      'a batch search',
      (keyword) => searchKeywordsBodySchema.safeParse({ platform: 'DSO', keywords: ['口红', keyword] }),
    ],
    ['suggestions', (keyword) => suggestionsQuerySchema.safeParse({ keyword })],
    ['root words', (keyword) => rootWordsQuerySchema.safeParse({ keyword })],
    ['a keyword detail', (keyword) => keywordRefQuerySchema.safeParse({ keyword })],
    ['deleting a history entry', (keyword) => deleteHistoryBodySchema.safeParse({ types: ['word'], keyword })],
  ];

  it.each(parsers)('accept 30 characters holding an emoji in %s', (_, parse) => {
    expect(parse(thirty).success).toBe(true);
  });

  it.each(parsers)('refuse 31 characters in %s with the domain message', (_, parse) => {
    expect(messagesOf(parse(thirtyOne))).toEqual([keywordMessages.tooLong]);
  });

  it('asks for a keyword when a required one is blank', () => {
    expect(messagesOf(suggestionsQuerySchema.safeParse({ keyword: '   ' }))).toEqual(['请输入关键词']);
  });
});
