import type { PlatformCreatorRecord, PlatformVideoRecord } from './index';

/*
 * Test builders of what a platform data source answers: a record with plausible figures and the fields
 * no source fills left null, so a scripted source names only the figures its test is about.
 */

/** A creator as a source answers it. */
export function platformCreatorRecord(
  userId: string,
  overrides: Partial<PlatformCreatorRecord> = {},
): PlatformCreatorRecord {
  return {
    userId,
    uniqueId: `dy_${userId}`,
    nickName: '新名字',
    avatar: 'a',
    signature: 's',
    gender: 2,
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
    fetchedAt: new Date('2026-11-22T20:00:00Z'),
    ...overrides,
  };
}

/** A video as a source answers it, published 2026-11-01 08:00 UTC. */
export function platformVideoRecord(
  awemeId: string,
  authorUserId: string,
  overrides: Partial<PlatformVideoRecord> = {},
): PlatformVideoRecord {
  return {
    awemeId,
    authorUserId,
    desc: `新标题 ${awemeId}`,
    tags: ['美食'],
    cover: 'https://example.com/c.jpg',
    shareUrl: 'https://example.com/s',
    playUrl: null,
    createTime: new Date('2026-11-01T08:00:00Z'),
    durationMs: 15_000,
    goodCount: 12_000,
    commentCount: 10,
    shareCount: 5,
    collectCount: 3,
    musicId: null,
    musicTitle: null,
    goods: null,
    status: 'normal',
    fetchedAt: new Date('2026-11-22T20:00:00Z'),
    ...overrides,
  };
}
