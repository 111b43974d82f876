import { describe, expect, it } from 'vitest';
import { growthTrend, relationLevel, relationStrength } from './related-words';

describe('relationStrength', () => {
  it('is strongest for words built on the keyword and weakest for strangers', () => {
    const built = relationStrength('露营', '露营装备', true);
    const sibling = relationStrength('露营装备', '露营帐篷推荐', true);
    const industryOnly = relationStrength('露营装备', '登山鞋', true);
    const stranger = relationStrength('露营装备', '可乐鸡翅', false);
    expect(built).toBe(60);
    expect(built).toBeGreaterThan(sibling);
    expect(sibling).toBeGreaterThan(industryOnly);
    expect(industryOnly).toBe(20);
    expect(stranger).toBe(0);
    expect(relationStrength('露营', '露营', true)).toBe(100);
  });

  it('ignores case and spaces', () => {
    expect(relationStrength('Camping Tent', 'campingtent', false)).toBe(80);
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
