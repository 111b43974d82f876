import type { Database } from '@dso/server/db';
import { createCreator, createVideo } from '@dso/server/testing';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

export interface CreatorServer extends RunningServer {
  /** A FREE user's session token, for `signIn`. */
  freeToken: string;
  /** The featured creator's user id (works, follower history, audience, benchmark accounts). */
  featuredUserId: string;
}

/** The featured creator of the creator journeys. */
export const FEATURED_CREATOR = { userId: 'MS4wLjABAAAAchuanweiabao01', nickName: '川味阿宝' } as const;

const FIELDS = ['美食餐饮', '美妆护肤', '户外运动'] as const;
const PROVINCES = ['四川', '广东', '浙江', '北京'] as const;
const NAME_HEADS = ['小鹿', '阿杰', '大橙子', '米粒', '老周', '一颗柚子', '深夜', '山野'] as const;
const NAME_TAILS = ['的厨房', '爱化妆', '去露营', '日记', '探店', '好物分享'] as const;

/**
 * The real server with the built web app and a creator library made with the test factories (the demo
 * generator's e2e seeding has not landed yet): 48 creators over three fields, four provinces and every
 * size class, the featured creator with works, 30 days of followers and an audience, and a benchmark
 * account sharing its field, size and keywords. A FREE user has a session.
 */
export async function startCreatorServer(): Promise<CreatorServer> {
  const server = await startJourneyServer({ prepare: seedCreatorLibrary });
  return { url: server.url, ...server.prepared, close: server.close };
}

/** The creator library and a FREE user; returns the user's session token and the featured creator's id. */
async function seedCreatorLibrary(db: Database) {
  const asOf = new Date().toISOString().slice(0, 10);
  const dayBefore = (days: number) =>
    new Date(Date.parse(`${asOf}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i < 48; i++) {
    const followers = Math.round(10 ** (3 + (i % 12) * 0.35));
    await createCreator(db, {
      userId: `MS4wLjABAAAAlibrary${String(i).padStart(4, '0')}`,
      nickName: `${NAME_HEADS[i % NAME_HEADS.length]}${NAME_TAILS[i % NAME_TAILS.length]}${i}`,
      field: FIELDS[i % FIELDS.length],
      province: PROVINCES[i % PROVINCES.length],
      isCommerce: i % 3 !== 2,
      followers,
      followerGrowth30d: Math.round(followers * (((i * 7) % 11) - 3) * 0.01),
      totalFavorited: followers * (8 + (i % 5)),
      asOf,
    });
  }
  const keyword = { keyword: '家常川菜', monthCoverCount: 86_000, competition: 2, searchRank: 3 };
  const featured = await createCreator(db, {
    ...FEATURED_CREATOR,
    field: '美食餐饮',
    province: '四川',
    isCommerce: true,
    followers: 460_000,
    followerGrowth30d: 23_000,
    totalFavorited: 8_800_000,
    salesAmountFen: 12_800_000_00,
    asOf,
    followerHistory: Array.from({ length: 30 }, (_, i) => ({
      day: dayBefore(29 - i),
      followers: 437_000 + i * 780 + (i % 4) * 150,
    })),
    portrait: true,
  });
  const works = ['三分钟学会回锅肉，家常川菜第一课', '麻婆豆腐的灵魂是这一步', '夜宵必备：冷吃兔做法全公开'];
  for (const [index, desc] of works.entries()) {
    await createVideo(db, {
      creatorId: featured.id,
      desc,
      createTime: new Date(Date.now() - (index + 1) * 3 * 86_400_000),
      goodCount: 52_000 - index * 9_000,
      tags: ['川菜', '家常菜'],
      keywords: [keyword],
    });
  }
  const twin = await createCreator(db, {
    userId: 'MS4wLjABAAAAlaoguochuancai',
    nickName: '老郭的川菜馆',
    field: '美食餐饮',
    province: '重庆',
    isCommerce: true,
    followers: 380_000,
    followerGrowth30d: 9_000,
    asOf,
  });
  await createVideo(db, { creatorId: twin.id, desc: '老郭教你做水煮鱼', tags: ['川菜'], keywords: [keyword] });

  const { token: freeToken } = await journeyAccount(db, 'FREE');
  return { freeToken, featuredUserId: featured.userId };
}
