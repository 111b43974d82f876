import {
  type MonitorCheck,
  type MonitorDaily,
  type MonitorDashboard,
  type MonitorItem,
  type MonitorKeywordDetail,
  type MonitorList,
  type MonitorListQuery,
  type MonitorMover,
  monitoringMessages,
  type PermissionUse,
} from '@dso/contract';
import { addDays, RANK_DEPTH, rankCoverage, rankMove } from '@dso/domain';
import { AppError } from '../../lib/app-error';
import type { MonitorExample, Ranks } from './monitor-example';
import { type DayOfItem, latestPlaceFirst, summarizeDay } from './monitoring.service';

/*
 * The example mode's views (monitor-example.ts builds the example): the list, a keyword's detail, the
 * dashboard and the daily paper, in the answer shapes of the user's own views, so one set of pages draws both.
 */

/** The daily round's hour (Asia/Shanghai) the example's checks are dated at. */
const CHECK_HOUR = 8;

/** The days of a view of `count` days ending on the example's last day, with their index in the example. */
function viewDays(example: MonitorExample, count: number) {
  const offset = count - example.days.length;
  return Array.from({ length: count }, (_, index) => ({
    day: addDays(example.asOf, index - (count - 1)),
    at: index - offset >= 0 ? index - offset : -1,
  }));
}

/** When the day's check of an item was made: the round's hour, an item a few seconds after the one before. */
function checkedAt(day: string, id: number, now: Date): string {
  const at = Date.parse(`${day}T0${CHECK_HOUR}:00:00+08:00`) + id * 7_000;
  return new Date(Math.min(at, now.getTime())).toISOString();
}

function keywordItemOf(example: MonitorExample, item: MonitorExample['keywordItems'][number], now: Date): MonitorItem {
  const last = example.days.length - 1;
  const count = item.rankedCounts[last] ?? 0;
  const latest: MonitorCheck = {
    day: example.days[last]!,
    status: count > 0 ? 'ranked' : 'unranked',
    rank: null,
    ranked_count: count,
    checked_at: checkedAt(example.days[last]!, item.id, now),
  };
  return {
    id: item.id,
    platform: 'DSO',
    keyword: item.keyword,
    aweme_id: null,
    work_title: '',
    created_at: checkedAt(example.days[0]!, item.id, now),
    latest,
    previous_rank: null,
    has_previous: true,
  };
}

function workItemOf(example: MonitorExample, item: MonitorExample['workItems'][number], now: Date): MonitorItem {
  const last = example.days.length - 1;
  const rank = item.ranks[last] ?? null;
  return {
    id: item.id,
    platform: 'DSO',
    keyword: item.keyword,
    aweme_id: item.work.aweme_id,
    work_title: item.work.title,
    created_at: checkedAt(example.days[0]!, item.id, now),
    latest: {
      day: example.days[last]!,
      status: rank === null ? 'unranked' : 'ranked',
      rank,
      ranked_count: null,
      checked_at: checkedAt(example.days[last]!, item.id, now),
    },
    previous_rank: last > 0 ? (item.ranks[last - 1] ?? null) : item.before,
    has_previous: true,
  };
}

/** The example's items as the list shows them (keywords first), with the caller's own quota use. */
export function exampleList(
  example: MonitorExample,
  query: Pick<MonitorListQuery, 'page_no' | 'page_size' | 'keyword'>,
  use: PermissionUse,
  now = new Date(),
): MonitorList {
  const all = [
    ...example.keywordItems.map((item) => keywordItemOf(example, item, now)),
    ...example.workItems.map((item) => workItemOf(example, item, now)),
  ].filter((item) => !query.keyword || item.keyword.includes(query.keyword));
  const start = (query.page_no - 1) * query.page_size;
  return { total_record: all.length, result: all.slice(start, start + query.page_size), use };
}

/** One example keyword's ranked works over the last `days` days (ending on the example's last day). */
export function exampleKeywordDetail(
  example: MonitorExample,
  query: { id: number; days: number },
  now = new Date(),
): MonitorKeywordDetail {
  const item = example.keywordItems.find((entry) => entry.id === query.id);
  if (!item) throw AppError.badRequest(monitoringMessages.itemMissing);
  const view = viewDays(example, query.days);
  const monitored = new Set(
    example.workItems.filter((entry) => entry.keyword === item.keyword).map((entry) => entry.work.aweme_id),
  );
  const works = (example.rankings.get(item.keyword) ?? [])
    .map(({ work, ranks }) => ({
      aweme_id: work.aweme_id,
      title: work.title,
      author: work.author,
      cover: work.cover,
      good_count: work.good_count,
      ranks: view.map(({ at }) => (at < 0 ? null : (ranks[at] ?? null))),
      monitored: monitored.has(work.aweme_id),
    }))
    .filter((work) => work.ranks.some((rank) => rank !== null));
  return {
    item: keywordItemOf(example, item, now),
    days: view.map(({ day, at }) => ({
      day,
      status: at < 0 ? 'pending' : (item.rankedCounts[at] ?? 0) > 0 ? 'ranked' : 'unranked',
    })),
    works: works.sort(latestPlaceFirst),
  };
}

/** The example's works-rank dashboard over the last `days` days: as the user's dashboard counts and chooses. */
export function exampleDashboard(example: MonitorExample, query: { days: number }): MonitorDashboard {
  const view = viewDays(example, query.days);
  const ranksIn = (ranks: Ranks) => view.map(({ at }) => (at < 0 ? null : (ranks[at] ?? null)));
  const works = example.workItems.map((item) => ({ item, ranks: ranksIn(item.ranks) }));
  const last = view.length - 1;
  const latest = rankCoverage(works.map(({ ranks }) => ranks[last] ?? null));
  const mover = ({ item, ranks }: (typeof works)[number]): MonitorMover & { size: number } => {
    const previous = last > 0 ? (ranks[last - 1] ?? null) : null;
    const rank = ranks[last] ?? null;
    const size =
      previous !== null && rank !== null ? Math.abs(previous - rank) : RANK_DEPTH + 1 - (rank ?? previous ?? 0);
    return {
      id: item.id,
      keyword: item.keyword,
      aweme_id: item.work.aweme_id,
      work_title: item.work.title,
      previous_rank: previous,
      rank,
      size,
    };
  };
  const moves = works.map(mover);
  const side = (kinds: string[]) =>
    moves
      .filter((move) => kinds.includes(rankMove(move.previous_rank, move.rank).kind))
      .sort((a, b) => b.size - a.size || a.id - b.id)
      .slice(0, 10)
      .map(({ size: _, ...move }) => move);
  // The best placed: by the place of each work's last ranked day in the window.
  const lastRanked = (ranks: Ranks) => ranks.findLast((rank) => rank !== null) ?? null;
  return {
    days: view.map(({ day }) => day),
    summary: {
      keywords: example.keywordItems.length,
      works: example.workItems.length,
      core: latest.core,
      ranking: latest.ranking,
      failed: 0,
    },
    coverage: view.map(({ day }, index) => ({ day, ...rankCoverage(works.map(({ ranks }) => ranks[index] ?? null)) })),
    curves: works
      .filter(({ ranks }) => lastRanked(ranks) !== null)
      .sort((a, b) => lastRanked(a.ranks)! - lastRanked(b.ranks)! || a.item.id - b.item.id)
      .slice(0, 10)
      .map(({ item, ranks }) => ({
        id: item.id,
        keyword: item.keyword,
        aweme_id: item.work.aweme_id,
        work_title: item.work.title,
        ranks,
      })),
    rises: side(['up', 'new']),
    falls: side(['down', 'lost']),
  };
}

/** The example's daily paper of `day` (its last day by default); a day outside the example has no checks. */
export function exampleDaily(example: MonitorExample, query: { day?: string | undefined }): MonitorDaily {
  const day = query.day ?? example.asOf;
  const at = example.days.indexOf(day);
  if (at < 0) return summarizeDay(day, []);
  const previousDay = addDays(day, -1);
  const rows: DayOfItem[] = [
    ...example.keywordItems.map((item) => ({
      id: item.id,
      keyword: item.keyword,
      aweme_id: '',
      work_title: '',
      t_status: (item.rankedCounts[at] ?? 0) > 0 ? ('ranked' as const) : ('unranked' as const),
      t_rank: null,
      p_day: previousDay,
      p_rank: null,
    })),
    ...example.workItems.map((item) => ({
      id: item.id,
      keyword: item.keyword,
      aweme_id: item.work.aweme_id,
      work_title: item.work.title,
      t_status: item.ranks[at] === null ? ('unranked' as const) : ('ranked' as const),
      t_rank: item.ranks[at] ?? null,
      p_day: previousDay,
      p_rank: at > 0 ? (item.ranks[at - 1] ?? null) : item.before,
    })),
  ];
  return summarizeDay(day, rows);
}
