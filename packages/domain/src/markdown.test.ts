import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, tables and rules', () => {
    const blocks = parseMarkdown(
      [
        '# 隐私政策',
        '',
        '第一行',
        '接着第一行',
        '',
        '- 甲',
        '- **乙**',
        '1. 一',
        '2. 二',
        '',
        '| 信息 | 用途 |',
        '| --- | --- |',
        '| 手机号 | 登录 |',
        '| 微信 | 扫码 |',
        '---',
        '## 联系',
      ].join('\n'),
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, content: [{ kind: 'text', text: '隐私政策' }] },
      { kind: 'paragraph', content: [{ kind: 'text', text: '第一行接着第一行' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: '甲' }], [{ kind: 'strong', text: '乙' }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: '一' }], [{ kind: 'text', text: '二' }]] },
      {
        kind: 'table',
        header: [[{ kind: 'text', text: '信息' }], [{ kind: 'text', text: '用途' }]],
        rows: [
          [[{ kind: 'text', text: '手机号' }], [{ kind: 'text', text: '登录' }]],
          [[{ kind: 'text', text: '微信' }], [{ kind: 'text', text: '扫码' }]],
        ],
      },
      { kind: 'rule' },
      { kind: 'heading', level: 2, content: [{ kind: 'text', text: '联系' }] },
    ]);
  });

  it('keeps links to the site and to http(s) only, and never passes markup through', () => {
    expect(parseInline('见[《隐私政策》](/legal/privacy-policy)与[官网](https://example.com)')).toEqual([
      { kind: 'text', text: '见' },
      { kind: 'link', text: '《隐私政策》', href: '/legal/privacy-policy' },
      { kind: 'text', text: '与' },
      { kind: 'link', text: '官网', href: 'https://example.com' },
    ]);
    expect(parseInline('[点我](javascript:void)')).toEqual([{ kind: 'text', text: '点我' }]);
    expect(parseInline('[外站](//evil.example)')).toEqual([{ kind: 'text', text: '外站' }]);
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', content: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});
