import { describe, expect, it } from 'vitest';
import { pickedWords } from './keyword-picks';

const candidates = ['露营装备清单', '露营装备推荐', '露营'];

describe('pickedWords', () => {
  it('reads one pick a line with its reason, in the order of the text', () => {
    const text = '挑选结果如下：\n1. 「露营装备推荐」：需求高，作品少。\n2. 「露营装备清单」 —— 新手必搜。';
    expect(pickedWords(text, candidates)).toEqual([
      { word: '露营装备推荐', reason: '需求高，作品少。' },
      { word: '露营装备清单', reason: '新手必搜。' },
    ]);
  });

  it('ignores words that are not candidates and a word picked twice', () => {
    const text = '1. 「露营神器」：编的\n2. 「露营」：真的\n3. 「露营」：又一次';
    expect(pickedWords(text, candidates)).toEqual([{ word: '露营', reason: '真的' }]);
  });

  it('picks from an unfinished last line while the text streams', () => {
    expect(pickedWords('1. 「露营装备清单」：搜索', candidates)).toEqual([{ word: '露营装备清单', reason: '搜索' }]);
    expect(pickedWords('1. 「露营装备', candidates)).toEqual([]);
  });
});
