import { describe, expect, it } from 'vitest';
import { sandboxText } from '../../providers/llm/sandbox';
import { archiveWorks, archiveWorkText, cardPages, parseNote } from './image-text.rules';

describe('reading a note', () => {
  it('takes the heading as title, the numbered lines as points, and drops the sandbox label and citations', () => {
    const note = parseNote(
      '【沙箱示例输出：未调用大模型】\n\n# 露营装备怎么选\n\n开头一段。\n1. 先讲「帐篷」【参考视频1】。\n2、**睡袋**看温标\n\n#露营',
      '露营装备',
    );
    expect(note.title).toBe('露营装备怎么选');
    expect(note.points).toEqual(['先讲「帐篷」。', '睡袋看温标']);
    expect(note.body.startsWith('开头一段。')).toBe(true);
    expect(note.body).not.toContain('沙箱示例输出');
    expect(note.body).not.toContain('# 露营装备怎么选');
    // The body is published as it is: no Markdown marks.
    expect(note.body).not.toContain('**');
  });

  it("reads the sandbox's plain note: its first line is the title, its numbered lines the points", () => {
    const text = sandboxText({
      kind: 'note',
      topic: '露营装备图文笔记',
      keywords: ['露营装备'],
      relatedWords: ['露营帐篷', '天幕'],
      videos: [{ title: '新手露营清单', comments: ['帐篷选哪款？'] }],
    });
    const note = parseNote(text, '露营装备');
    expect(note.title).toBe(text.split('\n')[0]);
    expect(note.points).toHaveLength(3);
    expect(note.body).not.toContain(note.title);
  });

  it('reads a 标题： line, and falls back to the keyword without any text', () => {
    expect(parseNote('标题：周末去露营\n正文', 'k').title).toBe('周末去露营');
    expect(parseNote('', '露营装备').title).toBe('露营装备');
  });
});

describe('laying points out on cards', () => {
  it('spreads points evenly over the cards after the cover, at most three a card', () => {
    const note = { title: 't', body: '', points: ['a', 'b', 'c', 'd', 'e'] };
    expect(cardPages(note, 4)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(cardPages(note, 2)).toEqual([['a', 'b', 'c']]);
    expect(cardPages({ ...note, points: ['a'] }, 9)).toEqual([['a']]);
  });

  it('uses the body sentences when there are no points', () => {
    const pages = cardPages({ title: 't', body: '帐篷要选双层的。睡袋要看舒适温标！', points: [] }, 3);
    expect(pages).toEqual([['帐篷要选双层的。'], ['睡袋要看舒适温标！']]);
  });
});

describe('finding works in an archive', () => {
  it('makes one work per folder of pictures, in natural order, with its text file', () => {
    const works = archiveWorks([
      '作品10/1.jpg',
      '作品2/10.png',
      '作品2/2.png',
      '作品2/说明.txt',
      '作品2/notes.pdf',
      '__MACOSX/作品2/._2.png',
      '.DS_Store',
      '空文件夹/readme.txt',
    ]);
    expect(works).toEqual([
      { folder: '作品2', images: ['作品2/2.png', '作品2/10.png'], textFile: '作品2/说明.txt' },
      { folder: '作品10', images: ['作品10/1.jpg'], textFile: null },
    ]);
  });

  it('counts pictures at the root as one work and keeps at most 18 pictures a work', () => {
    const names = Array.from({ length: 20 }, (_, index) => `${index + 1}.jpg`);
    const [work] = archiveWorks(names);
    expect(work!.folder).toBe('');
    expect(work!.images).toHaveLength(18);
  });

  it('titles a work by its text file, else its folder, else the archive', () => {
    expect(archiveWorkText({ folder: 'a/露营' }, '标题：周末露营\n\n正文第一行', 'x.zip')).toEqual({
      title: '周末露营',
      body: '正文第一行',
    });
    expect(archiveWorkText({ folder: 'a/露营' }, null, 'x.zip').title).toBe('露营');
    expect(archiveWorkText({ folder: '' }, null, '我的图文.zip').title).toBe('我的图文');
  });
});
