import { describe, expect, it } from 'vitest';
import { plainCopy } from './plain-copy';

describe('plainCopy', () => {
  it('takes Markdown marks and the old sandbox label out of a text and keeps its words, numbers and topic tags', () => {
    const text = [
      '【沙箱示例输出：未调用大模型，内容由本站关键词数据按模板拼写】',
      '',
      '# 露营装备怎么选',
      '',
      '## 要点',
      '- **帐篷**要防雨',
      '* 睡袋看__温标__',
      '> 一句引用',
      '---',
      '1. 先买 `天幕`',
      '',
      '',
      '',
      '#露营 #露营装备',
    ].join('\n');
    expect(plainCopy(text)).toBe(
      [
        '露营装备怎么选',
        '',
        '要点',
        '· 帐篷要防雨',
        '· 睡袋看温标',
        '一句引用',
        '1. 先买 天幕',
        '',
        '#露营 #露营装备',
      ].join('\n'),
    );
  });

  it('leaves plain text as it is', () => {
    const text = '1. 露营怎么选？看完这条少走弯路\n2. 新手做露营，最容易踩的3个坑';
    expect(plainCopy(text)).toBe(text);
  });
});
