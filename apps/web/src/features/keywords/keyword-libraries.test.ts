import { describe, expect, it } from 'vitest';
import { libraryForPath, libraryOf, platformTabsFor, popularTypeFor, resolveTab } from './keyword-libraries';

describe('the keyword libraries', () => {
  it('gives each library the tabs of its menu', () => {
    expect(libraryOf('DSO').tabs).toEqual(['searchWord', 'commerce', 'industryWord', 'sugWord', 'correlationWord']);
    expect(libraryOf('RSO').tabs).toEqual(['searchWord', 'correlationWord', 'industryWord', 'sugWord']);
    expect(libraryOf('WSO').tabs).toEqual(['searchWord', 'correlationWord', 'industryWord', 'sugWord']);
    expect(libraryOf('BSO').tabs).toEqual(['searchWord', 'correlationWord', 'sugWord']);
    expect(libraryOf('KSO').tabs).toEqual(['searchWord', 'correlationWord', 'industryWord', 'sugWord']);
    expect(libraryOf('TSO').tabs).toEqual(['searchWord', 'correlationWord', 'sugWord']);
  });

  it('finds the library of a path and resolves its tab', () => {
    expect(libraryForPath('/KeywordXhs/sugWord').key).toBe('RSO');
    expect(libraryForPath('/KeywordTSO').key).toBe('TSO');
    expect(resolveTab(libraryOf('BSO'), undefined)).toBe('searchWord');
    expect(resolveTab(libraryOf('BSO'), 'industryWord')).toBeNull();
  });

  it('shows TikTok among the platform tabs on the overseas page only', () => {
    expect(platformTabsFor('DSO').map((lib) => lib.key)).toEqual(['DSO', 'RSO', 'WSO', 'BSO', 'KSO']);
    expect(platformTabsFor('TSO').map((lib) => lib.key)).toEqual(['DSO', 'RSO', 'WSO', 'BSO', 'KSO', 'TSO']);
  });

  it('maps tabs to the popular types with the rso_ and wso_ variants', () => {
    expect(popularTypeFor(libraryOf('DSO'), 'sugWord')).toBe('down');
    expect(popularTypeFor(libraryOf('RSO'), 'correlationWord')).toBe('rso_relation');
    expect(popularTypeFor(libraryOf('WSO'), 'industryWord')).toBe('wso_industry');
    expect(popularTypeFor(libraryOf('TSO'), 'searchWord')).toBeNull();
  });
});
