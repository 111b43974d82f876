import { describe, expect, it } from 'vitest';
import { hotWords } from './hot-words';

describe('hotWords', () => {
  it('segments comments with jieba, leaves out stop words and single characters, most frequent first', () => {
    const words = hotWords(['这个帐篷真的很好用', '帐篷在哪买', '天幕和帐篷都买了', '天幕好看', '的的的']);
    expect(words[0]).toEqual({ name: '帐篷', count: 3 });
    expect(words[1]).toEqual({ name: '天幕', count: 2 });
    const names = words.map((word) => word.name);
    for (const stop of ['这个', '真的', '的', '很']) expect(names).not.toContain(stop);
    expect(names.every((name) => [...name].length >= 2)).toBe(true);
  });

  it('leaves out a reply’s 回复 @name： and the fillers of how comments are phrased', () => {
    const words = hotWords(['回复 @喝奶茶的小王：帐篷有点贵', '要是早点看到这条视频就好了，帐篷买贵了']);
    expect(words[0]).toEqual({ name: '帐篷', count: 2 });
    const names = words.map((word) => word.name);
    for (const left of ['回复', '喝奶茶', '小王', '有点', '早点', '看到', '这条', '视频'])
      expect(names).not.toContain(left);
  });

  it('counts a word once per comment and keeps the top 10', () => {
    expect(hotWords(['口红口红口红'])).toEqual([{ name: '口红', count: 1 }]);
    const many = Array.from({ length: 30 }, (_, i) => `词语${String.fromCharCode(0x4e00 + i * 3)}好物`);
    expect(hotWords(many, 10, (text) => [text.slice(0, 3), '好物'])).toHaveLength(10);
    expect(hotWords(many, 10, (text) => [text.slice(0, 3), '好物'])[0]).toEqual({ name: '好物', count: 30 });
  });

  it('breaks ties by first appearance and answers nothing for no comments', () => {
    expect(hotWords(['苹果香蕉', '香蕉苹果'], 10, (text) => [text.slice(0, 2), text.slice(2)])).toEqual([
      { name: '苹果', count: 2 },
      { name: '香蕉', count: 2 },
    ]);
    expect(hotWords([])).toEqual([]);
  });
});
