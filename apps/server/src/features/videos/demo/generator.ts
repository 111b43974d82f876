import type { CommentIngest, TrendIngest } from '../ingest/video-ingest.repository';
import { DEEP_COMMENTS, DeepCommentTally, demoComments } from './comments';
import { creatorAccountOf, creatorField, creatorNickname, type DemoCreator, demoCreator } from './creators';
import { creatorIndexOf, demoAwemeId, demoCreatorId, videoIndexOf } from './ids';
import { type DemoLiveSession, demoLiveSession } from './live-sessions';
import { type DemoPortrait, demoAudience } from './portraits';
import { streamFor } from './random';
import { demoTrend, FOLLOWER_HISTORY_DAYS, followerHistory } from './series';
import { type DemoTopic, TopicTally } from './topics';
import { demoTranscript } from './transcripts';
import {
  creatorsByField,
  DEMO_BREAKOUT_RATE,
  DEMO_VIDEOS_PER_HEAD_TERM,
  type DemoVideo,
  demoVideo,
  endOfDay,
  HEAD_PLAN_VIDEOS,
  videoCreatorIndex,
  videoFieldsOf,
} from './videos';

/*
 * The demo platform data: creators, their works, comments, 72-hour trends, audience
 * portraits, spoken transcripts, follower history, live sessions and topics, deterministic for a seed.
 * Every record is a pure function of the seed and its index (a creator of its index; a video of its
 * index and its creator's index, both written into its aweme id), so the generator streams any size in
 * batches and the sandbox platform-data provider answers a single video or creator without generating the rest.
 *
 * Consistency with the keyword library: the first videos cover every head term of the keyword demo
 * (美食, 露营装备, 穿搭, 口红 …) `DEMO_VIDEOS_PER_HEAD_TERM` times, titled with the term or one of its
 * most searched long tails; every video names the library phrases its title contains (`keywords`), which
 * the ingest links to the keyword rows that exist.
 *
 * Each part has its module (ids, creators, portraits, videos and their goods, transcripts, live
 * sessions, topics; comments and series); this one composes them into the stream and is what callers import.
 */

/** How much demo platform data to make. */
export interface VideoDemoOptions {
  seed: number;
  /** The day the figures are of ('YYYY-MM-DD', Shanghai); figures are as of that day's end. */
  asOf: string;
  creators: number;
  videos: number;
  /** Comments stored per video (at most the video's comment count). */
  commentsPerVideo: number;
  /** The first this many videos get a 72-hour trend, an audience portrait and (video works) a stored transcript. */
  detailedVideos: number;
  /** The first this many creators get an audience portrait and 30 days of follower history. */
  detailedCreators: number;
  liveSessions: number;
  /** Topics per kind (video, image_text). */
  topics: number;
  /** Sessions started this long before `now` are still live; the rest ended. Defaults to the end of asOf. */
  now?: Date;
  /**
   * The share of small accounts' works that break out (the lowPowderPop list), {@link DEMO_BREAKOUT_RATE}
   * by default; 0 leaves that list to a journey's own rows.
   */
  breakoutRate?: number;
}

/** The seed of the demo platform data (the sandbox provider answers from it). */
export const DEMO_VIDEO_SEED = 20261123;

/**
 * The first-run sizes: every head term has its works, creators have a few works each, and the whole
 * set seeds in seconds beside the keyword library.
 */
export function firstRunVideoOptions(asOf: string): VideoDemoOptions {
  return {
    seed: DEMO_VIDEO_SEED,
    asOf,
    creators: 1_200,
    videos: 4_800,
    commentsPerVideo: 16,
    detailedVideos: 4_800,
    detailedCreators: 1_200,
    liveSessions: 60,
    topics: 60,
  };
}

/** A comment as the ingest takes it, before it is put on its stored video. */
export type DemoComment = Omit<CommentIngest, 'videoId' | 'isDemo'>;

/** Hourly cumulative figures from the publish hour (the ingest's trend without its video); an hour after the as-of instant is null. */
export type DemoTrend = Omit<TrendIngest, 'videoId'>;

/** One batch of the stream: creators come first, then videos with their parts, deep comment sections, sessions and topics. */
export type VideoDemoBatch =
  | {
      kind: 'creators';
      creators: Array<{ creator: DemoCreator; history: number[] | null; portrait: DemoPortrait | null }>;
    }
  | {
      kind: 'videos';
      videos: Array<{
        video: DemoVideo;
        comments: DemoComment[];
        trend: DemoTrend | null;
        portrait: DemoPortrait | null;
        /** The spoken script of a detailed video work ({@link demoTranscript}); null for image-text and the rest. */
        transcript: string | null;
      }>;
    }
  /** Deeper comment sections of works already yielded (each industry's most liked). */
  | { kind: 'comments'; sections: Array<{ video: DemoVideo; comments: DemoComment[] }> }
  | { kind: 'live'; sessions: DemoLiveSession[] }
  | { kind: 'topics'; topics: DemoTopic[] };

export {
  creatorAccountOf,
  creatorField,
  creatorIndexOf,
  creatorNickname,
  creatorsByField,
  DEEP_COMMENTS,
  DEMO_BREAKOUT_RATE,
  DEMO_VIDEOS_PER_HEAD_TERM,
  type DemoCreator,
  type DemoLiveSession,
  type DemoPortrait,
  type DemoTopic,
  type DemoVideo,
  demoAudience,
  demoAwemeId,
  demoComments,
  demoCreator,
  demoCreatorId,
  demoLiveSession,
  demoTranscript,
  demoTrend,
  demoVideo,
  endOfDay,
  FOLLOWER_HISTORY_DAYS,
  followerHistory,
  HEAD_PLAN_VIDEOS,
  streamFor,
  videoCreatorIndex,
  videoFieldsOf,
  videoIndexOf,
};

/**
 * The demo platform data as a stream of batches (creators, then videos with their comments, trends
 * and portraits, then live sessions, then topics): deterministic for the options, and holding no more
 * than a batch and the topic tally in memory, so a benchmark library of millions streams like the
 * first-run set.
 */
export function* generateVideoDemo(options: VideoDemoOptions, batchSize = 1_000): Generator<VideoDemoBatch> {
  const { seed, asOf } = options;
  const now = options.now ?? endOfDay(asOf);
  for (let start = 0; start < options.creators; start += batchSize) {
    const creators = [];
    for (let i = start; i < Math.min(options.creators, start + batchSize); i++) {
      const creator = demoCreator(seed, i);
      const detailed = i < options.detailedCreators;
      creators.push({
        creator,
        history: detailed ? followerHistory(seed, creator) : null,
        portrait: detailed ? demoAudience(seed, creator.nickName, creator.field, i * 2 + 1) : null,
      });
    }
    yield { kind: 'creators', creators };
  }
  if (options.creators === 0) return;

  // Comments are of the figures' instant, and never after `now` (a first run's now is past its asOf).
  const commentsUntil = new Date(Math.min(now.getTime(), endOfDay(asOf).getTime()));
  const byField = creatorsByField(seed, options.creators);
  const tally = new TopicTally();
  const deep = new DeepCommentTally();
  for (let start = 0; start < options.videos; start += batchSize) {
    const videos = [];
    for (let j = start; j < Math.min(options.videos, start + batchSize); j++) {
      const creator = demoCreator(seed, videoCreatorIndex(seed, j, options.creators, byField));
      const video = demoVideo(seed, asOf, j, creator, options.breakoutRate);
      tally.add(video);
      const detailed = j < options.detailedVideos;
      // Among the detailed works, so a deep comment section comes with its trend, audience and hot words.
      if (detailed) deep.add(video);
      videos.push({
        video,
        comments: demoComments(seed, video, options.commentsPerVideo, commentsUntil),
        trend: detailed ? demoTrend(seed, endOfDay(asOf), video) : null,
        portrait: detailed ? demoAudience(seed, video.desc, video.industry, j * 2) : null,
        transcript: detailed ? demoTranscript(seed, video) : null,
      });
    }
    yield { kind: 'videos', videos };
  }

  // Each industry's most liked works get a comment section deep enough to page to the 10th page; its
  // first comments are the ones already yielded (same ids), the rest extend it.
  const deepWorks = deep.videos().filter(() => options.commentsPerVideo > 0);
  if (deepWorks.length > 0) {
    yield {
      kind: 'comments',
      sections: deepWorks.map((video) => ({
        video,
        comments: demoComments(seed, video, DEEP_COMMENTS, commentsUntil),
      })),
    };
  }

  const sessions: DemoLiveSession[] = [];
  for (let s = 0; s < options.liveSessions; s++) {
    const session = demoLiveSession(seed, s, options.creators, now);
    if (session) sessions.push(session);
    if (sessions.length === 50 || s === options.liveSessions - 1) {
      yield { kind: 'live', sessions: sessions.splice(0) };
    }
  }
  yield { kind: 'topics', topics: tally.topics(seed, asOf, options.topics) };
}
