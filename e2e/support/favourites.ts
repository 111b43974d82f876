import type { Database } from '@dso/server/db';
import { createCreator, createVideo } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

export interface FavouritesServer extends RunningServer {
  /** A FREE user's session token, for `signIn`. */
  freeToken: string;
}

/** What the favourites journey collects: a DSO keyword, a creator and one of the creator's works. */
export const FAVOURITE_SUBJECTS = {
  keyword: '家常湘菜',
  creator: { userId: 'MS4wLjABAAAAxiangcaiaxiu01', nickName: '湘菜阿秀' },
  video: '辣椒炒肉的正确做法',
} as const;

/** A favourite keyword the library does not hold. */
export const GONE_KEYWORD = '已下架的老词';

/**
 * The real server with the built web app, a creator with two works under a DSO keyword (made with the
 * test factories) and a FREE user with a session who once collected {@link GONE_KEYWORD}.
 */
export async function startFavouritesServer(): Promise<FavouritesServer> {
  const server = await startJourneyServer({ prepare: seedFavourites });
  return { url: server.url, freeToken: server.prepared, close: server.close };
}

/** The creator, works and user of the journey; returns the user's session token. */
async function seedFavourites(db: Database) {
  const asOf = new Date().toISOString().slice(0, 10);
  const creator = await createCreator(db, {
    ...FAVOURITE_SUBJECTS.creator,
    field: '美食餐饮',
    province: '湖南',
    isCommerce: true,
    followers: 286_000,
    followerGrowth30d: 4_200,
    asOf,
  });
  const keyword = { keyword: FAVOURITE_SUBJECTS.keyword, monthCoverCount: 64_000, competition: 2, searchRank: 2 };
  for (const [index, desc] of [FAVOURITE_SUBJECTS.video, '小炒黄牛肉，三分钟出锅'].entries()) {
    await createVideo(db, {
      creatorId: creator.id,
      desc,
      createTime: new Date(Date.now() - (index + 1) * 2 * 86_400_000),
      goodCount: 38_000 - index * 6_000,
      tags: ['湘菜'],
      keywords: [keyword],
    });
  }
  const user = await journeyAccount(db, 'FREE');
  // A keyword collected earlier that the library no longer holds (its list row is null).
  await db.execute(
    sql`INSERT INTO favourites (user_id, kind, platform, subject_key) VALUES (${user.id}, 'keyword', 'DSO', ${GONE_KEYWORD})`,
  );
  return user.token;
}
