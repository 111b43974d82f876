import type { Database } from '@dso/server/db';
import { createCreator, createVideo } from '@dso/server/testing';
import { sql } from 'drizzle-orm';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

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
  const server = await startJourneyServer({ worker: 'start', prepare: seedExtraction });
  return { url: server.url, ...server.prepared, shareUrl: 'https://v.douyin.com/camp0/', close: server.close };
}

/** The works and the VIP user; returns the user's session token and the works' aweme ids. */
async function seedExtraction(db: Database) {
  const creator = await createCreator(db, { nickName: '露营的阿野', followers: 120_000 });
  const awemeIds: string[] = [];
  for (const [index, video] of EXTRACTION_VIDEOS.entries()) {
    const row = await createVideo(db, {
      creatorId: creator.id,
      desc: video.desc,
      durationMs: 45_000 + index * 10_000,
      goodCount: 50_000 - index * 5_000,
    });
    await db.execute(
      sql`UPDATE videos SET transcript = ${video.transcript}, share_url = ${`https://v.douyin.com/camp${index}/`} WHERE id = ${row.id}`,
    );
    awemeIds.push(row.awemeId);
  }
  const { token } = await journeyAccount(db, 'VIP');
  return { token, awemeIds };
}
