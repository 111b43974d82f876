import type { MindMap, MindMapWord } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { leafCount, markdownOf, treeOf, wordsOnMap } from './mind-map-tree';

const word = (text: string, relation: MindMapWord['relation'] = 'sug', index: number | string = 1200): MindMapWord => ({
  word: text,
  relation,
  search_index: index,
});
const map: MindMap = {
  keyword: '露营装备',
  sandbox: true,
  groups: [
    { name: '选购推荐', words: [word('露营装备推荐'), word('露营装备清单', 'sug', '1w-5w')] },
    { name: '核心词根', words: [word('露营', 'root', 52000)] },
  ],
};
const children = new Map([['露营装备推荐', [word('露营装备推荐平价', 'sug', 300), word('天幕', 'correlation', 800)]]]);

describe('the mind map tree', () => {
  it('draws keyword → groups → words, open words with their children', () => {
    const closed = treeOf(map, { children, open: new Set() });
    expect(closed.name).toBe('露营装备');
    expect(closed.children!.map((group) => group.name)).toEqual(['选购推荐', '核心词根']);
    const tip = closed.children![0]!.children![0]!;
    expect(tip).toMatchObject({ name: '露营装备推荐', kind: 'word', collapsed: true });
    expect(tip.children!.map((child) => child.name)).toEqual(['露营装备推荐平价', '天幕']);
    expect(leafCount(closed)).toBe(3);
    const open = treeOf(map, { children, open: new Set(['露营装备推荐']) });
    expect(open.children![0]!.children![0]!.collapsed).toBe(false);
    expect(leafCount(open)).toBe(4);
  });

  it('knows every word on the map, so children never repeat one', () => {
    expect([...wordsOnMap(map, { children, open: new Set() })].sort()).toEqual(
      ['露营装备', '露营装备推荐', '露营装备清单', '露营', '露营装备推荐平价', '天幕'].sort(),
    );
  });

  it('writes Markdown with groups as headings and open words’ children indented', () => {
    expect(markdownOf(map, { children, open: new Set(['露营装备推荐']) })).toBe(
      [
        '# 露营装备',
        '',
        '## 选购推荐',
        '',
        '- 露营装备推荐（下拉词，搜索指数 1200）',
        '  - 露营装备推荐平价（下拉词，搜索指数 300）',
        '  - 天幕（相关词，搜索指数 800）',
        '- 露营装备清单（下拉词，搜索指数 1w-5w）',
        '',
        '## 核心词根',
        '',
        '- 露营（词根，搜索指数 5.2w）',
        '',
      ].join('\n'),
    );
    expect(markdownOf(map, { children, open: new Set() })).not.toContain('天幕');
  });
});
