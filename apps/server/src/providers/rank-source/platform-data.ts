import type { PlatformDataError, PlatformDataProvider } from '../platform-data/index';
import { type RankedEntry, type RankQuery, type RankSource, RankSourceError } from './index';

/**
 * The real rank source: a keyword's ranking is its search results as the platform data provider reads
 * them (TikHub's Douyin video search, docs/videos.md), page after page in the source's order until the
 * depth is reached or the results end. A work that shows twice (search pages overlap now and then) keeps
 * its first place. The provider's refusals become {@link RankSourceError}s with the same reason.
 */
export function createPlatformDataRankSource(options: {
  platformData: PlatformDataProvider;
  /** The most pages read for one ranking (a guard against a source that never ends). */
  maxPages?: number;
}): RankSource {
  const { platformData } = options;
  return {
    name: `platform-data:${platformData.name}`,
    isDemo: platformData.isDemo,
    async fetchRanking(query: RankQuery): Promise<RankedEntry[]> {
      const maxPages = options.maxPages ?? Math.ceil(query.depth / 5) + 2;
      const seen = new Set<string>();
      const entries: RankedEntry[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < maxPages && entries.length < query.depth; page++) {
        let result: Awaited<ReturnType<PlatformDataProvider['searchVideos']>>;
        try {
          result = await platformData.searchVideos(query.keyword, cursor);
        } catch (error) {
          const reason = (error as Partial<PlatformDataError>).reason;
          if (reason === 'unauthorized' || reason === 'rate_limited' || reason === 'unavailable') {
            throw new RankSourceError(reason, (error as Error).message, (error as PlatformDataError).detail);
          }
          throw error;
        }
        for (const video of result.items) {
          if (seen.has(video.awemeId) || entries.length >= query.depth) continue;
          seen.add(video.awemeId);
          entries.push({
            awemeId: video.awemeId,
            title: video.desc,
            author: '',
            cover: video.cover,
            goodCount: video.goodCount,
          });
        }
        if (!result.nextCursor || result.items.length === 0) break;
        cursor = result.nextCursor;
      }
      return entries;
    },
  };
}
