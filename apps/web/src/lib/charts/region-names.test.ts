import { describe, expect, it } from 'vitest';
import { toMapRegionName } from './region-names';

describe('toMapRegionName', () => {
  it('cuts the province and city suffixes the map files leave off', () => {
    expect(toMapRegionName('广东省')).toBe('广东');
    expect(toMapRegionName('新疆维吾尔自治区')).toBe('新疆');
    expect(toMapRegionName('广西壮族自治区')).toBe('广西');
    expect(toMapRegionName('香港特别行政区')).toBe('香港');
    expect(toMapRegionName('深圳市')).toBe('深圳');
  });

  it('keeps short names whole rather than cutting them to one character', () => {
    expect(toMapRegionName('沙市')).toBe('沙市');
  });

  it('prefers the longest map name the data name starts with', () => {
    expect(toMapRegionName('延边朝鲜族自治州', ['延边', '吉林'])).toBe('延边');
    expect(toMapRegionName('兴安盟', ['兴安盟'])).toBe('兴安盟');
  });
});
