import { videoLimits } from '@dso/contract';
import type { GoodsItem } from '../../../db/schema/videos';
import { demoImageUrl } from '../../demo-images';
import { type HeadPhrase, headPhrases, headTermGroups, industries, mix32 } from '../../keywords';
import type { VideoIngest } from '../ingest/video-ingest.repository';
import { creatorField, type DemoCreator } from './creators';
import { goodsFor } from './goods';
import { demoAwemeId } from './ids';
import { logNormal, pick, Stream, streamFor } from './random';
import { demoText, demoTitle, MAX_TAGS } from './titles';
import { musicTitles } from './vocab';

/*
 * The demo's works: the head-term plan first (every head term of the keyword demo, titled with it), then
 * each creator's first work, then works drawn over all creators.
 */

/** The share of works of accounts with at most 100,000 followers that get 10–50 likes per follower. */
export const DEMO_BREAKOUT_RATE = 0.04;

/** Videos made per head term before the rest: each head term of the keyword library has this many works. */
export const DEMO_VIDEOS_PER_HEAD_TERM = 4;

/**
 * A video or image-text post (duration 0) with its figures at the end of asOf: the ingest's record with
 * every figure known (no transcript yet), and what the demo made it from.
 */
export type DemoVideo = Omit<VideoIngest, 'fetchedAt' | 'transcript' | 'isDemo' | 'score' | 'goods' | 'wordNew'> & {
  index: number;
  /** Index of its creator. */
  creator: number;
  industry: string;
  /** What the work is about: a head term or an industry topic. */
  subject: string;
  score: number;
  goods: GoodsItem[];
  wordNew: string[];
  /** The keyword-library phrases (DSO) the title and hashtags hold, the title's lead phrase first. */
  keywords: string[];
  /** Its title (the description's first sentence) and the form it was made from (title-forms.ts). */
  title: string;
  titleForm: string;
};

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The end of a Shanghai day, as an instant. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T16:00:00Z`));

/** A demo work's fields as a source reports them, but its goods (the seed stores them, the sandbox answers them). */
export function videoFieldsOf(video: DemoVideo) {
  return {
    awemeId: video.awemeId,
    authorUserId: video.authorUserId,
    desc: video.desc,
    tags: video.tags,
    cover: video.cover,
    shareUrl: video.shareUrl,
    playUrl: video.playUrl,
    createTime: video.createTime,
    durationMs: video.durationMs,
    goodCount: video.goodCount,
    commentCount: video.commentCount,
    shareCount: video.shareCount,
    collectCount: video.collectCount,
    musicId: video.musicId,
    musicTitle: video.musicTitle,
    status: video.status,
  };
}

/** The head-term plan: every head term `DEMO_VIDEOS_PER_HEAD_TERM` times, round by round. */
const headPlan: Array<{ term: string; industry: string }> = [];
for (let round = 0; round < DEMO_VIDEOS_PER_HEAD_TERM; round++) {
  for (const group of headTermGroups) for (const term of group.terms) headPlan.push({ term, industry: group.industry });
}

/** The videos that open the stream, one per head term per round, each titled with its term. */
export const HEAD_PLAN_VIDEOS = headPlan.length;

/** Head terms by industry, and each term's most searched long tails (what titles and the keyword links use). */
const headTermsOf = new Map<string, string[]>();
for (const group of headTermGroups)
  headTermsOf.set(group.industry, [...(headTermsOf.get(group.industry) ?? []), ...group.terms]);
let tailsByTerm: Map<string, HeadPhrase[]> | null = null;
function tailsOf(term: string): HeadPhrase[] {
  if (!tailsByTerm) {
    tailsByTerm = new Map();
    for (const phrase of headPhrases()) {
      // The most searched tails are in every library size the keyword demo makes.
      if (phrase.rank === 0 || phrase.rank > 8 || !phrase.keyword.startsWith(phrase.term)) continue;
      tailsByTerm.set(phrase.term, [...(tailsByTerm.get(phrase.term) ?? []), phrase]);
    }
  }
  return tailsByTerm.get(term) ?? [];
}
const headTermSet = new Set(headTermGroups.flatMap((group) => group.terms));
const topicsOf = new Map(industries.map((industry) => [industry.name, industry.topics]));

/**
 * Which creator makes video `index`: a head-plan video goes to a creator of its term's industry (the
 * caller's `creatorsByField`), the next `creators` one to each creator in turn (every creator has a
 * work), any other to a creator drawn over all of them.
 */
export function videoCreatorIndex(
  seed: number,
  index: number,
  creators: number,
  creatorsByField: ReadonlyMap<string, readonly number[]>,
): number {
  const random = streamFor(seed, Stream.VideoCreator, index);
  // The works after the head plan give each creator one work first, so no creator's works tab is empty.
  const own = index - HEAD_PLAN_VIDEOS;
  if (own >= 0 && own < creators) return own;
  const planned = headPlan[index];
  const pool = planned ? creatorsByField.get(planned.industry) : undefined;
  if (pool?.length) return pool[Math.floor(random() * pool.length)]!;
  return Math.floor(random() * creators);
}

/** The creators of each industry, by index (for {@link videoCreatorIndex}). */
export function creatorsByField(seed: number, creators: number): Map<string, number[]> {
  const map = new Map<string, number[]>();
  for (let i = 0; i < creators; i++) {
    const field = creatorField(seed, i);
    const list = map.get(field);
    if (list) list.push(i);
    else map.set(field, [i]);
  }
  return map;
}

/**
 * Video `index` of `creator`: about a head term (the plan's, or one of its industry's) or an industry
 * topic; likes around the creator's per-video average with wide spread; comments, shares and collects
 * small fractions of the likes; one in seven is an image-text post (duration 0, no play address).
 */
export function demoVideo(
  seed: number,
  asOf: string,
  index: number,
  creator: DemoCreator,
  breakoutRate = DEMO_BREAKOUT_RATE,
): DemoVideo {
  const random = streamFor(seed, Stream.Video, index);
  const industry = creator.field;
  const planned = headPlan[index];
  const ownTerms = headTermsOf.get(industry) ?? [];
  const headTerm =
    planned && planned.industry === industry
      ? planned.term
      : ownTerms.length && random() < 0.45
        ? pick(ownTerms, random)
        : null;
  const subject = headTerm ?? pick(topicsOf.get(industry)!, random);
  // Half the head-term works lead with one of the term's most searched long tails (露营装备推荐 …).
  const tails = headTerm ? tailsOf(headTerm) : [];
  const lead = tails.length && random() < 0.5 ? pick(tails, random).keyword : subject;
  // The title draws from a stream of its own; these two draws once picked its template and number, kept
  // so no later figure moves.
  random();
  random();
  const titleRandom = streamFor(seed, Stream.Title, index);
  // A long tail leads the title as an SEO title does: 防晒霜哪个牌子好｜防晒霜避坑指南 ….
  const { title, form } = demoTitle(titleRandom, subject, lead, industry, asOf.slice(0, 4));
  const withTips = random() < 0.5;
  // A sentence naming searched relatives, then the subject, the industry and further relatives, each
  // tagged once (a subject that is its industry's short name, 美食 in 美食餐饮, once, not twice).
  const { summary, tags, phrases } = demoText(titleRandom, subject, industry, title);
  if (withTips && tags.length < MAX_TAGS && !tags.includes('干货分享')) tags.push('干货分享');
  const desc = `${title} ${summary} ${tags.map((tag) => `#${tag}`).join(' ')}`;
  const imageText = random() < 0.14;
  const avgGood = creator.totalFavorited / creator.awemeCount;
  let goodCount = Math.round(avgGood * logNormal(random, 0.9) + random() * 20);
  const commentRate = 0.01 + random() * 0.04;
  const shareRate = 0.004 + random() * 0.02;
  const collectRate = 0.02 + random() * 0.08;
  // Skewed to the recent: a few works are inside their first 72 hours at asOf's end.
  const ageMs = random() ** 2.2 * 365 * DAY_MS + random() * HOUR_MS;
  const createTime = new Date(endOfDay(asOf).getTime() - Math.round(ageMs / 1000) * 1000);
  const roll = random();
  const status = roll < 0.012 ? 'deleted' : roll < 0.02 ? 'hidden' : 'normal';
  const awemeId = demoAwemeId(seed, creator.index, index);
  const withGoods = creator.isCommerce && random() < 0.5;
  const musicTitle = imageText && random() < 0.5 ? null : pick(musicTitles, random);
  const lostLink = random() < 0.02;
  // A few works of small accounts break out far beyond their followers (the lowPowderPop list's works).
  if (creator.followerCount <= videoLimits.lowFollowerMaxFollowers && random() < breakoutRate) {
    const perFollower = videoLimits.lowFollowerMinLikesPerFollower * (1 + random() * 4);
    goodCount = Math.max(goodCount, Math.round(creator.followerCount * perFollower));
  }
  const commentCount = Math.round(goodCount * commentRate);
  const shareCount = Math.round(goodCount * shareRate);
  const collectCount = Math.round(goodCount * collectRate);
  // The library phrases the title and hashtags hold, the lead first (what comments and scripts name).
  const keywords = [
    ...(phrases.includes(lead) ? [lead] : []),
    ...phrases.filter((text) => text !== lead).sort((a, b) => [...b].length - [...a].length),
  ];
  return {
    index,
    awemeId,
    creator: creator.index,
    authorUserId: creator.userId,
    industry,
    subject,
    desc,
    tags,
    score: Math.round(Math.min(99, 35 + Math.log10(goodCount + 1) * 9 + random() * 10)),
    cover: demoImageUrl('cover', { key: awemeId, title, subject, category: industry }),
    shareUrl: `https://www.douyin.com/video/${awemeId}`,
    playUrl: imageText || lostLink ? null : `https://www.douyin.com/video/${awemeId}`,
    createTime,
    durationMs: imageText ? 0 : Math.round(7_000 + random() ** 2 * 290_000),
    goodCount,
    commentCount,
    shareCount,
    collectCount,
    musicId: musicTitle ? String(7_100_000_000_000_000 + (mix32(seed, musicTitles.indexOf(musicTitle)) % 1e9)) : null,
    musicTitle,
    goods: withGoods ? goodsFor(subject, industry, random, 1 + Math.floor(random() * 3)) : [],
    status,
    wordNew: [...new Set([subject, ...(headTermSet.has(lead) ? [] : [lead]), ...tags.slice(1, 4)])],
    keywords,
    title,
    titleForm: form,
  };
}
