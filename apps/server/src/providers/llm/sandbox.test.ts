import { describe, expect, it } from 'vitest';
import { LlmError } from './index';
import { createSandboxLlm, SANDBOX_LABEL, sandboxText } from './sandbox';

const context = {
  topic: '新手露营攻略',
  keywords: ['露营装备'],
  relatedWords: ['露营帐篷', '露营装备'],
  tone: '轻松',
  audience: '新手',
};
const request = { messages: [{ role: 'user' as const, content: '写' }], context };

describe('the sandbox LLM', () => {
  it('writes the same labelled text from the same data, in small pieces', async () => {
    const llm = createSandboxLlm({ pieceDelayMs: 0, pieceSize: 3 });
    const pieces: string[] = [];
    for await (const piece of llm.streamChat(request)) pieces.push(piece);
    const text = pieces.join('');
    expect(llm.isSandbox).toBe(true);
    expect(text).toBe(sandboxText(context));
    expect(text.startsWith(SANDBOX_LABEL)).toBe(true);
    expect(text).toContain('新手露营攻略');
    expect(text).toContain('「露营帐篷」');
    // The duplicated word is written once.
    expect(text.match(/「露营装备」：/g)).toHaveLength(1);
    expect(pieces.length).toBeGreaterThan(20);
    expect(pieces.every((piece) => Array.from(piece).length <= 3)).toBe(true);
  });

  it('writes another phrasing for a regeneration', () => {
    const variants = new Set([0, 1, 2].map((variant) => sandboxText(context, variant)));
    expect(variants.size).toBeGreaterThan(1);
  });

  it('stops on the signal with an aborted error', async () => {
    const llm = createSandboxLlm({ pieceDelayMs: 5 });
    const controller = new AbortController();
    const pieces: string[] = [];
    await expect(async () => {
      for await (const piece of llm.streamChat({ ...request, signal: controller.signal })) {
        pieces.push(piece);
        if (pieces.length === 2) controller.abort();
      }
    }).rejects.toThrow(LlmError);
    expect(pieces).toHaveLength(2);
  });
});
