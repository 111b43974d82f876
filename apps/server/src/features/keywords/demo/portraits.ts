import type { KeywordPortrait, PortraitShare } from '@dso/contract';
import { fnv1a } from '../../../lib/text-hash';
import { mix32 } from './generator';

/**
 * Deterministic audience portraits for demo keywords: a profile per industry (美妆护肤 mostly women
 * aged 18-30, 汽车出行 mostly men 24-40, 三农 older and rural …), shifted a little per keyword by a
 * hash of its text, and a city in the keyword pulls its province and city up.
 */

type Distribution = Record<string, number>;

interface Profile {
  /** Share of women. */
  female: number;
  /** Relative weights of the age groups 18-23, 24-30, 31-40, 41-50, 50+. */
  ages: [number, number, number, number, number];
  /** Pull towards big cities (1) or smaller places (negative). */
  urban: number;
}

const ageGroups = ['18-23', '24-30', '31-40', '41-50', '50+'];

const profiles: Record<string, Profile> = {
  美妆护肤: { female: 0.86, ages: [34, 38, 18, 7, 3], urban: 0.5 },
  服饰穿搭: { female: 0.76, ages: [30, 36, 21, 9, 4], urban: 0.4 },
  母婴亲子: { female: 0.82, ages: [6, 42, 40, 9, 3], urban: 0.2 },
  数码家电: { female: 0.28, ages: [28, 34, 24, 10, 4], urban: 0.4 },
  家居家装: { female: 0.58, ages: [8, 32, 36, 17, 7], urban: 0.3 },
  旅游出行: { female: 0.6, ages: [24, 34, 24, 12, 6], urban: 0.5 },
  汽车出行: { female: 0.22, ages: [10, 34, 34, 16, 6], urban: 0.2 },
  教育培训: { female: 0.6, ages: [30, 26, 30, 10, 4], urban: 0.3 },
  健康医疗: { female: 0.62, ages: [10, 22, 28, 22, 18], urban: 0.1 },
  运动健身: { female: 0.48, ages: [30, 36, 22, 8, 4], urban: 0.4 },
  宠物: { female: 0.7, ages: [32, 38, 20, 7, 3], urban: 0.5 },
  游戏: { female: 0.26, ages: [46, 32, 16, 4, 2], urban: 0 },
  影视娱乐: { female: 0.56, ages: [32, 30, 22, 10, 6], urban: 0 },
  财经理财: { female: 0.4, ages: [8, 30, 36, 18, 8], urban: 0.5 },
  职场创业: { female: 0.46, ages: [22, 40, 28, 8, 2], urban: 0.4 },
  房产: { female: 0.44, ages: [4, 30, 40, 18, 8], urban: 0.4 },
  三农: { female: 0.38, ages: [6, 18, 30, 28, 18], urban: -0.6 },
  情感心理: { female: 0.72, ages: [34, 36, 20, 7, 3], urban: 0.2 },
  摄影艺术: { female: 0.55, ages: [30, 34, 22, 10, 4], urban: 0.4 },
};
const generalProfile: Profile = { female: 0.52, ages: [24, 30, 26, 13, 7], urban: 0 };

/** Provinces with a base share of online audiences. */
const provinces: Distribution = {
  广东: 11.5,
  江苏: 7.2,
  山东: 7,
  浙江: 6.6,
  河南: 6.4,
  四川: 5.6,
  河北: 4.8,
  湖北: 4.2,
  湖南: 4.2,
  福建: 3.6,
  安徽: 3.6,
  北京: 3.4,
  上海: 3.3,
  陕西: 2.8,
  辽宁: 2.7,
  江西: 2.6,
  广西: 2.6,
  重庆: 2.4,
  云南: 2.2,
  山西: 2,
  贵州: 1.8,
  黑龙江: 1.8,
  天津: 1.4,
  吉林: 1.3,
  内蒙古: 1.2,
  新疆: 1.2,
  甘肃: 1.1,
  海南: 0.8,
  宁夏: 0.4,
  青海: 0.3,
  西藏: 0.2,
};

/** Cities: province, level (一线 … 五线) and a base share. */
const cityTable: Array<[string, string, string, number]> = [
  ['上海', '上海', '一线', 3.3],
  ['北京', '北京', '一线', 3.4],
  ['深圳', '广东', '一线', 2.8],
  ['广州', '广东', '一线', 2.9],
  ['成都', '四川', '新一线', 2.3],
  ['重庆', '重庆', '新一线', 2.4],
  ['杭州', '浙江', '新一线', 1.8],
  ['武汉', '湖北', '新一线', 1.7],
  ['西安', '陕西', '新一线', 1.5],
  ['苏州', '江苏', '新一线', 1.4],
  ['郑州', '河南', '新一线', 1.5],
  ['南京', '江苏', '新一线', 1.3],
  ['天津', '天津', '新一线', 1.4],
  ['长沙', '湖南', '新一线', 1.3],
  ['东莞', '广东', '新一线', 1.2],
  ['宁波', '浙江', '新一线', 0.9],
  ['佛山', '广东', '新一线', 1.1],
  ['合肥', '安徽', '新一线', 1],
  ['青岛', '山东', '新一线', 1],
  ['沈阳', '辽宁', '二线', 0.9],
  ['昆明', '云南', '二线', 0.9],
  ['济南', '山东', '二线', 0.9],
  ['厦门', '福建', '二线', 0.6],
  ['福州', '福建', '二线', 0.8],
  ['温州', '浙江', '二线', 0.8],
  ['大连', '辽宁', '二线', 0.6],
  ['哈尔滨', '黑龙江', '二线', 0.8],
  ['长春', '吉林', '二线', 0.7],
  ['泉州', '福建', '二线', 0.7],
  ['石家庄', '河北', '二线', 0.9],
  ['南宁', '广西', '二线', 0.8],
  ['贵阳', '贵州', '二线', 0.6],
  ['南昌', '江西', '二线', 0.6],
  ['太原', '山西', '二线', 0.6],
  ['无锡', '江苏', '二线', 0.6],
  ['烟台', '山东', '三线', 0.5],
  ['洛阳', '河南', '三线', 0.5],
  ['扬州', '江苏', '三线', 0.4],
  ['桂林', '广西', '三线', 0.4],
  ['兰州', '甘肃', '二线', 0.5],
  ['海口', '海南', '三线', 0.3],
  ['三亚', '海南', '三线', 0.2],
  ['珠海', '广东', '二线', 0.4],
  ['呼和浩特', '内蒙古', '三线', 0.3],
  ['乌鲁木齐', '新疆', '二线', 0.4],
  ['银川', '宁夏', '三线', 0.2],
  ['西宁', '青海', '三线', 0.2],
  ['拉萨', '西藏', '四线', 0.1],
  ['丽江', '云南', '五线', 0.1],
  ['大理', '云南', '四线', 0.15],
];

const cityLevels: Distribution = { 一线: 17, 新一线: 24, 二线: 19, 三线: 17, 四线: 13, 五线: 10 };
const levelRank: Record<string, number> = { 一线: 0, 新一线: 1, 二线: 2, 三线: 3, 四线: 4, 五线: 5 };

function randomFor(seed: number) {
  let counter = 0;
  return () => mix32(seed, counter++) / 2 ** 32;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/** Shares summing to 1 (rounded to 4 decimals), largest first, the top `limit`. */
function shares(weights: Distribution, limit = Number.POSITIVE_INFINITY): PortraitShare[] {
  const total = Object.values(weights).reduce((sum, value) => sum + value, 0);
  return Object.entries(weights)
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, value]) => ({ name, value: round4(value / total) }));
}

/** Shares in a fixed order (age groups, city levels). */
function orderedShares(names: string[], weights: number[]): PortraitShare[] {
  const total = weights.reduce((sum, value) => sum + value, 0);
  return names.map((name, i) => ({ name, value: round4(weights[i]! / total) }));
}

export type DemoPortrait = Omit<KeywordPortrait, 'keyword' | 'as_of' | 'empty_text'>;

/**
 * The portrait of one demo keyword. Overseas keywords (TSO) get gender and age only: the region
 * lists are of Chinese provinces and cities.
 */
export function demoPortrait(keyword: string, industry: string | null, overseas: boolean): DemoPortrait {
  const random = randomFor(fnv1a(keyword));
  const profile = (industry && profiles[industry]) || generalProfile;
  const female = Math.min(0.97, Math.max(0.03, profile.female + (random() - 0.5) * 0.12));
  const ages = profile.ages.map((weight) => weight * (0.8 + random() * 0.4));
  const portrait: DemoPortrait = {
    gender_more: [
      { name: '女', value: round4(female) },
      { name: '男', value: round4(1 - female) },
    ],
    age_more: orderedShares(ageGroups, ages),
    province_more: [],
    city_more: [],
    city_level_more: [],
  };
  if (overseas) return portrait;

  const named = cityTable.find(([city]) => keyword.includes(city));
  const provinceWeights: Distribution = {};
  for (const [province, base] of Object.entries(provinces)) provinceWeights[province] = base * (0.75 + random() * 0.5);
  const cityWeights: Distribution = {};
  for (const [city, province, level, base] of cityTable) {
    const urbanPull = 1 + profile.urban * (levelRank[level]! <= 1 ? 0.6 : -0.3);
    cityWeights[city] = base * urbanPull * (0.7 + random() * 0.6);
    if (named && named[1] === province) provinceWeights[province] = (provinceWeights[province] ?? 0) * 1.2;
  }
  if (named) {
    // A local search: most searchers are in that city and its province.
    cityWeights[named[0]] = (cityWeights[named[0]] ?? 0) * 12;
    provinceWeights[named[1]] = (provinceWeights[named[1]] ?? 0) * 8;
  }
  const levelWeights: Distribution = {};
  for (const [level, base] of Object.entries(cityLevels)) {
    const rank = levelRank[level]!;
    levelWeights[level] = base * Math.max(0.2, 1 + profile.urban * (rank <= 1 ? 0.5 : -0.25)) * (0.85 + random() * 0.3);
  }
  portrait.province_more = shares(provinceWeights, 10);
  portrait.city_more = shares(cityWeights, 10);
  portrait.city_level_more = orderedShares(
    Object.keys(cityLevels),
    Object.keys(cityLevels).map((level) => levelWeights[level]!),
  );
  return portrait;
}
