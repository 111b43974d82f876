import { CreatorPath } from '@dso/contract';
import { creatorSizeRanges, sizeClassCodes } from '@dso/domain';
import { describe, expect, it } from 'vitest';
import { createCreator } from '../../testing';
import { useTestApp } from '../../testing/route-suite';

/*
 * The creator library's size class filter is also expressed as the class rank the class sort indexes
 * are keyed on (db/schema/videos.ts `creatorSizeClassRank`); it must agree with the domain's ranges at
 * every edge, or a creator on an edge would vanish from its class.
 */
describe('the creator library by size class', () => {
  const t = useTestApp();

  const field = '测试领域量级边界';
  const edges = [9_999, 10_000, 100_000, 100_001, 1_000_000, 1_000_001, 5_000_000, 5_000_001];

  it('keeps every creator on a class edge in its class, under each sort', async () => {
    for (const [i, followers] of edges.entries()) {
      // Favorites and growth fall as followers rise, so each sort's order is the reverse of followers'.
      await createCreator(t.database.db, {
        nickName: `边界${followers}`,
        field,
        followers,
        totalFavorited: 1_000 - i,
        followerGrowth30d: 1_000 - i,
      });
    }
    for (const sort of ['total_follower_count', 'total_favorited', 'follower_growth_30d']) {
      for (const code of sizeClassCodes) {
        const range = creatorSizeRanges[code];
        const inClass = edges.filter((value) => value >= range.min && (range.max === null || value <= range.max));
        const expected = (sort === 'total_follower_count' ? [...inClass].reverse() : inClass).map(
          (value) => `边界${value}`,
        );
        const answer = await (
          await t.request({
            method: 'GET',
            url: `${CreatorPath.list}?field=${encodeURIComponent(field)}&size_class=${code}&sort=${sort}`,
          })
        ).json();
        expect(
          answer.data.result.map((row: { nick_name: string }) => row.nick_name),
          `${code} by ${sort}`,
        ).toEqual(expected);
      }
    }
  });
});
