import type { MindMapWord } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { groupsOf, mergeWords } from './mind-map.rules';

const word = (text: string, relation: MindMapWord['relation'] = 'sug'): MindMapWord => ({
  word: text,
  relation,
  search_index: 100,
});

describe('mind map rules', () => {
  it('merges the library lists: each word once, its first relation, never the keyword, at most max', () => {
    const merged = mergeWords(
      '露营',
      [
        [word('露营'), word('露营灯')],
        [word('露营灯', 'correlation'), word('帐篷', 'correlation')],
        [word('营', 'root')],
      ],
      3,
    );
    expect(merged.map((item) => [item.word, item.relation])).toEqual([
      ['露营灯', 'sug'],
      ['帐篷', 'correlation'],
      ['营', 'root'],
    ]);
  });

  it('keeps the model grouping only for library words, each once, losing none', () => {
    const words = ['a', 'b', 'c', 'd'].map((text) => word(text));
    const groups = groupsOf(
      {
        groups: [
          { name: ' 选购推荐 ', words: ['a', 'x', 'b'] },
          { name: '空组', words: ['y'] },
          { name: '重复', words: ['a', 'c'] },
          { name: '', words: ['d'] },
        ],
      },
      words,
    );
    expect(groups.map((group) => [group.name, group.words.map((item) => item.word)])).toEqual([
      ['选购推荐', ['a', 'b']],
      ['重复', ['c']],
      ['其他相关', ['d']],
    ]);
  });

  it('folds groups past the maximum and cuts long names', () => {
    const words = ['a', 'b', 'c'].map((text) => word(text));
    const groups = groupsOf(
      {
        groups: [
          { name: '一二三四五六七八九十十一十二十三', words: ['a'] },
          { name: '乙', words: ['b'] },
          { name: '丙', words: ['c'] },
        ],
      },
      words,
      2,
    );
    expect(groups.map((group) => [group.name, group.words.map((item) => item.word)])).toEqual([
      ['一二三四五六七八九十十一', ['a']],
      ['其他相关', ['b', 'c']],
    ]);
  });
});
