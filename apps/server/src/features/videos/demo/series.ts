import type { DemoCreator, DemoTrend, DemoVideo } from './generator';
import { gaussian, logNormal, Stream, streamFor } from './random';

/*
 * The demo's time series: a work's first 72 hours and a creator's daily followers, with the
 * noise, rhythm and setbacks of real data rather than one smooth formula.
 */

const HOUR_MS = 3_600_000;
export const TREND_HOURS = 72;
/** Days of follower history per detailed creator. */
export const FOLLOWER_HISTORY_DAYS = 30;

/** How active the audience is in each hour of a Shanghai day (late evening most, small hours least). */
const hourActivity = [
  0.45, 0.28, 0.16, 0.1, 0.08, 0.1, 0.22, 0.45, 0.65, 0.75, 0.8, 0.9, 1.05, 0.95, 0.82, 0.8, 0.85, 0.95, 1.1, 1.3, 1.45,
  1.5, 1.3, 0.85,
];

/**
 * The first 72 hours of a video, hourly cumulative from its publish hour: slot k holds the figures at
 * the end of hour k (at `at` for the hour under way), so no figure stands before the work was published.
 * Each hour adds what the platform's attention gives it: a decay from the publish time (fast for most
 * works, slow for some), the audience's day rhythm, hour-to-hour noise, and for some works a second
 * wave when the feed recommends them again. A work younger than 72 hours ends at its figures as of `at`
 * (later hours null); an older one reaches a share of them at hour 72.
 */
export function demoTrend(seed: number, at: Date, video: DemoVideo): DemoTrend {
  const random = streamFor(seed, Stream.Trend, video.index);
  const published = video.createTime.getTime();
  const startTime = new Date(Math.floor(published / HOUR_MS) * HOUR_MS);
  const observed = Math.max(1, Math.min(TREND_HOURS, Math.floor((at.getTime() - startTime.getTime()) / HOUR_MS) + 1));
  const share = observed < TREND_HOURS ? 1 : 0.5 + random() * 0.4;
  // Hours over which attention halves: 4–30, most works short-lived.
  const halfLife = 4 + random() ** 1.5 * 26;
  const wave = random() < 0.18 ? { at: 12 + random() * 48, size: 0.3 + random() * 1.2 } : null;
  const base: number[] = [];
  for (let hour = 0; hour < TREND_HOURS; hour++) {
    const end = startTime.getTime() + (hour + 1) * HOUR_MS;
    // The part of the hour the work was online (the publish hour only from its publish time).
    const online = Math.min(1, Math.max(0, (end - published) / HOUR_MS));
    const age = Math.max(0, (end - published) / HOUR_MS - 0.5);
    let attention = 0.5 ** (age / halfLife);
    if (wave && age > wave.at) attention += wave.size * 0.5 ** ((age - wave.at) / 6);
    const localHour = new Date(end + 8 * HOUR_MS - HOUR_MS / 2).getUTCHours();
    base.push(online * attention * hourActivity[localHour]! * logNormal(random, 0.35));
  }
  const curve = (total: number, spread: number) => {
    const increments = base.map((value) => value * logNormal(random, spread));
    const reached = increments.slice(0, observed).reduce((sum, value) => sum + value, 0);
    const scale = reached > 0 ? (total * share) / reached : 0;
    let sum = 0;
    return increments.map((value, hour) => {
      sum += value;
      if (hour >= observed) return null;
      return hour === observed - 1 ? Math.round(total * share) : Math.round(sum * scale);
    });
  };
  return {
    startTime,
    goodValues: curve(video.goodCount, 0.1),
    commentValues: curve(video.commentCount, 0.3),
    shareValues: curve(video.shareCount, 0.35),
    collectValues: curve(video.collectCount, 0.25),
  };
}

/**
 * Daily followers for the days up to asOf, oldest first, ending at the creator's count: its 30-day
 * growth spread over the days with day-to-day noise, and days of unfollows (after a disliked work, a
 * quiet week) where the count falls, as real accounts' counts do.
 */
export function followerHistory(seed: number, creator: DemoCreator, days = FOLLOWER_HISTORY_DAYS): number[] {
  const random = streamFor(seed, Stream.History, creator.index);
  const steps = days - 1;
  const drift = creator.followerGrowth30d / days;
  const spread = Math.max(Math.abs(drift) * 1.1, creator.followerCount * 0.0006, 2);
  const noise = Array.from({ length: steps }, () => {
    const unfollows = random() < 0.08 ? -spread * (1 + random() * 3) : 0;
    return gaussian(random) * spread + unfollows;
  });
  const mean = noise.reduce((sum, value) => sum + value, 0) / Math.max(1, steps);
  // Changes into each day (the noise centred, so the month's growth stays the creator's).
  const changes = noise.map((value) => drift + value - mean);
  const counts = new Array<number>(days);
  counts[days - 1] = creator.followerCount;
  for (let day = days - 2; day >= 0; day--) counts[day] = Math.max(0, counts[day + 1]! - changes[day]!);
  return counts.map((value) => Math.round(value));
}
