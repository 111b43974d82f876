import { buildApp } from '@dso/server';
import { type Database, queryRows } from '@dso/server/db';
import { firstRunPlan, seedKeywords } from '@dso/server/keywords/demo/seed';
import { startMonitoringRound } from '@dso/server/monitoring';
import { demoAsOf, startInProcessWorker } from '@dso/server/startup';
import { createCreator, createSeededTestDatabase, createUser, createVideo, loginAs } from '@dso/server/testing';
import { firstRunVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { journeyConfig, type RunningServer } from './server';

/** The keyword the journey monitors: every work of the server's library holds it in its title. */
export const MONITOR_KEYWORD = '露营装备推荐';
/** Works under it, best liked first. */
export const MONITOR_WORKS = 30;

export interface MonitoringServer extends RunningServer {
  token: string;
  /** A new FREE account with nothing monitored (the example mode's journey). */
  newToken: string;
  /** The demo data's day: the example mode's last day. */
  asOf: string;
  /** Queues the check round of a day (YYYY-MM-DD) as the scheduler does; the in-process worker runs it. */
  runRound(day: string): Promise<number>;
  /** Resolves once the worker has no job due: every check queued so far (a new item's first one too) is recorded. */
  checksSettled(): Promise<void>;
}

/**
 * A small demo library (the DSO keyword library's words and demo works linked to them): the example mode's sample.
 * No demo title holds {@link MONITOR_KEYWORD}, so its ranking is the journey's own works.
 */
async function seedDemoLibrary(db: Database, asOf: string) {
  await seedKeywords(db, { ...firstRunPlan(asOf), scopes: [{ platform: 'DSO', country: '', count: 400 }] });
  await seedVideoDemo(db, {
    ...firstRunVideoOptions(asOf),
    creators: 120,
    videos: 900,
    commentsPerVideo: 0,
    detailedVideos: 0,
    detailedCreators: 0,
    liveSessions: 0,
    topics: 0,
  });
}

/**
 * The real server with the built web app, a small demo library, a library of camping works ranked under
 * {@link MONITOR_KEYWORD} by the sandbox rank source, a VIP user (50 monitored items), a new FREE user and the
 * in-process job worker, which runs the check jobs as the product does.
 */
export async function startMonitoringServer(): Promise<MonitoringServer> {
  const asOf = demoAsOf();
  const database = await createSeededTestDatabase({
    key: `monitoring-demo-${asOf}`,
    seed: (db) => seedDemoLibrary(db, asOf),
  });
  const creator = await createCreator(database.db, { nickName: '露营的阿野', followers: 320_000 });
  for (let index = 0; index < MONITOR_WORKS; index++) {
    await createVideo(database.db, {
      creatorId: creator.id,
      desc: `${MONITOR_KEYWORD} 第${index + 1}期：帐篷、天幕和炉具怎么选`,
      goodCount: 300_000 - index * 8_000,
    });
  }
  const user = await createUser(database.db, { grade: 'VIP' });
  const token = await loginAs(database.db, user.id);
  const newToken = await loginAs(database.db, (await createUser(database.db, { grade: 'FREE' })).id);
  // An account authorised through 账号授权 turns the market-old-data flag on (the old dashboard shows). Its
  // tokens are never used here, so none are stored.
  await queryRows(
    database.db,
    sql`INSERT INTO publishing_accounts (user_id, open_id, nickname, access_token, refresh_token, access_expires_at, refresh_expires_at)
        VALUES (${user.id}, 'e2e-monitoring-open-id', '露营号', '', '', now(), now())`,
  );
  const app = await buildApp({ config: journeyConfig(), database, logger: false });
  const worker = startInProcessWorker(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    token,
    newToken,
    asOf,
    checksSettled: async () => {
      for (;;) {
        const [due] = await queryRows<{ n: number }>(
          database.db,
          sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND run_after <= now()`,
        );
        if (!due?.n) return;
        worker?.nudge();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    runRound: async (day) => {
      const queued = await startMonitoringRound(database.db, day);
      worker?.nudge();
      return queued;
    },
    close: async () => {
      await worker?.stop();
      await app.close();
      await database.close();
    },
  };
}

/** An .xlsx workbook with a 关键词 column. */
export function keywordWorkbook(keywords: string[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['关键词'], ...keywords.map((k) => [k])]), '监控词');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The Shanghai calendar day `daysAgo` days before now. */
export function shanghaiDay(daysAgo = 0): string {
  return new Date(Date.now() + 8 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
}
