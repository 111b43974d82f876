import { createMemoryRateLimitStore } from '../../lib/rate-limit';
import type { PlatformDataProvider, PlatformVideoRecord } from '../../providers/platform-data';
import { sourcePace } from './collection.pace';

/** Test helpers of scheduled collection: a scripted source, a vendor's error, a pace that never waits. */

/** A source error as the adapters raise it: the vendor's words in the message, our reason beside. */
export function vendorError(reason: 'unauthorized' | 'rate_limited' | 'unavailable', message: string) {
  return Object.assign(new Error(message), { name: 'PlatformDataError', reason });
}

/**
 * A source that answers every known video with its likes raised by `likesGain` (and the rest as given), and
 * every creator with 50,000 followers; `fail` makes every call reject instead.
 */
export function scriptedSource(options: {
  videos: Record<string, { authorUserId: string; goodCount: number }>;
  likesGain?: number;
  fail?: Error;
  calls?: string[];
}): PlatformDataProvider {
  const fetchedAt = new Date('2026-11-29T04:31:00+08:00');
  const guard = async <T>(what: string, value: () => T): Promise<T> => {
    options.calls?.push(what);
    if (options.fail) throw options.fail;
    return value();
  };
  const video = (awemeId: string): PlatformVideoRecord | null => {
    const known = options.videos[awemeId];
    if (!known) return null;
    return {
      awemeId,
      authorUserId: known.authorUserId,
      desc: `新标题 ${awemeId}`,
      tags: ['美食'],
      cover: 'https://example.com/c.jpg',
      shareUrl: 'https://example.com/s',
      playUrl: null,
      createTime: new Date('2026-11-01T08:00:00Z'),
      durationMs: 15_000,
      goodCount: known.goodCount + (options.likesGain ?? 100),
      commentCount: 10,
      shareCount: 5,
      collectCount: 3,
      musicId: null,
      musicTitle: null,
      goods: null,
      status: 'normal',
      fetchedAt,
    };
  };
  return {
    name: 'scripted',
    isDemo: false,
    fetchVideo: (awemeId) => guard(`video:${awemeId}`, () => video(awemeId)),
    fetchCreator: (userId) =>
      guard(`creator:${userId}`, () => ({
        userId,
        uniqueId: `dy_${userId}`,
        nickName: '新名字',
        avatar: 'a',
        signature: 's',
        gender: 2 as const,
        province: '广东',
        city: '深圳',
        field: null,
        verified: false,
        verifyInfo: null,
        isCommerce: false,
        mcn: null,
        followerCount: 50_000,
        totalFavorited: 9_000,
        awemeCount: 9,
        videoCommentTotalCount: null,
        videoShareTotalCount: null,
        videoCollectTotalCount: null,
        salesAmountFen30d: null,
        liveCount: null,
        fetchedAt,
      })),
    fetchCreatorVideos: (userId) =>
      guard(`creator-videos:${userId}`, () => ({ items: [], nextCursor: null, total: 0 })),
    fetchComments: (awemeId) => guard(`comments:${awemeId}`, () => ({ items: [], nextCursor: null, total: 0 })),
    fetchTrend: (awemeId) => guard(`trend:${awemeId}`, () => []),
    searchVideos: (keyword) => guard(`search:${keyword}`, () => ({ items: [], nextCursor: null, total: 0 })),
  } as PlatformDataProvider;
}

/** A pace that counts in memory and never needs to wait (tests keep the rate high). */
export const testPace = () => sourcePace({ store: createMemoryRateLimitStore(), wait: async () => {} });
