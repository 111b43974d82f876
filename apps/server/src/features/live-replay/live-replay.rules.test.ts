import { describe, expect, it } from 'vitest';
import { blockCount, blocksOf, isMediaHead, lowOf, mentionKeys, mentionsOf, peaksOf } from './live-replay.rules';

const piece = (minute: number, text: string) => ({ start: minute * 60, end: minute * 60 + 60, text });

describe('live replay rules', () => {
  it('cuts a timeline into one stretch per 10 minutes, 3 to 12, never more than the pieces', () => {
    expect(blockCount(3600, 60)).toBe(6);
    expect(blockCount(600, 10)).toBe(3);
    expect(blockCount(6 * 3600, 360)).toBe(12);
    expect(blockCount(600, 2)).toBe(2);
    const blocks = blocksOf(
      Array.from({ length: 30 }, (_, minute) => piece(minute, `第${minute}分钟。`)),
      3,
    );
    expect(blocks.map((block) => [block.index, block.start, block.end])).toEqual([
      [0, 0, 600],
      [1, 600, 1200],
      [2, 1200, 1800],
    ]);
    expect(blocks[1]!.text.startsWith('第10分钟。')).toBe(true);
  });

  it('counts the pieces naming each good, by its title or a part no other good shares', () => {
    const goods = [
      { title: '【官方正品】露营折叠椅 便携款', price_fen: 9_990, sales: 3 },
      { title: '露营天幕 便携款', price_fen: 19_990, sales: 1 },
    ];
    expect(mentionKeys(goods[0]!, goods)).toEqual(['【官方正品】露营折叠椅 便携款', '官方正品', '露营折叠椅']);
    const mentions = mentionsOf(goods, [
      piece(0, '看看这把露营折叠椅。'),
      piece(3, '便携款都在链接里。'),
      piece(5, '露营天幕也有。'),
    ]);
    expect(mentions.map((mention) => [mention.count, mention.moments])).toEqual([
      [1, [0]],
      [1, [300]],
    ]);
  });

  it('finds the biggest rises of the curve, 10 minutes apart, with what was said', () => {
    const curve = Array.from({ length: 60 }, (_, minute) => ({
      minute,
      online: minute === 30 || minute === 31 ? 800 : minute === 45 ? 500 : 300,
    }));
    const segments = Array.from({ length: 60 }, (_, minute) => piece(minute, minute === 30 ? '福利来了！' : '。'));
    const peaks = peaksOf(curve, segments);
    expect(peaks.map((peak) => [peak.minute, peak.online, peak.rise])).toEqual([
      [30, 800, 500],
      [45, 500, 200],
    ]);
    expect(peaks[0]!.said).toContain('福利来了！');
    expect(peaksOf([{ minute: 0, online: 10 }], [])).toEqual([]);
    expect(
      peaksOf(
        curve.map((entry) => ({ ...entry, online: 300 })),
        segments,
      ),
    ).toEqual([]);
  });

  it('finds where the audience fell away most, not the build-up or the close', () => {
    const curve = Array.from({ length: 60 }, (_, minute) => ({
      minute,
      online: minute < 10 ? minute * 30 : minute === 40 ? 120 : minute > 56 ? 5 : 300,
    }));
    expect(lowOf(curve)).toEqual({ minute: 40, online: 120 });
    // A fall of less than a tenth is no moment to act on.
    expect(
      lowOf(curve.map((entry) => ({ ...entry, online: entry.minute === 40 ? 290 : Math.max(entry.online, 300) }))),
    ).toBeNull();
    expect(lowOf(curve.slice(0, 5))).toBeNull();
  });

  it('tells audio and video from other files by their first bytes', () => {
    const head = (text: string, at = 0) => {
      const bytes = Buffer.alloc(16);
      bytes.write(text, at, 'latin1');
      return bytes;
    };
    expect(isMediaHead(head('ftypisom', 4))).toBe(true);
    expect(isMediaHead(head('ID3'))).toBe(true);
    expect(isMediaHead(head('OggS'))).toBe(true);
    expect(isMediaHead(Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVE'), Buffer.alloc(4)]))).toBe(true);
    expect(isMediaHead(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, ...Buffer.alloc(12)]))).toBe(true);
    expect(isMediaHead(Buffer.from([0xff, 0xfb, ...Buffer.alloc(14)]))).toBe(true);
    expect(isMediaHead(head('PK\u0003\u0004'))).toBe(false);
    expect(isMediaHead(head('hello world, hi'))).toBe(false);
    expect(isMediaHead(head('ID3').subarray(0, 4))).toBe(false);
  });
});
