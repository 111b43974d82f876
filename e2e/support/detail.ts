import type { Database } from '@dso/server/db';
import { firstRunPlan, type SeedPlan, seedKeywords, seedPortraits } from '@dso/server/keywords/demo/seed';
// The derive step has no package export yet; the first-run seed runs the same function.
import { deriveScope } from '@dso/server/keywords/derive';
import { createCreator, createLiveReplay, createLiveSession, createVideo } from '@dso/server/testing';
import { e2eVideoOptions, seedVideoDemo } from '@dso/server/videos/demo/seed';
import type { BrowserContext } from 'playwright-core';
import { journeyAccount, type RunningServer, startJourneyServer } from './server';

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
 * A journey server with demo keyword data: the first-run plan's generator on a few libraries
 * (`seedKeywords`), their audience portraits and the derive step (boards, industry medians,
 * correlation words) as `seedFirstRun` runs them, then a user of `grade` with a session.
 */
export async function startDetailServer(
  options: {
    grade?: string;
    /** A journey's own rows, added after the demo data and the sample video and live sessions. */
    seed?: (db: Database, asOf: string) => Promise<void>;
    /** Configuration variables on top of the journeys' own. */
    variables?: Record<string, string>;
  } = {},
): Promise<DetailServer> {
  const asOf = new Date().toISOString().slice(0, 10);
  const server = await startJourneyServer({
    // Everything up to the live sessions depends on the day alone: seeded once per run and day, copied after.
    seeded: { key: `detail-${asOf}`, seed: (db) => seedDetailLibrary(db, asOf) },
    variables: options.variables,
    prepare: async (db) => {
      await seedLiveSessions(db);
      await options.seed?.(db, asOf);
      return journeyAccount(db, options.grade ?? 'SVIP');
    },
    // The user's finished replay of the ended session, once the app has written the permission table it reads.
    afterStart: async (db, user) => {
      const replayId = await createLiveReplay(db, { userId: user.id, roomId: SAMPLE_ENDED_LIVE_ROOM_ID });
      if (replayId !== SAMPLE_REPLAY_ID) throw new Error(`the sample replay got id ${replayId}`);
    },
  });
  return { url: server.url, asOf, token: server.prepared.token, close: server.close };
}

/** A session live now (started 90 minutes ago, a minute recorded each minute) and one that ended, for the live pages. */
async function seedLiveSessions(db: Database) {
  const liveStart = new Date(Date.now() - 90 * 60_000);
  await createLiveSession(db, {
    roomId: SAMPLE_LIVE_ROOM_ID,
    title: '露营装备专场｜帐篷天幕限时秒杀',
    startTime: liveStart,
    minuteRows: sessionMinutes(90),
    // About what the minutes sold (¥5.7w).
    goods: [
      { title: '户外自动帐篷 3-4人', price_fen: 39_900, sales: 80, cover: null, product_id: 'g1' },
      { title: '防晒天幕 银胶', price_fen: 15_900, sales: 100, cover: null, product_id: 'g2' },
      { title: '折叠露营推车', price_fen: 12_800, sales: 70, cover: null, product_id: 'g3' },
    ],
  });
  await createLiveSession(db, {
    roomId: SAMPLE_ENDED_LIVE_ROOM_ID,
    title: '周末露营好物分享',
    startTime: new Date(Date.now() - 26 * 3_600_000),
    endTime: new Date(Date.now() - 24 * 3_600_000),
    minuteRows: sessionMinutes(120),
  });
}

/** The demo libraries, their derived figures and the sample creator and video every detail server holds. */
async function seedDetailLibrary(db: Database, asOf: string) {
  const plan: SeedPlan = { ...firstRunPlan(asOf), scopes: DETAIL_SCOPES };
  await seedKeywords(db, plan);
  for (const scope of plan.scopes) {
    await seedPortraits(db, scope, asOf);
    await deriveScope(db, scope, {
      steps: ['industryStats', 'boards', 'correlations'],
      correlationTop: DETAIL_CORRELATION_TOP,
    });
  }
  // The demo video library (creators, works linked to the keywords above, comments, topics); no demo live
  // sessions: the live journeys count the two sessions below.
  await seedVideoDemo(db, { ...e2eVideoOptions(asOf), liveSessions: 0 });
  // Its creator, with a follower history and an audience, for the person detail page.
  const creator = await createCreator(db, {
    userId: SAMPLE_CREATOR_ID,
    nickName: '露营的阿野',
    field: '户外运动',
    province: '浙江',
    followers: 320_000,
    followerGrowth30d: 18_000,
    isCommerce: true,
    asOf,
    followerHistory: Array.from({ length: 30 }, (_, i) => ({
      day: new Date(Date.parse(`${asOf}T00:00:00Z`) - (29 - i) * 86_400_000).toISOString().slice(0, 10),
      followers: 302_000 + i * 600,
    })),
    portrait: true,
  });
  // One video with every part of the detail panel, for the video pages' journeys.
  await createVideo(db, {
    creatorId: creator.id,
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
}

/** The aweme id of the video every detail server holds. */
export const SAMPLE_VIDEO_ID = '7300000000000000001';

/** The user id of that video's creator. */
export const SAMPLE_CREATOR_ID = 'MS4wLjABAAAAsampleCreator01';

/** The room ids of the live session every detail server holds (live now) and of an ended one. */
export const SAMPLE_LIVE_ROOM_ID = '7380000000000000001';
export const SAMPLE_ENDED_LIVE_ROOM_ID = '7380000000000000002';

/** The id of the user's live replay every detail server holds (the first replay of its fresh database). */
export const SAMPLE_REPLAY_ID = 1;

/** A session's minutes shaped like a real room: the audience builds for half an hour, then sways; sales come in bursts. */
function sessionMinutes(count: number) {
  return Array.from({ length: count }, (_, minute) => ({
    minute,
    online: Math.round(800 + 3_000 * Math.min(1, minute / 30) + 400 * Math.sin(minute / 6)),
    entering: Math.round(120 + 80 * Math.sin(minute / 9) + (minute % 7) * 10),
    salesFen: minute % 3 === 0 ? 0 : 30_000 + (minute % 11) * 12_900,
  }));
}

/** Puts the session token where the app keeps it, before any page of the context loads. */
export async function signIn(context: BrowserContext, token: string) {
  await context.addInitScript((value) => window.localStorage.setItem('token', value), token);
}
