import { platformSchema } from '@dso/contract';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../app/route-table';
import { keywordLibraries } from '../features/keywords/keyword-libraries';
import {
  detailTabs,
  keywordDetailPath,
  keywordSharePath,
  platformOfDetailPath,
  tsoTopicDetailPath,
} from './keyword-addresses';
import { platforms } from './platforms';

/** The route-table entry (not the coming page) an address resolves to, or null. */
function routeOf(address: string) {
  const pathname = new URL(address, 'http://dso.test').pathname;
  return routeTable.find((route) => matchPath({ path: route.path, end: true }, pathname)) ?? null;
}

describe('the platform table and the keyword addresses', () => {
  it('has one entry for each platform of the contract, in the spec’s order', () => {
    expect(platforms.map((platform) => platform.key)).toEqual(platformSchema.options);
    expect(platforms.map((platform) => `${platform.key}:${platform.coverage}`)).toEqual([
      'DSO:30亿',
      'RSO:6亿',
      'WSO:10亿',
      'BSO:2亿',
      'KSO:7亿',
      'TSO:30亿',
    ]);
  });

  it('builds detail links that resolve to a detail route of the route table, for every platform and tab', () => {
    for (const { key } of platforms) {
      for (const tab of detailTabs) {
        const address = keywordDetailPath({ platform: key, keyword: '口红 a&b', country: 'GB' }, tab);
        const route = routeOf(address);
        expect(route, address).not.toBeNull();
        expect(route?.breadcrumb, address).toBe(true);
        expect(platformOfDetailPath(new URL(address, 'http://dso.test').pathname)).toBe(key);
        expect(new URL(address, 'http://dso.test').searchParams.get('keyword')).toBe('口红 a&b');
      }
    }
  });

  it('opens the overview without a tab segment and carries the country on TSO only', () => {
    expect(keywordDetailPath({ platform: 'DSO', keyword: '口红' })).toBe(
      `/keyWordDetail?keyword=${encodeURIComponent('口红')}`,
    );
    expect(keywordDetailPath({ platform: 'RSO', keyword: 'a', country: 'GB' }, 'audience')).toBe(
      '/RsoKeyWordDetail/audience?keyword=a',
    );
    expect(keywordDetailPath({ platform: 'TSO', keyword: 'skincare', country: 'GB' })).toBe(
      '/TsoKeyWordDetail?keyword=skincare&country=GB',
    );
  });

  it('names a TikTok topic in keyword, with its kind and country and no tab segment', () => {
    expect(tsoTopicDetailPath({ topic: 'campinghacks', kind: 'creativeIdeaTopics', country: 'GB' })).toBe(
      '/TsoKeyWordTopicDetail?keyword=campinghacks&kind=creativeIdeaTopics&country=GB',
    );
  });

  it('builds share, topic and library links that resolve to routes of the route table', () => {
    const addresses = [
      keywordSharePath({ platform: 'TSO', keyword: 'skincare', country: 'US' }),
      tsoTopicDetailPath({ topic: 'fyp', kind: 'ecoTopic', country: 'US' }),
      ...keywordLibraries.flatMap((library) => library.tabs.map((tab) => `${library.root}/${tab}`)),
    ];
    for (const address of addresses) expect(routeOf(address), address).not.toBeNull();
  });
});
