import { videoLimits } from '@dso/contract';
import type { GoodsItem, PortraitShare } from '../../../db/schema/videos';
import { demoImageUrl } from '../../demo-images';
import { demoPortrait, type HeadPhrase, headPhrases, headTermGroups, industries, mix32 } from '../../keywords';
import type {
  CommentIngest,
  CreatorIngest,
  LiveSessionIngest,
  PortraitIngest,
  TopicIngest,
  TrendIngest,
  VideoIngest,
} from '../ingest/video-ingest.repository';
import { DEEP_COMMENTS, DeepCommentTally, demoComments } from './comments';
import { fill, gaussian, logNormal, pick, Stream, streamFor } from './random';
import { demoTrend, FOLLOWER_HISTORY_DAYS, followerHistory } from './series';
import { demoText, demoTitle, leadPhrase, MAX_TAGS } from './titles';
import {
  generalTails,
  goodsSuffixes,
  liveTitles,
  mcns,
  musicTitles,
  nicknameHeads,
  nicknameTails,
  signatures,
  transcriptCalls,
  transcriptGoodsLines,
  transcriptHooks,
  transcriptOrdinals,
  transcriptPoints,
  verifyTitles,
} from './vocab';

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

/** The share of works of accounts with at most 100,000 followers that get 10–50 likes per follower. */
export const DEMO_BREAKOUT_RATE = 0.04;

/** Videos made per head term before the rest: each head term of the keyword library has this many works. */
export const DEMO_VIDEOS_PER_HEAD_TERM = 4;
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

/**
 * A creator as the platform reports it: the ingest's record with its field and every figure known;
 * per-video averages are derived at ingest.
 */
export type DemoCreator = Omit<CreatorIngest, 'asOf' | 'isDemo'> & {
  index: number;
  field: string;
  followerGrowth30d: number;
  videoCommentTotalCount: number;
  videoShareTotalCount: number;
  videoCollectTotalCount: number;
  salesAmountFen30d: number;
  liveCount: number;
};

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

/** A comment as the ingest takes it, before it is put on its stored video. */
export type DemoComment = Omit<CommentIngest, 'videoId' | 'isDemo'>;

/** Hourly cumulative figures from the publish hour (the ingest's trend without its video); an hour after the as-of instant is null. */
export type DemoTrend = Omit<TrendIngest, 'videoId'>;

/** An audience portrait: each dimension's leading label and its distributions (the ingest's, before its subject is known). */
export type DemoPortrait = Omit<PortraitIngest, 'subjectType' | 'subjectId' | 'asOf' | 'isDemo'> & {
  atv: string;
  consume: string;
  liveness: string;
  category: string;
};

/** A demo live session: the ingest's shape (the seed adds `isDemo`) and the index of its creator. */
export type DemoLiveSession = Omit<LiveSessionIngest, 'isDemo' | 'goods'> & { goods: GoodsItem[]; creator: number };

/** A demo topic as the ingest takes it (the seed adds `isDemo`); its works are the most liked of the generated ones. */
export type DemoTopic = Omit<TopicIngest, 'isDemo'>;

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

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Works kept under a demo topic. */
const TOPIC_WORKS = 50;

export { DEEP_COMMENTS, demoComments, demoTrend, FOLLOWER_HISTORY_DAYS, followerHistory, streamFor };

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
/** The end of a Shanghai day, as an instant. */
export const endOfDay = (day: string) => new Date(Date.parse(`${day}T16:00:00Z`));

/** A demo creator's account as a source reports it (the seed and the sandbox add the figures). */
export function creatorAccountOf(creator: DemoCreator) {
  return {
    userId: creator.userId,
    uniqueId: creator.uniqueId,
    nickName: creator.nickName,
    avatar: creator.avatar,
    signature: creator.signature,
    gender: creator.gender,
    province: creator.province,
    city: creator.city,
    field: creator.field,
    verified: creator.verified,
    verifyInfo: creator.verifyInfo,
    isCommerce: creator.isCommerce,
    mcn: creator.mcn,
  };
}

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

// ---- ids: the indexes are written into the ids, so the sandbox finds a record's index from its id.

const CREATOR_ID_PREFIX = 'MS4wLjABAAAA';
const digits = (value: number, width: number) => String(value).padStart(width, '0');
const check = (seed: number, kind: number, index: number, width: number) =>
  digits(mix32(seed, kind * 1_000 + index) % 10 ** width, width);

/** A creator's platform id, shaped like Douyin's sec_uid; the index in base 36 after a check. */
export function demoCreatorId(seed: number, index: number): string {
  return `${CREATOR_ID_PREFIX}dso${check(seed, 1, index, 4)}${index.toString(36)}`;
}

/** The index of a demo creator id of this seed, or null. */
export function creatorIndexOf(seed: number, userId: string): number | null {
  const match = /^MS4wLjABAAAAdso(\d{4})([0-9a-z]+)$/.exec(userId);
  if (!match) return null;
  const index = Number.parseInt(match[2]!, 36);
  return Number.isSafeInteger(index) && demoCreatorId(seed, index) === userId ? index : null;
}

/** A 19-digit aweme id: 7, a check, the creator's index (7 digits) and the video's (8). */
export function demoAwemeId(seed: number, creator: number, index: number): string {
  return `7${check(seed, 2, index, 3)}${digits(creator, 7)}${digits(index, 8)}`;
}

/** The creator and video indexes of a demo aweme id of this seed, or null. */
export function videoIndexOf(seed: number, awemeId: string): { creator: number; index: number } | null {
  const match = /^7\d{3}(\d{7})(\d{8})$/.exec(awemeId);
  if (!match) return null;
  const creator = Number(match[1]);
  const index = Number(match[2]);
  return demoAwemeId(seed, creator, index) === awemeId ? { creator, index } : null;
}

// ---- creators

const industryNames = industries.map((industry) => industry.name);
const industryWeights = industryNames.map((_, rank) => 1 / (rank + 1) ** 0.6);
const industryWeightTotal = industryWeights.reduce((sum, value) => sum + value, 0);

/** A creator's 领域: the first creators cover every industry once, the rest follow the industries' popularity. */
export function creatorField(seed: number, index: number): string {
  if (index < industryNames.length) return industryNames[index]!;
  let left = streamFor(seed, Stream.CreatorField, index)() * industryWeightTotal;
  for (let i = 0; i < industryNames.length; i++) {
    left -= industryWeights[i]!;
    if (left <= 0) return industryNames[i]!;
  }
  return industryNames[0]!;
}

/** Creators' home cities and their provinces. */
const provinceOf: Record<string, string> = {
  北京: '北京',
  上海: '上海',
  广州: '广东',
  深圳: '广东',
  杭州: '浙江',
  成都: '四川',
  重庆: '重庆',
  武汉: '湖北',
  西安: '陕西',
  南京: '江苏',
  长沙: '湖南',
  天津: '天津',
  苏州: '江苏',
  郑州: '河南',
  青岛: '山东',
  厦门: '福建',
  昆明: '云南',
  沈阳: '辽宁',
  大连: '辽宁',
  哈尔滨: '黑龙江',
  济南: '山东',
  合肥: '安徽',
  福州: '福建',
  南昌: '江西',
  贵阳: '贵州',
  南宁: '广西',
  三亚: '海南',
  宁波: '浙江',
};
const cityNames = Object.keys(provinceOf);

const nicknameCount = nicknameHeads.length * generalTails.length;
/** A step through the head × form grid that visits every cell once before any repeats (coprime to its size). */
const NICKNAME_STEP = 7_919;

/**
 * Creator `index`'s nickname: a head in a form (小鹿的厨房, 是阿南呀), the first places of the forms
 * being the field's own. Indexes are dealt over the head × form grid by a step coprime to its size, so
 * the first {@link nicknameCount} creators (more than the first run's) never share a name and none
 * needs a numeric suffix; a benchmark's millions repeat names as a real platform's do.
 */
export function creatorNickname(seed: number, index: number, field: string): string {
  const cell = (index * NICKNAME_STEP + (mix32(seed, 31) % nicknameCount)) % nicknameCount;
  const head = nicknameHeads[cell % nicknameHeads.length]!;
  const place = Math.floor(cell / nicknameHeads.length);
  const own = nicknameTails[field] ?? [];
  const form = place < own.length ? own[place]! : generalTails[place]!;
  return form.replace('{h}', head);
}

/**
 * Creator `index`: followers from a long tail (most accounts are small, a few are head accounts), a
 * per-video like rate with wide spread, and totals over works the platform reports.
 */
export function demoCreator(seed: number, index: number): DemoCreator {
  const random = streamFor(seed, Stream.Creator, index);
  const field = creatorField(seed, index);
  const commerceIndustry = industries.find((entry) => entry.name === field)?.commerce ?? false;
  // 10^2.3 … 10^7.6, skewed to the tail: about 60% tail accounts, 7% head accounts.
  const followerCount = Math.round(10 ** (2.3 + 5.3 * random() ** 2.5));
  const growthRate = gaussian(random) * 0.04 + 0.015;
  const awemeCount = 40 + Math.floor(random() ** 2 * 900);
  const avgGood = Math.max(3, Math.round(followerCount * 0.03 * logNormal(random, 0.8)));
  const totalFavorited = avgGood * awemeCount;
  const city = pick(cityNames, random);
  const verified = followerCount > 500_000 ? random() < 0.7 : random() < 0.06;
  const isCommerce = random() < (commerceIndustry ? 0.55 : 0.2);
  // The two draws that once picked the name's parts, kept so no later figure moves.
  random();
  random();
  const nickName = creatorNickname(seed, index, field);
  const short = field.slice(0, 2);
  const userId = demoCreatorId(seed, index);
  return {
    index,
    userId,
    uniqueId: `dy${mix32(seed, index + 7_000_000).toString(36)}${index.toString(36)}`,
    nickName,
    avatar: demoImageUrl('avatar', { key: userId, title: nickName, category: field }),
    signature: fill(pick(signatures, random), { f: short, n: String(1 + Math.floor(random() * 9)) }),
    gender: random() < 0.08 ? 0 : random() < 0.55 ? 2 : 1,
    province: provinceOf[city]!,
    city,
    field,
    verified,
    verifyInfo: verified ? fill(pick(verifyTitles, random), { f: short }) : null,
    isCommerce,
    mcn: followerCount > 100_000 && random() < 0.5 ? pick(mcns, random) : null,
    followerCount,
    followerGrowth30d: Math.round(followerCount * growthRate),
    totalFavorited,
    awemeCount,
    videoCommentTotalCount: Math.round(totalFavorited * (0.01 + random() * 0.03)),
    videoShareTotalCount: Math.round(totalFavorited * (0.004 + random() * 0.015)),
    videoCollectTotalCount: Math.round(totalFavorited * (0.02 + random() * 0.06)),
    salesAmountFen30d: isCommerce ? Math.round(followerCount * 40 * logNormal(random, 1.5)) : 0,
    liveCount: isCommerce ? 1 + Math.floor(random() ** 2 * 300) : 0,
  };
}

// ---- portraits

/** A portrait of a video or creator about `subject` in `industry` (the keyword demo's profiles by industry). */
export function demoAudience(seed: number, subject: string, industry: string, index: number): DemoPortrait {
  const random = streamFor(seed, Stream.Portrait, index);
  const base = demoPortrait(subject, industry, false);
  const top = (shares: PortraitShare[]) =>
    shares.length ? shares.reduce((best, share) => (share.value > best.value ? share : best)).name : null;
  const ios = 0.3 + random() * 0.25;
  const deviceMore = [
    { name: 'iPhone', value: round4(ios) },
    { name: '华为', value: round4((1 - ios) * 0.38) },
    { name: 'OPPO', value: round4((1 - ios) * 0.22) },
    { name: 'vivo', value: round4((1 - ios) * 0.21) },
    { name: '小米', value: round4((1 - ios) * 0.19) },
  ];
  const others = industryNames.filter((name) => name !== industry);
  const interests = [industry];
  while (interests.length < 6) {
    const next = pick(others, random);
    if (!interests.includes(next)) interests.push(next);
  }
  const weights = interests.map((_, rank) => (rank === 0 ? 3 : 1) * (0.6 + random()));
  const total = weights.reduce((sum, value) => sum + value, 0);
  const interestMore = interests.map((name, rank) => ({ name, value: round4(weights[rank]! / total) }));
  return {
    gender: top(base.gender_more),
    age: top(base.age_more),
    province: top(base.province_more),
    city: top(base.city_more),
    cityLevel: top(base.city_level_more),
    device: top(deviceMore),
    atv: pick(['0-50', '50-100', '100-200', '200-500', '500以上'], random),
    consume: pick(['低', '中', '中高', '高'], random),
    liveness: pick(['低', '中', '高'], random),
    category: industry,
    area: top(base.province_more),
    genderMore: base.gender_more,
    ageMore: base.age_more,
    provinceMore: base.province_more,
    cityMore: base.city_more,
    cityLevelMore: base.city_level_more,
    deviceMore,
    interestMore,
  };
}

// ---- videos

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

function goodsFor(subject: string, industry: string, random: () => number, count: number): GoodsItem[] {
  return Array.from({ length: count }, () => {
    // Prices end in .90 as shops set them: ¥9.90 … ¥499.90.
    const priceFen = Math.round(10 + random() ** 2 * 490) * 100 - 10;
    // Drawn in the order the fields were always drawn, so no other figure moves.
    const title = `${subject}${pick(goodsSuffixes, random)}`;
    const sales = Math.round(logNormal(random, 1.4) * 300);
    const productId = String(3_500_000_000_000_000 + Math.floor(random() * 1e15));
    return {
      title,
      price_fen: priceFen,
      sales,
      cover: demoImageUrl('goods', { key: productId, title, category: industry }),
      product_id: productId,
    };
  });
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

/** Points a spoken script makes: 3 for a work under a minute, one more per further minute, at most 6. */
const transcriptPointCount = (durationMs: number) => Math.min(6, 3 + Math.floor(durationMs / 60_000));

/**
 * The stored transcript of a video work: what its creator says, as a speech-to-text vendor would hand
 * it back, one spoken sentence (or two) a line. A hook naming the title's lead phrase, 3–6 numbered
 * points about the subject (more for longer works), the goods line when the work sells something, and
 * a call to action. Template fills from its own stream, so it costs microseconds a work and adding it
 * shifted no other figure; null for an image-text post (nothing is spoken).
 */
export function demoTranscript(seed: number, video: DemoVideo): string | null {
  if (video.durationMs <= 0) return null;
  const random = streamFor(seed, Stream.Transcript, video.index);
  const values = {
    t: video.subject,
    l: leadPhrase(video),
    f: video.industry,
    n: String(2 + Math.floor(random() * 8)),
  };
  const lines = [fill(pick(transcriptHooks, random), values)];
  const points = [...transcriptPoints];
  const count = transcriptPointCount(video.durationMs);
  for (let k = 0; k < count; k++) {
    const [point] = points.splice(Math.floor(random() * points.length), 1);
    lines.push(fill(point!, { ...values, o: k === count - 1 ? '最后' : transcriptOrdinals[k]! }));
  }
  const good = video.goods[0];
  if (good) lines.push(fill(pick(transcriptGoodsLines, random), { g: good.title }));
  lines.push(fill(pick(transcriptCalls, random), values));
  return lines.join('\n');
}

// ---- live sessions

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
  const roomId = `73${check(seed, 3, index, 3)}${digits(creator.index, 7)}${digits(index, 7)}`;
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

// ---- the stream

/** What the topics are made of, gathered while the videos stream past. */
class TopicTally {
  private readonly subjects = new Map<
    string,
    { video: DemoVideo[]; image: DemoVideo[]; works: [number, number]; heat: number }
  >();

  add(video: DemoVideo) {
    const entry = this.subjects.get(video.subject) ?? { video: [], image: [], works: [0, 0], heat: 0 };
    const image = video.durationMs === 0;
    const list = image ? entry.image : entry.video;
    entry.works[image ? 1 : 0]++;
    entry.heat += video.goodCount + video.commentCount * 5 + video.shareCount * 10;
    // Keep the most liked works only.
    list.push(video);
    if (list.length > TOPIC_WORKS * 2) {
      list.sort((a, b) => b.goodCount - a.goodCount);
      list.length = TOPIC_WORKS;
    }
    this.subjects.set(video.subject, entry);
  }

  /** The subjects with the most works, per kind, as topics of the day. */
  topics(seed: number, asOf: string, perKind: number): DemoTopic[] {
    const topics: DemoTopic[] = [];
    for (const kind of ['video', 'image_text'] as const) {
      const ranked = [...this.subjects.entries()]
        .map(([name, entry]) => ({
          name,
          list: kind === 'video' ? entry.video : entry.image,
          works: entry.works[kind === 'video' ? 0 : 1],
          heat: entry.heat,
        }))
        .filter((entry) => entry.works > 0)
        .sort((a, b) => b.works - a.works || b.heat - a.heat || (a.name < b.name ? -1 : 1))
        .slice(0, perKind);
      ranked.forEach((entry, rank) => {
        const random = streamFor(seed, Stream.Topic, rank * 2 + (kind === 'video' ? 0 : 1));
        topics.push({
          kind,
          name: entry.name,
          day: asOf,
          heat: Math.round(entry.heat * (kind === 'video' ? 1 : 0.3) * (5 + random() * 20)) + 1,
          videoCount: entry.works * (50 + Math.floor(random() * 400)),
          growth: Math.round(gaussian(random) * 0.25 * 1000) / 1000,
          awemeIds: [...entry.list]
            .sort((a, b) => b.goodCount - a.goodCount)
            .slice(0, TOPIC_WORKS)
            .map((video) => video.awemeId),
        });
      });
    }
    return topics;
  }
}

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
