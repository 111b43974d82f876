import { buildApp } from '@dso/server';
import { firstRunPlan, type SeedPlan, seedKeywords, seedPortraits } from '@dso/server/keywords/demo/seed';
// The derive step has no package export yet; the first-run seed runs the same function.
import { deriveScope } from '@dso/server/keywords/derive';
import { createTestDatabase, createUser, createVideo, loginAs } from '@dso/server/testing';
import type { BrowserContext } from 'playwright-core';
import { journeyConfig, type RunningServer } from './server';

/** The libraries the keyword journeys need, smaller than the first-run set so a suite starts in well under a minute. */
const DETAIL_SCOPES: SeedPlan['scopes'] = [
  { platform: 'DSO', country: '', count: 3000 },
  { platform: 'RSO', country: '', count: 600 },
  { platform: 'KSO', country: '', count: 400 },
];

/** Correlation words are kept for this many top keywords; the rest are computed when asked for. */
const DETAIL_CORRELATION_TOP = 40;

export interface DetailServer extends RunningServer {
  /** The demo data's day (every figure's `as_of`). */
  asOf: string;
  /** A session token of a user of `grade`, for `signIn`. */
  token: string;
}

/**
 * `startServer()` with demo keyword data: the first-run plan's generator on a few libraries
 * (`seedKeywords`), their audience portraits and the derive step (boards, industry medians,
 * correlation words) as `seedFirstRun` runs them, then a user of `grade` with a session.
 */
export async function startDetailServer(options: { grade?: string } = {}): Promise<DetailServer> {
  const database = await createTestDatabase();
  const asOf = new Date().toISOString().slice(0, 10);
  const plan: SeedPlan = { ...firstRunPlan(asOf), scopes: DETAIL_SCOPES };
  await seedKeywords(database.db, plan);
  for (const scope of plan.scopes) {
    await seedPortraits(database.db, scope, asOf);
    await deriveScope(database.db, scope, {
      steps: ['industryStats', 'boards', 'correlations'],
      correlationTop: DETAIL_CORRELATION_TOP,
    });
  }
  // One video with every part of the detail panel, for the video pages' journeys.
  await createVideo(database.db, {
    awemeId: SAMPLE_VIDEO_ID,
    desc: '露营装备清单｜新手第一次露营需要带什么 #露营 #户外',
    comments: 30,
    hotWords: [
      { name: '帐篷', count: 42 },
      { name: '天幕', count: 30 },
    ],
    portrait: true,
    trendLikes: Array.from({ length: 48 }, (_, hour) => (hour + 1) * 120),
    keywords: [{ keyword: '露营装备', monthCoverCount: 120_000, competition: 3 }],
  });
  const user = await createUser(database.db, { grade: options.grade ?? 'SVIP' });
  const token = await loginAs(database.db, user.id);
  const config = journeyConfig();
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    asOf,
    token,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The aweme id of the video every detail server holds. */
export const SAMPLE_VIDEO_ID = '7300000000000000001';

/** Puts the session token where the app keeps it, before any page of the context loads. */
export async function signIn(context: BrowserContext, token: string) {
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
}
