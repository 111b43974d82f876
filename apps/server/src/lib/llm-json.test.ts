import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LlmProvider } from '../providers/llm/index';
import { askJson, jsonOfAnswer, UnreadableAnswerError } from './llm-json';

const answering = (...pieces: string[]): LlmProvider => ({
  name: 'fixed',
  isSandbox: false,
  async *streamChat() {
    yield* pieces;
  },
});
const request = { messages: [], context: { topic: 't', keywords: [], relatedWords: [] } };

describe('structured model answers', () => {
  it('reads JSON bare, fenced or wrapped in words', () => {
    expect(jsonOfAnswer('{"a":1}')).toEqual({ a: 1 });
    expect(jsonOfAnswer('好的：\n```json\n{"a":2}\n```\n希望有用')).toEqual({ a: 2 });
    expect(jsonOfAnswer('结果是 {"a":3} 。')).toEqual({ a: 3 });
    expect(jsonOfAnswer('没有结果')).toBeNull();
  });

  it('joins the pieces and checks the shape', async () => {
    const schema = z.object({ groups: z.array(z.string()) });
    expect(await askJson(answering('{"gro', 'ups":["x"]}'), request, schema)).toEqual({ groups: ['x'] });
    await expect(askJson(answering('{"groups":3}'), request, schema)).rejects.toBeInstanceOf(UnreadableAnswerError);
  });
});
