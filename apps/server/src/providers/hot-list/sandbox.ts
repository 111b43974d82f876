import { createHash } from 'node:crypto';
import { shanghaiDay } from '@dso/domain';
import { mix32 } from '../../features/keywords/demo/generator';
import { headPhrases } from '../../features/keywords/demo/head-terms';
import type { HotBoard, HotListProvider, HotTopicEntry, HotVideoEntry, HotWordEntry } from './index';

/*
 * The sandbox hot lists (HOT_LIST_PROVIDER=sandbox, the default): boards drawn from the demo library's vocabulary
 * (the head terms' long tails people really search, 露营装备推荐, 北京美食 …) and a short list of evergreen
 * event-like topics, so the boards read like Douyin's. The same Asia/Shanghai day gives the same boards on every
 * instance; another day gives others. A board's as-of time is never after the moment it is read: the hot search
 * board stands at the last even hour (Douyin refreshes it about every two hours), the daily boards at the start
 * of the day.
 */

export interface SandboxHotListOptions {
  now?: () => Date;
}

const HOUR_MS = 3_600_000;
const BOARD_SIZE = 50;
const RISING_SIZE = 20;

/** Event-like topics that fit any day; the rest of a board comes from the demo library's long tails. */
const evergreenTopics = [
  '全国多地迎来降温',
  '年货节囤货清单',
  '周末去哪儿玩',
  '打工人的午饭吃什么',
  '考研倒计时',
  '国产电影票房新纪录',
  '高铁上的暖心一幕',
  '第一次带爸妈旅行',
  '居家健身三十天挑战',
  '家常菜的正确做法',
  '城市夜景随手拍',
  '萌宠的迷惑行为',
  '冬日暖心穿搭',
  '小城旅游意外走红',
  '宝藏小店探店',
  '外卖小哥的一天',
  '节后返工第一天',
  '听劝改造出租屋',
  '县城婚礼有多热闹',
  '孩子的神回复',
  '农村大集人气爆棚',
  '非遗手艺人的坚守',
  '一人食的快乐',
  '毕业季的最后一顿饭',
];

const creators = ['旅行的阿杰', '穿搭小鹿', '厨房里的老王', '萌宠日记', '健身的阿明', '探店小分队', '手工匠人阿青'];
const videoForms = [
  '{}｜真实体验分享',
  '三分钟看懂{}',
  '{}，我终于找到了答案',
  '关于{}，你一定要知道',
  '{}的正确打开方式',
];
const topicForms = ['{}挑战', '{}日常', '{}vlog', '{}好物分享', '{}教程'];

/** A stream of uniform numbers in [0, 1) for one board of one day. */
function randomFor(day: string, board: string): () => number {
  const seed = createHash('sha256').update(`${day}:${board}`).digest().readUInt32BE(0);
  let counter = 0;
  return () => mix32(seed, counter++) / 2 ** 32;
}

/** `count` distinct items of `pool`, in a seeded order. */
function pick<Item>(pool: readonly Item[], count: number, random: () => number): Item[] {
  const items = [...pool];
  for (let index = items.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items.slice(0, count);
}

/** Heat falling with the rank from `top`, a little noise, and strictly decreasing. */
function heats(count: number, top: number, random: () => number): number[] {
  const values: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = Math.round(top * 0.955 ** index * (0.97 + random() * 0.06));
    values.push(Math.min(value, (values.at(-1) ?? value + 1) - 1));
  }
  return values;
}

const longTails = () => headPhrases().filter((phrase) => phrase.rank > 0);

export function createSandboxHotList(options: SandboxHotListOptions = {}): HotListProvider {
  const now = options.now ?? (() => new Date());
  /** The start of the Shanghai day holding `at`. */
  const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

  return {
    name: 'sandbox',
    isDemo: true,

    async fetchHotSearch(): Promise<HotBoard<HotWordEntry>> {
      const at = now();
      const day = shanghaiDay(at);
      const random = randomFor(day, 'hot-search');
      const tails = pick(longTails(), BOARD_SIZE, random).map((phrase) => phrase.keyword);
      const words = pick([...new Set([...pick(evergreenTopics, 12, random), ...tails])], BOARD_SIZE, random);
      const values = heats(words.length, 12_000_000, random);
      const entries = words.map(
        (word, index): HotWordEntry => ({
          word,
          rank: index + 1,
          hotValue: values[index]!,
          label: index < 3 ? '热' : random() < 0.12 ? '新' : null,
          videoCount: 20 + Math.floor(random() * 800),
        }),
      );
      // Shanghai is UTC+8, so its even hours are UTC's.
      return { entries, asOf: new Date(Math.floor(at.getTime() / (2 * HOUR_MS)) * 2 * HOUR_MS) };
    },

    async fetchRisingWords(): Promise<HotBoard<HotWordEntry>> {
      const at = now();
      const random = randomFor(shanghaiDay(at), 'rising');
      const words = pick(longTails(), RISING_SIZE, random).map((phrase) => phrase.keyword);
      const values = heats(words.length, 600_000, random);
      const entries = words.map(
        (word, index): HotWordEntry => ({
          word,
          rank: index + 1,
          hotValue: values[index]!,
          label: random() < 0.3 ? '新' : null,
          videoCount: null,
        }),
      );
      return { entries, asOf: at };
    },

    async fetchHotVideos(): Promise<HotBoard<HotVideoEntry>> {
      const day = shanghaiDay(now());
      const random = randomFor(day, 'hot-video');
      const phrases = pick(longTails(), BOARD_SIZE, random);
      const values = heats(phrases.length, 9_900_000, random);
      const entries = phrases.map((phrase, index): HotVideoEntry => {
        const plays = Math.round(values[index]! * (1 + random()));
        return {
          rank: index + 1,
          title: videoForms[Math.floor(random() * videoForms.length)]!.replace('{}', phrase.keyword),
          author: creators[Math.floor(random() * creators.length)]!,
          // The sandbox has no real video to point at.
          cover: '',
          shareUrl: '',
          playCount: plays,
          likeCount: Math.round(plays * (0.03 + random() * 0.06)),
          commentCount: Math.round(plays * (0.001 + random() * 0.004)),
          hotWords: [...new Set([phrase.term, phrase.keyword])],
          hotValue: values[index]!,
        };
      });
      return { entries, asOf: dayStart(day) };
    },

    async fetchHotTopics(): Promise<HotBoard<HotTopicEntry>> {
      const day = shanghaiDay(now());
      const random = randomFor(day, 'topic');
      const terms = pick([...new Set(longTails().map((phrase) => phrase.term))], BOARD_SIZE, random);
      const values = heats(terms.length, 1_900_000, random);
      const entries = terms.map(
        (term, index): HotTopicEntry => ({
          title: topicForms[Math.floor(random() * topicForms.length)]!.replace('{}', term),
          rank: index + 1,
          rankChange: random() < 0.15 ? null : Math.floor(random() * 11) - 5,
          effectValue: values[index]!,
        }),
      );
      return { entries, asOf: dayStart(day) };
    },
  };
}
