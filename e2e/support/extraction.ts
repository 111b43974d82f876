import { buildApp } from '@dso/server';
import { startInProcessWorker } from '@dso/server/startup';
import { createCreator, createTestDatabase, createUser, createVideo, loginAs } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { journeyConfig, type RunningServer } from './server';

/** A work of the extraction journey: its title (with 露营 for the title search) and its spoken script. */
export const EXTRACTION_VIDEOS = [
  { desc: '露营新手必看：帐篷怎么搭最快', transcript: '大家好，今天教大家三分钟搭好帐篷。先把地钉打好，再撑开内帐。' },
  { desc: '露营做饭｜一口锅搞定四个菜', transcript: '露营做饭其实很简单。一口锅，先煎牛排，再煮面。' },
  { desc: '露营装备避坑，这三样别买', transcript: '这三样装备千万别买。第一，太重的桌子。第二，不防风的炉子。' },
  { desc: '带娃露营的第一晚', transcript: '第一次带娃露营，晚上有点冷。记得多带一条毯子。' },
] as const;

export interface ExtractionServer extends RunningServer {
  token: string;
  /** The aweme id of each of {@link EXTRACTION_VIDEOS}, in order. */
  awemeIds: string[];
  /** The share link of the first work. */
  shareUrl: string;
}

/**
 * The real server with the built web app, a few camping works with stored transcripts (the speech
 * sandbox answers them), a VIP user (30 extractions a day) and the in-process job worker, which runs
 * the batch extraction jobs as the product does.
 */
export async function startExtractionServer(): Promise<ExtractionServer> {
  const database = await createTestDatabase();
  const creator = await createCreator(database.db, { nickName: '露营的阿野', followers: 120_000 });
  const awemeIds: string[] = [];
  for (const [index, video] of EXTRACTION_VIDEOS.entries()) {
    const row = await createVideo(database.db, {
      creatorId: creator.id,
      desc: video.desc,
      durationMs: 45_000 + index * 10_000,
      goodCount: 50_000 - index * 5_000,
    });
    await database.db.execute(
      sql`UPDATE videos SET transcript = ${video.transcript}, share_url = ${`https://v.douyin.com/camp${index}/`} WHERE id = ${row.id}`,
    );
    awemeIds.push(row.awemeId);
  }
  const user = await createUser(database.db, { grade: 'VIP' });
  const token = await loginAs(database.db, user.id);
  const app = await buildApp({ config: journeyConfig(), database, logger: false });
  const worker = startInProcessWorker(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    token,
    awemeIds,
    shareUrl: 'https://v.douyin.com/camp0/',
    close: async () => {
      await worker?.stop();
      await app.close();
      await database.close();
    },
  };
}
