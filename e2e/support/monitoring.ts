import { addDays, shanghaiDay as shanghaiDayOf } from '@dso/domain';
import { type Database, queryRows } from '@dso/server/db';
import { firstRunPlan, seedKeywords } from '@dso/server/keywords/demo/seed';
import { startMonitoringRound } from '@dso/server/monitoring';
import { demoAsOf } from '@dso/server/startup';
import { createCreator, createVideo } from '@dso/server/testing';
import { firstRunVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import * as XLSX from '@e965/xlsx';
import { sql } from 'drizzle-orm';
import { vi } from 'vitest';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

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
  const server = await startJourneyServer({
    seeded: { key: `monitoring-demo-${asOf}`, seed: (db) => seedDemoLibrary(db, asOf) },
    worker: 'start',
    prepare: seedMonitoringAccounts,
  });
  const { db } = server;
  return {
    url: server.url,
    ...server.prepared,
    asOf,
    checksSettled: () =>
      vi.waitFor(
        async () => {
          const [due] = await queryRows<{ n: number }>(
            db,
            sql`SELECT count(*)::int AS n FROM jobs WHERE status IN ('queued', 'running') AND run_after <= now()`,
          );
          if (!due?.n) return;
          server.nudgeWorker();
          throw new Error(
            `the monitoring checks did not settle in ${CHECKS_SETTLE_MS / 1000} s: ${due.n} jobs still due`,
          );
        },
        { timeout: CHECKS_SETTLE_MS, interval: 100 },
      ),
    runRound: async (day) => {
      const queued = await startMonitoringRound(db, day);
      server.nudgeWorker();
      return queued;
    },
    close: server.close,
  };
}

/** How long the worker may take over the checks queued so far (a round of the journey's items takes a few seconds). */
const CHECKS_SETTLE_MS = 30_000;

/**
 * The journey's camping works, a VIP user with an authorised publishing account and a new FREE user; returns
 * their session tokens.
 */
async function seedMonitoringAccounts(db: Database) {
  const creator = await createCreator(db, { nickName: '露营的阿野', followers: 320_000 });
  for (let index = 0; index < MONITOR_WORKS; index++) {
    await createVideo(db, {
      creatorId: creator.id,
      desc: `${MONITOR_KEYWORD} 第${index + 1}期：帐篷、天幕和炉具怎么选`,
      goodCount: 300_000 - index * 8_000,
    });
  }
  const user = await journeyAccount(db, 'VIP');
  const newUser = await journeyAccount(db, 'FREE');
  // An account authorised through 账号授权 turns the market-old-data flag on (the old dashboard shows). Its
  // tokens are never used here, so none are stored.
  await queryRows(
    db,
    sql`INSERT INTO publishing_accounts (user_id, open_id, nickname, access_token, refresh_token, access_expires_at, refresh_expires_at)
        VALUES (${user.id}, 'e2e-monitoring-open-id', '露营号', '', '', now(), now())`,
  );
  return { token: user.token, newToken: newUser.token };
}

/** An .xlsx workbook with a 关键词 column. */
export function keywordWorkbook(keywords: string[]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['关键词'], ...keywords.map((k) => [k])]), '监控词');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The Shanghai calendar day `daysAgo` days before now. */
export function shanghaiDay(daysAgo = 0): string {
  return addDays(shanghaiDayOf(Date.now()), -daysAgo);
}
