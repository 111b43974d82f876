import { describe, expect, it } from 'vitest';
import { createSandboxLlm } from './sandbox';
import { sandboxLiveReplay, sandboxWordGroups } from './sandbox-tasks';
import type { LlmLiveReplayTask } from './tasks';

describe('the sandbox grouping of words', () => {
  const words = [
    '露营',
    '装备',
    '露营装备推荐',
    '露营装备清单',
    '露营装备攻略',
    '露营装备儿童',
    '露营装备大全',
    '帐篷',
  ];

  it('groups by what each word adds to the keyword, placing every word once', () => {
    const { groups } = sandboxWordGroups({ keyword: '露营装备', words, groupsMax: 6 });
    const of = (name: string) => groups.find((group) => group.name === name)?.words;
    expect(of('核心词根')).toEqual(['露营', '装备']);
    expect(of('选购推荐')).toEqual(['露营装备推荐', '露营装备清单']);
    expect(of('教程攻略')).toEqual(['露营装备攻略', '露营装备大全']);
    expect(of('场景人群')).toEqual(['露营装备儿童']);
    expect(of('相关品类')).toEqual(['帐篷']);
    expect(groups.flatMap((group) => group.words).sort()).toEqual([...words].sort());
  });

  it('folds the smallest groups into 其他相关 past the maximum', () => {
    const { groups } = sandboxWordGroups({ keyword: '露营装备', words, groupsMax: 3 });
    expect(groups).toHaveLength(3);
    expect(groups.at(-1)!.name).toBe('其他相关');
    expect(groups.flatMap((group) => group.words)).toHaveLength(words.length);
  });

  it('answers the grouping as JSON through the sandbox model', async () => {
    const llm = createSandboxLlm({ pieceDelayMs: 0 });
    let answer = '';
    const task = { keyword: '露营装备', words, groupsMax: 6 };
    for await (const piece of llm.streamChat({
      messages: [],
      context: { topic: 't', keywords: [], relatedWords: [], kind: 'word-groups', wordGroups: task },
    }))
      answer += piece;
    expect(JSON.parse(answer)).toEqual(sandboxWordGroups(task));
  });
});

describe('the sandbox live review', () => {
  const task: LlmLiveReplayTask = {
    title: '露营好物专场',
    durationSeconds: 3600,
    blocks: [
      { index: 0, start: 0, end: 600, text: '欢迎来到直播间。今天有三款好物。', goods: [], online: 200 },
      { index: 1, start: 600, end: 1200, text: '接下来上露营折叠椅。到手价99元。', goods: ['露营折叠椅'], online: 500 },
      { index: 2, start: 1200, end: 3600, text: '今天的直播就到这里了。', goods: [], online: 300 },
    ],
    goods: [
      { title: '露营折叠椅', mentions: 6, salesRank: 1 },
      { title: '户外天幕', mentions: 1, salesRank: 2 },
      { title: '营地灯', mentions: 0, salesRank: 3 },
    ],
    peaks: [{ minute: 30, online: 900, rise: 600, said: '欢迎刚进直播间的宝宝们' }],
    low: { minute: 45, online: 150 },
  };

  it('sums up, names each stretch and judges from the facts', () => {
    const answer = sandboxLiveReplay(task);
    expect(answer.overview).toBe(
      '「露营好物专场」共60分钟，讲解了2/3款商品，「露营折叠椅」提到最多（6次），在线峰值出现在第30分钟（900人）',
    );
    expect(answer.segments.map((segment) => segment.title)).toEqual(['开场预热', '讲解「露营折叠椅」', '收尾返场']);
    expect(answer.segments[1]!.summary).toBe('接下来上露营折叠椅，平均在线500人');
    expect(answer.keep.join()).toContain('第30分钟在线涨到900人（+600）');
    expect(answer.keep.join()).toContain('「露营折叠椅」讲解6次，是本场卖得最好的商品');
    expect(answer.change).toEqual(
      expect.arrayContaining([
        '「营地灯」整场没有讲到，建议安排一段完整讲解或下架',
        '「户外天幕」只提到1次，建议补充试用演示和价格对比',
        '第45分钟在线降到150人，可在此前插入福利或抽奖留住观众',
      ]),
    );
  });

  it('points out a product talked about most that did not sell most', () => {
    const goods = task.goods.map((good) => ({
      ...good,
      salesRank: good.title === '露营折叠椅' ? 2 : good.title === '户外天幕' ? 1 : 3,
    }));
    expect(sandboxLiveReplay({ ...task, goods }).change).toContain(
      '「露营折叠椅」讲了6次，销量却排第2；可以压缩它的讲解，把时间留给卖得最好的「户外天幕」',
    );
  });
});
