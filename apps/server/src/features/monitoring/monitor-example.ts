import { createHash } from 'node:crypto';
import { monitoringLimits } from '@dso/contract';
import { addDays, RANK_DEPTH, shanghaiDay } from '@dso/domain';
import type { Database } from '../../db/client';
import {
  EXAMPLE_MIN_WORKS,
  type ExampleWorkRow,
  selectExampleKeywords,
  selectExampleWorks,
} from './monitor-example.library';

/*
 * The example mode of the monitoring views (`type=example`, 002 §2; docs/monitoring.md "Example mode"):
 * 30 days of rank monitoring of demo works, in the answer shapes of the user's own views, so one set of pages
 * draws both. Nothing is stored and no quota is read or spent: the example is a function of the demo library
 * and its as-of day.
 *
 * The sample: the industry whose keywords have the most linked demo works, its best-linked keywords (monitored
 * as keywords), and under each two of their works monitored as works (a brand watching its category words).
 * Each monitored work follows a story a real monitor shows — holding the top places, climbing in from outside
 * the top 100, sliding down and out, entering late, or swinging — with a day-to-day wander; the keyword's other
 * works keep their library order with a smaller wander. Every keyword's day is one ranking (no two works share a
 * place), no work ranks before its publish day, and a work that leaves the top 100 does not come back, so 新上榜
 * shows only on the day a work first enters. Draws are keyed by keyword, work and day index, never by the clock:
 * the same library and as-of day always give the same example.
 */

/** Keywords monitored in the example (and their works under them, two each). */
export const EXAMPLE_KEYWORDS = 4;
/** Keywords of the sample industry read, best linked first, to find {@link EXAMPLE_KEYWORDS} with enough works. */
const KEYWORDS_TRIED = 12;
const EXAMPLE_DAYS = monitoringLimits.exampleDays;
/** The example is read again at most this often per database (the library changes only on seeding or import). */
const CACHE_MS = 10 * 60_000;

type Story = 'steady' | 'climb' | 'slide' | 'fade' | 'late' | 'volatile';
/** The stories of each sample keyword's two works, by keyword. */
const STORIES: Story[][] = [
  ['steady', 'climb'],
  ['fade', 'late'],
  ['volatile', 'climb'],
  ['steady', 'slide'],
];
/** Stories that need the work to be published before the first day (it ranks from day one). */
const fromFirstDay = new Set<Story>(['steady', 'slide', 'fade', 'volatile']);
/** The first days an entering story's work may be published on (else a work published before enters then). */
const entryDays: Partial<Record<Story, [number, number]>> = { climb: [1, 10], late: [15, 24] };

export type ExampleWork = Omit<ExampleWorkRow, 'keyword'>;

/** What the example is made from: the sample keywords with their works in library order, and the as-of day. */
export interface ExampleLibrary {
  asOf: string;
  keywords: Array<{ keyword: string; works: ExampleWork[] }>;
}

export type Ranks = Array<number | null>;

/** The example: its days (oldest first, ending on the as-of day), items and each keyword's daily ranking. */
export interface MonitorExample {
  asOf: string;
  days: string[];
  keywordItems: Array<{ id: number; keyword: string; rankedCounts: number[] }>;
  /** `ranks[i]` is the place on `days[i]`; `before` the place the day before the first (the monitor ran then too). */
  workItems: Array<{
    id: number;
    keyword: string;
    work: ExampleWork;
    story: Story;
    ranks: Ranks;
    before: number | null;
  }>;
  rankings: Map<string, Array<{ work: ExampleWork; ranks: Ranks }>>;
}

/** A number in [0, 1) fixed by its parts. */
function unit(...parts: Array<string | number>): number {
  return createHash('sha1').update(parts.join('\u0001')).digest().readUInt32BE(0) / 2 ** 32;
}

/** A slow wander in about [-1, 1] over `length` days: each day keeps most of the day before. */
function wander(length: number, ...key: string[]): number[] {
  const values: number[] = [];
  let value = 0;
  for (let day = 0; day < length; day++) {
    value = 0.6 * value + 0.8 * (unit(...key, day) - 0.5);
    values.push(value);
  }
  return values;
}

/** The place a story aims at on day `t` (continuous; null when the work is not in the ranking). */
function storyPlace(story: Story, t: number, variant: number, noise: number, firstDay: number): number | null {
  const last = EXAMPLE_DAYS - 1;
  const towards = (from: number, to: number, progress: number) =>
    from * (to / from) ** Math.min(1, Math.max(0, progress));
  switch (story) {
    case 'steady':
      return (1.4 + 1.2 * variant) * Math.exp(0.3 * noise);
    case 'climb': {
      // Climbers differ in when they enter and how fast they rise, so two of them do not run side by side.
      const enter = Math.max(firstDay, 1 + Math.floor(9 * variant));
      if (t < enter) return null;
      return towards(50 + 30 * variant, 3 + 3 * variant, (t - enter) / (14 + 12 * variant)) * Math.exp(0.12 * noise);
    }
    case 'slide': {
      const out = 20 + Math.floor(5 * variant);
      return towards(4 + 3 * variant, 106, t / out) * Math.exp(0.1 * noise);
    }
    case 'fade':
      return towards(3 + 2 * variant, 60 + 20 * variant, t / last) * Math.exp(0.08 * noise);
    case 'late': {
      const enter = Math.max(firstDay, 18 + Math.floor(4 * variant));
      if (t < enter) return null;
      return (
        towards(40 + 15 * variant, 9 + 4 * variant, (t - enter) / Math.max(1, last - enter)) * Math.exp(0.12 * noise)
      );
    }
    case 'volatile':
      return (12 + 4 * variant) * Math.exp(0.5 * Math.sin(t / 3 + 6.28 * variant) + 0.15 * noise);
  }
}

/** The index of the first day a work can rank on (its publish day), or the day count when published after. */
function firstDayOf(work: ExampleWork, days: string[]): number {
  const published = shanghaiDay(work.published_ms);
  const index = days.findIndex((day) => day >= published);
  return index < 0 ? days.length : index;
}

/** Once a work has left the ranking it stays out (so a later place is never a second 新上榜). */
function withoutReentry(ranks: Ranks): Ranks {
  let left = false;
  return ranks.map((rank, index) => {
    if (index > 0 && rank === null && ranks[index - 1] !== null) left = true;
    return left ? null : rank;
  });
}

/** Builds the example from its library (pure: the same library always gives the same example). */
export function buildMonitorExample(library: ExampleLibrary): MonitorExample {
  // The model runs from the day before the first shown, so the first day's moves have a day to compare with.
  const days = Array.from({ length: EXAMPLE_DAYS + 1 }, (_, index) => addDays(library.asOf, index - EXAMPLE_DAYS));
  const keywordItems: MonitorExample['keywordItems'] = [];
  const workItems: MonitorExample['workItems'] = [];
  const rankings: MonitorExample['rankings'] = new Map();
  let nextId = library.keywords.length + 1;
  library.keywords.forEach(({ keyword, works }, keywordIndex) => {
    const firstDays = new Map(works.map((work) => [work.aweme_id, firstDayOf(work, days)]));
    // Two works per keyword take a story: the ones that rank from day one among the works published before it
    // (best placed in the library first), the entering ones among the rest (a newer work if there is one).
    const chosen = new Map<string, Story>();
    for (const story of STORIES[keywordIndex % STORIES.length]!) {
      // A monitored work is published at least ten days before the last: its curve has a history to show.
      const free = works.filter(
        (work) => !chosen.has(work.aweme_id) && firstDays.get(work.aweme_id)! <= days.length - 10,
      );
      const old = free.filter((work) => firstDays.get(work.aweme_id) === 0);
      const [from, to] = entryDays[story] ?? [0, 0];
      const entering = free.find(
        (work) => firstDays.get(work.aweme_id)! >= from && firstDays.get(work.aweme_id)! <= to,
      );
      const pick =
        (fromFirstDay.has(story) ? old[0] : (entering ?? old[Math.floor(old.length * 0.6)])) ??
        free[Math.floor(free.length * 0.6)];
      if (pick) chosen.set(pick.aweme_id, story);
    }
    const background = works.filter((work) => !chosen.has(work.aweme_id));
    const places = works.map((work) => {
      const firstDay = firstDays.get(work.aweme_id)!;
      const noise = wander(days.length, keyword, work.aweme_id);
      // Neighbours at the head swap now and then: a wander of about a place on top of the relative one.
      const jostle = wander(days.length, keyword, work.aweme_id, 'jostle');
      const story = chosen.get(work.aweme_id);
      const variant = unit(keyword, work.aweme_id, 'variant');
      const order = background.indexOf(work);
      // The other works keep their library order, spread over the top 70 (dense at the head), and wander less.
      const base = Math.max(order + 1, Math.exp((Math.log(70) * order) / Math.max(1, background.length - 1)));
      return days.map((_, t) => {
        if (t < firstDay) return null;
        if (story) return storyPlace(story, t - 1, variant, noise[t]!, firstDay - 1);
        // A work published inside the window enters below its place and rises to it over its first days.
        const settling = firstDay > 0 ? 1 + 4 * Math.exp(-(t - firstDay) / 3) : 1;
        return Math.max(0.6, Math.min(90, base * settling * Math.exp(0.22 * noise[t]!) + 1.6 * jostle[t]!));
      });
    });
    // One ranking a day: by place, each work below the one before, cut at the top 100. Places close to the one
    // before follow it directly (the head of a ranking has no gaps); further down, a gap stands for works of the
    // platform the library does not hold.
    const ranks: Ranks[] = works.map(() => days.map(() => null));
    days.forEach((_, t) => {
      const standing = works
        .map((work, index) => ({ index, place: places[index]![t] ?? null, id: work.aweme_id }))
        .filter((entry): entry is { index: number; place: number; id: string } => entry.place !== null)
        .sort((a, b) => a.place - b.place || (a.id < b.id ? -1 : 1));
      let previous = 0;
      for (const entry of standing) {
        const place = Math.round(entry.place);
        const rank = place <= previous + 2 ? previous + 1 : place;
        previous = rank;
        ranks[entry.index]![t] = rank <= RANK_DEPTH ? rank : null;
      }
    });
    const full = works.map((work, index) => ({ work, ranks: withoutReentry(ranks[index]!) }));
    const ranking = full.map(({ work, ranks }) => ({ work, ranks: ranks.slice(1) }));
    rankings.set(keyword, ranking);
    keywordItems.push({
      id: keywordIndex + 1,
      keyword,
      rankedCounts: days.slice(1).map((_, t) => ranking.filter((entry) => entry.ranks[t] !== null).length),
    });
    full.forEach(({ work, ranks }, index) => {
      const story = chosen.get(work.aweme_id);
      if (story) {
        workItems.push({ id: nextId++, keyword, work, story, ranks: ranking[index]!.ranks, before: ranks[0] ?? null });
      }
    });
  });
  return { asOf: library.asOf, days: days.slice(1), keywordItems, workItems, rankings };
}

/**
 * The sample library: the industry whose best-linked keywords hold the most demo works, its
 * {@link EXAMPLE_KEYWORDS} best-linked keywords and their works; the as-of day is the links' latest, never after
 * today. An installation without demo works has an empty example.
 */
export async function readExampleLibrary(db: Database, now = new Date()): Promise<ExampleLibrary> {
  const today = shanghaiDay(now);
  const keywords = await selectExampleKeywords(db);
  const byIndustry = new Map<string, typeof keywords>();
  for (const row of keywords) {
    if (!row.industry) continue;
    const list = byIndustry.get(row.industry) ?? [];
    if (list.length < KEYWORDS_TRIED) list.push(row);
    byIndustry.set(row.industry, list);
  }
  const score = (rows: typeof keywords) => rows.slice(0, EXAMPLE_KEYWORDS).reduce((sum, row) => sum + row.works, 0);
  const [, sample = []] =
    [...byIndustry.entries()].sort(([a, rowsA], [b, rowsB]) => score(rowsB) - score(rowsA) || (a < b ? -1 : 1))[0] ??
    [];
  const works = await selectExampleWorks(
    db,
    sample.map((row) => row.id),
  );
  const latest = sample.reduce((day, row) => (row.as_of > day ? row.as_of : day), '');
  const asOf = latest && latest < today ? latest : latest ? today : addDays(today, -1);
  // A keyword is monitored in the example when two of its works have ten days of history to show.
  const settled = shanghaiDay(Date.parse(`${addDays(asOf, -10)}T23:59:59+08:00`));
  return {
    asOf,
    keywords: sample
      .map((row) => ({
        keyword: row.keyword,
        works: works.filter((work) => work.keyword === row.keyword).map(({ keyword: _, ...work }) => work),
      }))
      .filter(
        ({ works: linked }) =>
          linked.length >= EXAMPLE_MIN_WORKS &&
          linked.filter((work) => shanghaiDay(work.published_ms) <= settled).length >= 2,
      )
      .slice(0, EXAMPLE_KEYWORDS),
  };
}

const cache = new WeakMap<Database, { day: string; at: number; example: Promise<MonitorExample> }>();

/** The example of `db`'s demo library, read again after {@link CACHE_MS} or when the day changes. */
export function loadMonitorExample(db: Database, now = new Date()): Promise<MonitorExample> {
  const day = shanghaiDay(now);
  const kept = cache.get(db);
  if (kept && kept.day === day && now.getTime() - kept.at < CACHE_MS) return kept.example;
  const example = readExampleLibrary(db, now).then(buildMonitorExample);
  cache.set(db, { day, at: now.getTime(), example });
  example.catch(() => cache.delete(db));
  return example;
}
