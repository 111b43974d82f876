import { demoImageUrl } from '../../demo-images';
import { industries, mix32 } from '../../keywords';
import type { CreatorIngest } from '../ingest/video-ingest.repository';
import { demoCreatorId } from './ids';
import { fill, gaussian, logNormal, pick, Stream, streamFor } from './random';
import { generalTails, mcns, nicknameHeads, nicknameTails, signatures, verifyTitles } from './vocab';

/* The demo's creators: each a pure function of the seed and its index. */

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

/** The industries, most popular first. */
export const industryNames = industries.map((industry) => industry.name);
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
