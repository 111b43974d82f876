import { describe, expect, it } from 'vitest';
import { platforms } from '../../lib/platforms';
import { homeSearchTarget } from './platforms';

const byKey = (key: string) => {
  const platform = platforms.find((candidate) => candidate.key === key);
  if (!platform) throw new Error(key);
  return platform;
};

describe('the home search target', () => {
  it('goes to the chosen platform’s search words page with the keyword', () => {
    expect(homeSearchTarget({ platform: byKey('RSO'), keyword: '露营 装备', aiPick: false })).toBe(
      '/KeywordXhs/searchWord?keyword=%E9%9C%B2%E8%90%A5%20%E8%A3%85%E5%A4%87',
    );
    expect(homeSearchTarget({ platform: byKey('DSO'), keyword: 'a&b', aiPick: false })).toBe(
      '/KeywordDouyin/searchWord?keyword=a%26b',
    );
  });

  it('goes to AI keyword selection when the AI toggle is on', () => {
    expect(homeSearchTarget({ platform: byKey('BSO'), keyword: '咖啡', aiPick: true })).toBe(
      `/keyWordSeo?keyword=${encodeURIComponent('咖啡')}`,
    );
  });
});
