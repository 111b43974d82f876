import { describe, expect, it } from 'vitest';
import { inAgeOrder, inCityLevelOrder } from './portrait';

const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('inAgeOrder', () => {
  it('puts the age buckets youngest first, whatever their shares', () => {
    const shares = [
      { name: '24-30', value: 0.38 },
      { name: '18-23', value: 0.34 },
      { name: '31-40', value: 0.18 },
      { name: '50+', value: 0.03 },
      { name: '41-50', value: 0.07 },
    ];
    expect(names(inAgeOrder(shares))).toEqual(['18-23', '24-30', '31-40', '41-50', '50+']);
  });

  it('puts an under-18 bucket first and a bucket without an age last', () => {
    const shares = [{ name: '未知' }, { name: '60岁以上' }, { name: '18-24' }, { name: '18岁以下' }, { name: '<18' }];
    expect(names(inAgeOrder(shares))).toEqual(['18岁以下', '<18', '18-24', '60岁以上', '未知']);
  });
});

describe('inCityLevelOrder', () => {
  it('puts the city levels from 一线 down, whatever their shares', () => {
    const shares = [
      { name: '三线' },
      { name: '新一线' },
      { name: '五线及以下' },
      { name: '一线' },
      { name: '二线城市' },
    ];
    expect(names(inCityLevelOrder(shares))).toEqual(['一线', '新一线', '二线城市', '三线', '五线及以下']);
  });
});
