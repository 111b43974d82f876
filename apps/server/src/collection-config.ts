import { Cron } from 'croner';
import type { Env, ProviderVariable } from './config';

/*
 * Scheduled collection's settings (docs/collection.md): its sources, its collections and how COLLECT_SCHEDULES,
 * COLLECT_DAILY_CALLS and COLLECT_CALLS_PER_SECOND are read. config.ts re-exports all of it.
 */

/**
 * The sources collection calls (docs/collection.md): the variable that picks each one's provider, its daily call
 * budget and its pace by default. TikHub documents no fixed limit beyond its plan's QPS; 5 calls a second stays
 * well under the lowest plan's.
 */
export const collectionSources = {
  'platform-data': { variable: 'PLATFORM_DATA_PROVIDER', dailyCalls: 5_000, callsPerSecond: 5 },
  /** A call is one board read (the rising words' pages and the client token included); the boards are few. */
  'hot-list': { variable: 'HOT_LIST_PROVIDER', dailyCalls: 500, callsPerSecond: 1 },
} as const satisfies Record<string, { variable: ProviderVariable; dailyCalls: number; callsPerSecond: number }>;

export type CollectionSource = keyof typeof collectionSources;

/**
 * The scheduled collections (docs/collection.md): each one's source and default cron (Asia/Shanghai). The
 * collection feature's registry holds a handler for exactly these names; COLLECT_SCHEDULES overrides a cron or
 * turns a collection off.
 */
export const scheduledCollections = {
  /** Videos and creators members collect or monitor, refreshed through the videos' refresh path. */
  watched_works: { label: '关注作品刷新', source: 'platform-data', defaultCron: '30 4 * * *', library: null },
  /** 热搜榜, 上升热点榜 and the big cities' 同城热点榜 into the Douyin library, every two hours. */
  hot_boards: { label: '抖音热榜采集', source: 'platform-data', defaultCron: '10 */2 * * *', library: 'DSO' },
  /** Douyin Open Platform's 热点榜 and 上升词: the second source of the same boards, half-way between. */
  douyin_hot_boards: {
    label: '抖音开放平台热榜采集',
    source: 'hot-list',
    defaultCron: '10 1-23/2 * * *',
    library: 'DSO',
  },
  /** The 下拉词 of the Douyin library's most searched words, daily. */
  suggestions: { label: '下拉词采集', source: 'platform-data', defaultCron: '0 5 * * *', library: 'DSO' },
  /** The library's most liked videos and their authors, refreshed daily through the videos' refresh path. */
  top_works: { label: '热门作品刷新', source: 'platform-data', defaultCron: '0 6 * * *', library: null },
  /** 小红书's 热榜 and 热搜词 into the 小红书 library (`libraryBoards`), every two hours after the Douyin boards. */
  red_hot_boards: { label: '小红书热榜采集', source: 'platform-data', defaultCron: '20 */2 * * *', library: 'RSO' },
  /** 快手's 热榜 and 搜索榜 into the 快手 library. */
  kuaishou_hot_boards: { label: '快手热榜采集', source: 'platform-data', defaultCron: '30 */2 * * *', library: 'KSO' },
  /** 小红书's 联想词 of the 小红书 library's most searched words (`redSuggestionWords`), daily. */
  red_suggestions: { label: '小红书联想词采集', source: 'platform-data', defaultCron: '30 5 * * *', library: 'RSO' },
  /** B站's 热门搜索 into the B站 library. */
  bilibili_hot_boards: { label: 'B站热搜采集', source: 'platform-data', defaultCron: '40 */2 * * *', library: 'BSO' },
  /** New works for the Douyin library's most searched words (`discoveryWords`), found through the source's search. */
  work_discovery: { label: '新作品发现', source: 'platform-data', defaultCron: '0 7 * * *', library: null },
  /** The 话题推荐 of the Douyin library's most searched words (`topicSuggestionWords`) into the topic library, daily. */
  topic_suggestions: { label: '话题采集', source: 'platform-data', defaultCron: '30 7 * * *', library: null },
} as const satisfies Record<
  string,
  {
    label: string;
    source: CollectionSource;
    defaultCron: string;
    /** The keyword library the collection feeds (its words join it); null for the videos' collections. */
    library: string | null;
  }
>;

/**
 * Which board of its platform each library besides Douyin's reads, through the platform data source, and the
 * collection that reads them: the one place that says so (docs/collection.md, "Libraries and their sources"). The
 * libraries missing here and from `scheduledCollections` (WSO, TSO) have no source: the console says 暂无数据源.
 */
export const libraryBoards = {
  RSO: { collection: 'red_hot_boards', boards: ['hot', 'search'] },
  KSO: { collection: 'kuaishou_hot_boards', boards: ['hot', 'search'] },
  BSO: { collection: 'bilibili_hot_boards', boards: ['search'] },
} as const satisfies Record<string, { collection: keyof typeof scheduledCollections; boards: readonly string[] }>;

export type CollectionName = keyof typeof scheduledCollections;

/**
 * How many of the Douyin library's most searched words `suggestions` asks about a day: one call each, within the
 * platform data source's default 5,000 calls a day beside the other collections.
 */
export const suggestionWords = 2_000;

/**
 * How many of the 小红书 library's most searched words `red_suggestions` asks about a day: one call each, the budget's
 * remainder beside the Douyin collections' (2,000 下拉词, 800 for top works, about 200 board reads).
 */
export const redSuggestionWords = 500;

/** How many of the most liked videos `top_works` refreshes a day: four calls each (video, author, comments, trend). */
export const topWorksCount = 200;

/**
 * How many of the Douyin library's most searched words `work_discovery` searches a day: one call each, and one more
 * for each author of a new work the library lacks, within what the collections above leave of the daily budget.
 */
export const discoveryWords = 100;

/**
 * How many of the Douyin library's most searched words `topic_suggestions` asks for their 话题推荐 a day: one call
 * each, after the collections above, within the platform data source's daily budget.
 */
export const topicSuggestionWords = 300;

/**
 * The cities whose 同城热点榜 `hot_boards` reads (GB/T 2260 codes, as TikHub takes them): the five biggest
 * short-video markets, each one more call per run.
 */
export const hotBoardCities = ['110000', '310000', '440100', '440300', '510100'] as const;

/** `name=value;name=value` into pairs, each problem named; unknown names are problems too. */
function namedSettings(variable: string, raw: string, names: readonly string[]) {
  const values = new Map<string, string>();
  const problems: string[] = [];
  for (const part of raw.split(';')) {
    if (part.trim() === '') continue;
    const at = part.indexOf('=');
    const name = at < 0 ? part.trim() : part.slice(0, at).trim();
    if (at < 0 || !names.includes(name)) {
      problems.push(`${variable}: 无法识别“${part.trim()}”，应为 名称=值，名称为 ${names.join('、')} 之一`);
      continue;
    }
    values.set(name, part.slice(at + 1).trim());
  }
  return { values, problems };
}

/** The schedule of each collection (a cron, or null when off), the budgets and paces, or the problems. */
export function collectionSettings(
  env: Pick<Env, 'COLLECT_SCHEDULES' | 'COLLECT_DAILY_CALLS' | 'COLLECT_CALLS_PER_SECOND'> &
    Partial<Pick<Env, ProviderVariable>>,
) {
  const names = Object.keys(scheduledCollections) as CollectionName[];
  const sources = Object.keys(collectionSources) as CollectionSource[];
  const schedules = namedSettings('COLLECT_SCHEDULES', env.COLLECT_SCHEDULES, names);
  const budgets = namedSettings('COLLECT_DAILY_CALLS', env.COLLECT_DAILY_CALLS, sources);
  const paces = namedSettings('COLLECT_CALLS_PER_SECOND', env.COLLECT_CALLS_PER_SECOND, sources);
  const problems = [...schedules.problems, ...budgets.problems, ...paces.problems];
  const crons = {} as Record<CollectionName, string | null>;
  for (const name of names) {
    const value = schedules.values.get(name) ?? scheduledCollections[name].defaultCron;
    if (value === 'off') {
      crons[name] = null;
      continue;
    }
    try {
      new Cron(value, { paused: true });
      crons[name] = value;
    } catch (error) {
      problems.push(`COLLECT_SCHEDULES: ${name} 的 cron 表达式“${value}”无效（${(error as Error).message}）`);
      crons[name] = null;
    }
  }
  const number = (variable: string, name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (Number.isFinite(parsed) && parsed > 0) return parsed;
    problems.push(`${variable}: ${name} 应为正数，收到“${value}”`);
    return fallback;
  };
  const limits = {} as Record<CollectionSource, { dailyCalls: number; callsPerSecond: number }>;
  for (const source of sources) {
    limits[source] = {
      dailyCalls: Math.floor(
        number('COLLECT_DAILY_CALLS', source, budgets.values.get(source), collectionSources[source].dailyCalls),
      ),
      callsPerSecond: number(
        'COLLECT_CALLS_PER_SECOND',
        source,
        paces.values.get(source),
        collectionSources[source].callsPerSecond,
      ),
    };
  }
  // The server's own worker (JOBS_IN_PROCESS) keeps the schedules of real sources only: a single `npm start` pointed
  // at a vendor collects on its own, while the sandbox's made-up boards join a library only through `npm run worker`
  // or 立即运行.
  const realSourceCrons = Object.fromEntries(
    names.map((name) => {
      const variable = collectionSources[scheduledCollections[name].source].variable;
      return [name, (env[variable] ?? 'sandbox') === 'sandbox' ? null : crons[name]];
    }),
  ) as Record<CollectionName, string | null>;
  return { crons, realSourceCrons, limits, problems };
}
