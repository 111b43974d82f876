import { pickedWords } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { LlmError } from './index';
import { longestRepeatedClause } from './repeated-clause';
import { candidateValue, createSandboxLlm, sandboxText } from './sandbox';

const context = {
  topic: '新手露营攻略',
  keywords: ['露营装备'],
  relatedWords: ['露营帐篷', '露营装备'],
  tone: '轻松',
  audience: '新手',
};
const request = { messages: [{ role: 'user' as const, content: '写' }], context };

describe('the sandbox LLM', () => {
  it('writes the same plain text from the same data, in small pieces, with no label inside it', async () => {
    const llm = createSandboxLlm({ pieceDelayMs: 0, pieceSize: 3 });
    const pieces: string[] = [];
    for await (const piece of llm.streamChat(request)) pieces.push(piece);
    const text = pieces.join('');
    expect(llm.isSandbox).toBe(true);
    expect(text).toBe(sandboxText(context));
    expect(text).not.toContain('沙箱');
    expect(text).not.toMatch(/^#/m);
    expect(text).toContain('露营帐篷');
    // The duplicated word is one point.
    expect(text.split('\n').filter((line) => /^\d+\. .*露营装备/.test(line))).toHaveLength(1);
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

  it('writes a script citing each video it was given by its number, with its comments and the related words', () => {
    const text = sandboxText({
      kind: 'script',
      topic: '露营装备短视频文案',
      keywords: ['露营装备'],
      relatedWords: ['露营帐篷', '天幕'],
      videos: [
        { title: '新手露营清单', comments: ['帐篷选哪款？'] },
        { title: '百元露营装备', comments: [] },
      ],
    });
    expect(text.startsWith('【开头3秒】')).toBe(true);
    expect(text).toContain('【参考视频1】');
    expect(text).toContain('【参考视频2】');
    expect(text).not.toContain('【参考视频3】');
    expect(text).toContain('「新手露营清单」');
    expect(text).toContain('帐篷选哪款？');
    expect(text).toContain('「露营帐篷」');
    expect(text).toContain('#露营装备');
  });

  it('writes an image-text note: a title line and one numbered point per video and related word', () => {
    const text = sandboxText({
      kind: 'note',
      topic: '露营装备图文笔记',
      keywords: ['露营装备'],
      relatedWords: ['露营帐篷', '露营装备', '天幕'],
      videos: [{ title: '新手露营清单', comments: ['帐篷选哪款？'] }],
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/露营装备/);
    expect(text).not.toMatch(/沙箱|^#\s/m);
    const points = lines.filter((line) => /^\d+\. /.test(line));
    expect(points).toHaveLength(3);
    expect(points[0]).toContain('「新手露营清单」');
    expect(points[0]).toContain('帐篷选哪款？');
    expect(points[1]).toContain('「露营帐篷」');
    expect(text).not.toContain('「露营装备」：');
    expect(text).toContain('#露营装备 #露营帐篷 #天幕');
  });

  it('repeats no clause in a script or a note drawn on five videos and six words', () => {
    const videos = ['新手露营清单', '百元露营装备', '露营帐篷测评', '一个人露营', '露营做饭'].map((title, index) => ({
      title,
      comments: [`问题${index}怎么办？`],
    }));
    const relatedWords = ['露营帐篷', '天幕', '露营灯', '睡袋', '折叠椅', '户外电源'];
    for (const kind of ['script', 'note'] as const) {
      for (const variant of [0, 1, 2, 3, 4]) {
        const context = { kind, topic: '露营装备', keywords: ['露营装备'], relatedWords, videos };
        const text = sandboxText(context, variant);
        const data = ['露营装备', ...relatedWords, ...videos.flatMap((video) => [video.title, ...video.comments])];
        expect(longestRepeatedClause(text, data), text).toBe('');
      }
    }
  });

  it('picks the candidates with high demand, few works, little competition and growth, quoting the shown figures', () => {
    const candidate = (word: string, searchIndex: number, competition: number, works: number, growth = 0) => ({
      word,
      searchIndex,
      competition,
      relatedWorkCount: works,
      growthRate: growth,
      figures: `搜索指数 ${word}档`,
    });
    const candidates = [
      candidate('红海词', 50_000, 4, 900_000),
      candidate('好词一', 40_000, 1, 2_000, 0.3),
      candidate('好词二', 30_000, 1, 3_000),
      candidate('冷门词', 20, 1, 5_000),
      candidate('好词三', 20_000, 2, 1_000),
      candidate('中等词', 8_000, 2, 40_000),
      candidate('一般词', 5_000, 3, 80_000),
    ];
    expect(candidateValue(candidates[1]!)).toBeGreaterThan(candidateValue(candidates[0]!));
    const context = {
      kind: 'picks' as const,
      topic: '为「露营」挑选的蓝海词',
      keywords: ['露营'],
      relatedWords: [],
      candidates,
    };
    const text = sandboxText(context);
    expect(text).toBe(sandboxText(context));
    const picks = pickedWords(
      text,
      candidates.map((item) => item.word),
    ).map((pick) => pick.word);
    expect(picks).toHaveLength(5);
    expect(picks.slice(0, 3).sort()).toEqual(['好词一', '好词三', '好词二']);
    expect(picks).not.toContain('红海词');
    expect(picks).not.toContain('冷门词');
    expect(text).toMatch(/^1\. 「好词一」：/m);
    expect(text).toContain(`「${picks[0]}」（搜索指数 ${picks[0]}档）`);
  });
});
