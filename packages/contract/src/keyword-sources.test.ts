import { describe, expect, it } from 'vitest';
import { keywordSourceLabel, keywordSourceLabels } from './keyword-details';

describe('keywordSourceLabel', () => {
  it("names TikHub's board by the library's platform, so a 小红书 word never reads as a Douyin board's", () => {
    expect(keywordSourceLabel('tikhub', 'DSO')).toBe('TikHub 抖音热榜');
    expect(keywordSourceLabel('tikhub', 'RSO')).toBe('TikHub 小红书热榜');
    expect(keywordSourceLabel('tikhub', 'KSO')).toBe('TikHub 快手热榜');
    expect(keywordSourceLabel('tikhub', 'BSO')).toBe('TikHub B站热榜');
    expect(keywordSourceLabel('tikhub', 'WSO')).toBe('TikHub 热榜');
  });

  it('names the other sources the same in every library', () => {
    for (const source of ['demo', 'import', 'douyin', 'sandbox'] as const) {
      expect(keywordSourceLabel(source, 'RSO')).toBe(keywordSourceLabels[source]);
    }
  });
});
