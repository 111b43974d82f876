import { createCreator, createVideo } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

/** Camping works whose titles hold 露营装备: the top videos a generated work draws on. */
export const IMAGE_TEXT_VIDEOS = [
  '露营装备避坑，这三样别买 #露营装备',
  '新手露营装备清单 #露营',
  '露营装备怎么选才不踩雷',
];

export interface ImageTextServer extends RunningServer {
  token: string;
  /** The works the VIP user may still hold when the journey starts. */
  remaining: number;
}

/**
 * The real server with the built web app, a few 露营装备 works, a VIP user left with 4 of their 100
 * AI_PUB_BATCH_COUNT units (one generated work and a batch of two leave one, so a 4-work archive asks for
 * the first 1), the
 * in-process job worker drawing the cards with the sandbox, and its own DATA_DIR for the pictures.
 */
export async function startImageTextServer(): Promise<ImageTextServer> {
  const server = await startJourneyServer({
    ownDataDir: true,
    worker: 'start',
    prepare: async (db) => {
      const creator = await createCreator(db, { nickName: '露营的阿野', followers: 120_000 });
      for (const [index, desc] of IMAGE_TEXT_VIDEOS.entries()) {
        await createVideo(db, { creatorId: creator.id, desc, goodCount: 80_000 - index * 10_000 });
      }
      return journeyAccount(db, 'VIP');
    },
    afterStart: async (db, user) => {
      await db.execute(
        sql`INSERT INTO permission_usage (user_id, alias, period_key, use_val) VALUES (${user.id}, 'AI_PUB_BATCH_COUNT', 'total', 96)`,
      );
    },
  });
  return { url: server.url, token: server.prepared.token, remaining: 4, close: server.close };
}
