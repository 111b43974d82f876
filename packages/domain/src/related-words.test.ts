import { describe, expect, it } from 'vitest';
import { growthTrend, relationLevel, relationStrength } from './related-words';

describe('relationStrength', () => {
  const strength = (keyword: string, related: string, sameIndustry = true, keywordIndex = 100_000, relatedIndex = 0) =>
    relationStrength({ keyword, related, sameIndustry, keywordIndex, relatedIndex });

  it('is strongest for words built on the keyword and weakest for strangers', () => {
    const built = strength('露营', '露营装备');
    const sibling = strength('露营装备', '露营帐篷推荐');
    const industryOnly = strength('露营装备', '登山鞋');
    const stranger = strength('露营装备', '可乐鸡翅', false);
    expect(built).toBe(48);
    expect(built).toBeGreaterThan(sibling);
    expect(sibling).toBeGreaterThan(industryOnly);
    expect(industryOnly).toBe(20);
    expect(stranger).toBe(0);
    expect(strength('露营', '露营', true, 100, 100)).toBe(100);
  });

  it('rates a related word searched more often as more strongly tied', () => {
    const common = strength('探店', '探店文案', true, 9_190_000, 3_610_000);
    const rare = strength('探店', '探店脚本', true, 9_190_000, 1_290_000);
    expect(common).toBe(63);
    expect(rare).toBe(57);
    // Never above the keyword's own searches, and nothing to compare without the keyword's index.
    expect(strength('露营', '露营装备', true, 100, 1_000)).toBe(73);
    expect(strength('露营', '露营装备', true, null as never, 1_000)).toBe(48);
  });

  it('ignores case and spaces', () => {
    expect(strength('Camping Tent', 'campingtent', false)).toBe(55);
  });
});

describe('relationLevel', () => {
  it('reads 强 from 60, 中 from 30, else 弱', () => {
    expect([100, 60, 59, 30, 29, 0].map(relationLevel)).toEqual(['强', '强', '中', '中', '弱', '弱']);
  });
});

describe('growthTrend', () => {
  it('reads a word’s own growth as rising, falling or flat within ±1 %', () => {
    expect(growthTrend(0.125)).toBe('rising');
    expect(growthTrend(-0.08)).toBe('falling');
    expect(growthTrend(0.004)).toBe('flat');
    expect(growthTrend(-0.0099)).toBe('flat');
    expect(growthTrend(0.01)).toBe('rising');
  });

  it('reads a band by its edge nearest zero, and nothing as unknown', () => {
    expect(growthTrend('5%-10%')).toBe('rising');
    expect(growthTrend('-5%-10%')).toBe('falling');
    expect(growthTrend('0%-5%')).toBe('flat');
    expect(growthTrend(null)).toBe('unknown');
    expect(growthTrend('--')).toBe('unknown');
  });
});
