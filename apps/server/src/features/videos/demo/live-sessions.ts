import type { GoodsItem } from '../../../db/schema/videos';
import { demoImageUrl } from '../../demo-images';
import type { LiveSessionIngest } from '../ingest/video-ingest.repository';
import { type DemoCreator, demoCreator } from './creators';
import { goodsFor } from './goods';
import { demoRoomId } from './ids';
import { fill, pick, Stream, streamFor } from './random';
import { liveTitles } from './vocab';

/* The demo's live sessions of commerce creators, with their minutes and goods. */

/** A demo live session: the ingest's shape (the seed adds `isDemo`) and the index of its creator. */
export type DemoLiveSession = Omit<LiveSessionIngest, 'isDemo' | 'goods'> & { goods: GoodsItem[]; creator: number };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The creator of session `index`: a commerce account, the larger ones more often. */
function liveCreator(seed: number, index: number, creators: number): DemoCreator | null {
  const random = streamFor(seed, Stream.Live, index * 7 + 3);
  for (let attempt = 0; attempt < 64; attempt++) {
    const creator = demoCreator(seed, Math.floor(random() * creators));
    if (creator.isCommerce && (creator.followerCount > 20_000 || attempt > 16)) return creator;
  }
  return null;
}

/**
 * Live session `index`: the first two are on air at `now` (minutes up to now), the rest ended over
 * the days before. The audience builds for a while, then sways; sales come in bursts, and the goods'
 * unit sales add up to the session's sales.
 */
export function demoLiveSession(seed: number, index: number, creators: number, now: Date): DemoLiveSession | null {
  const creator = liveCreator(seed, index, creators);
  if (!creator) return null;
  const random = streamFor(seed, Stream.Live, index * 7);
  const live = index < 2;
  const length = 60 + Math.floor(random() * 180);
  const startTime = live
    ? new Date(Math.floor(now.getTime() / 60_000) * 60_000 - (30 + Math.floor(random() * 90)) * 60_000)
    : new Date(
        now.getTime() - (1 + Math.floor(index / 4)) * DAY_MS + Math.floor(random() * 10) * HOUR_MS - 10 * HOUR_MS,
      );
  const recorded = live ? Math.max(1, Math.floor((now.getTime() - startTime.getTime()) / 60_000)) : length;
  const scale = Math.max(30, Math.round(creator.followerCount * 0.003));
  const goods = goodsFor(creator.field.slice(0, 2), creator.field, random, 3 + Math.floor(random() * 6));
  const minutes = Array.from({ length: recorded }, (_, minute) => {
    const build = Math.min(1, (minute + 1) / 30);
    const sway = 1 + 0.15 * Math.sin(minute / 7);
    const online = Math.round(scale * build * sway * (0.9 + random() * 0.2));
    return {
      minute,
      online,
      entering: Math.round(online * (0.08 + random() * 0.1)),
      salesFen: random() < 0.45 ? Math.round(online * (20 + random() * 200)) : 0,
    };
  });
  const salesAmountFen = minutes.reduce((sum, entry) => sum + entry.salesFen, 0);
  // Unit sales per good from the session's sales, so goods and curves tell the same story.
  const weights = goods.map(() => 0.2 + random());
  const weightTotal = weights.reduce((sum, value) => sum + value, 0);
  for (const [i, item] of goods.entries())
    item.sales = Math.round((salesAmountFen * weights[i]!) / weightTotal / item.price_fen);
  const roomId = demoRoomId(seed, creator.index, index);
  const title = fill(pick(liveTitles, random), { f: creator.field.slice(0, 2) });
  return {
    roomId,
    creator: creator.index,
    authorUserId: creator.userId,
    title,
    cover: demoImageUrl('live', { key: roomId, title, category: creator.field }),
    startTime,
    endTime: live ? null : new Date(startTime.getTime() + length * 60_000),
    watchCount: minutes.reduce((sum, entry) => sum + entry.entering, 0),
    peakOnline: Math.max(0, ...minutes.map((entry) => entry.online)),
    salesAmountFen,
    goods,
    minutes,
  };
}
