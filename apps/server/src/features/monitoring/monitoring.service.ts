import {
  Code,
  MONITOR_ALIAS,
  type MonitorAddBody,
  type MonitorCheck,
  type MonitorDaily,
  type MonitorDashboard,
  type MonitorItem,
  type MonitorKeywordDetail,
  type MonitorList,
  type MonitorListQuery,
  type MonitorMover,
  type MonitorPlatform,
  type MonitorUploadResult,
  monitoringMessages,
  type PermissionUse,
} from '@dso/contract';
import { rankMove, shanghaiDay, upgradeMessages } from '@dso/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { isoOf } from '../../lib/iso-of';
import { pageWindow } from '../../lib/page-window';
import { assertQuotaLeft, consumePermission, getPermissionUse, releasePermission } from '../permissions';
import { queueChecks } from './monitor-checks';
import * as checks from './monitor-checks.repository';
import * as rollups from './monitor-rollups.repository';
import type { ItemWithChecks } from './monitoring.repository';
import * as repository from './monitoring.repository';

const DAY_MS = 86_400_000;
/** Rank curves the dashboard draws at most, and movers it lists per side. */
const CURVES_MAX = 10;
const MOVERS_MAX = 10;

/** `count` Shanghai days ending today (oldest first). */
export function lastDays(count: number, now = new Date()): string[] {
  return Array.from({ length: count }, (_, index) =>
    shanghaiDay(new Date(now.getTime() - (count - 1 - index) * DAY_MS)),
  );
}

function latestOf(row: ItemWithChecks): MonitorCheck | null {
  if (!row.l_day || !row.l_status) return null;
  return {
    day: row.l_day,
    status: row.l_status === 'running' ? 'pending' : row.l_status,
    rank: row.l_rank,
    ranked_count: row.l_count,
    checked_at: row.l_checked ? isoOf(row.l_checked) : null,
  };
}

function itemOf(row: ItemWithChecks): MonitorItem {
  return {
    id: row.id,
    platform: row.platform as MonitorPlatform,
    keyword: row.keyword,
    aweme_id: row.aweme_id || null,
    work_title: row.work_title,
    created_at: isoOf(row.created_at),
    latest: latestOf(row),
    previous_rank: row.p_rank,
    has_previous: Boolean(row.has_previous),
  };
}

const monitorUse = (db: Database, userId: number) => getPermissionUse(db, userId, MONITOR_ALIAS);

export async function listItems(db: Database, userId: number, query: MonitorListQuery): Promise<MonitorList> {
  const keyword = query.keyword || undefined;
  const [total, rows, use] = await Promise.all([
    repository.countUserItems(db, userId, keyword),
    repository.selectUserItems(db, userId, {
      ...pageWindow(query),
      ...(keyword ? { keyword } : {}),
    }),
    monitorUse(db, userId),
  ]);
  return { total_record: total, result: rows.map(itemOf), use };
}

async function findOwnItem(db: Database, userId: number, id: number): Promise<MonitorItem> {
  const [row] = await repository.selectUserItems(db, userId, { offset: 0, limit: 1, ids: [id] });
  if (!row) throw AppError.badRequest(monitoringMessages.itemMissing);
  return itemOf(row);
}

/**
 * Monitors a keyword, or a work under it, taking one KEYWORD_MONITOR_COUNT unit in the same transaction as
 * the item (a refused unit adds nothing). Adding what is already monitored changes nothing and takes
 * nothing. A new item is checked the same day.
 */
export async function addItem(
  db: Database,
  userId: number,
  body: MonitorAddBody,
): Promise<{ item: MonitorItem; created: boolean }> {
  const target = { userId, platform: body.platform, keyword: body.keyword, awemeId: body.aweme_id ?? '' };
  const existing = await repository.findItemByTarget(db, target);
  if (existing) return { item: await findOwnItem(db, userId, existing.id), created: false };
  await assertQuotaLeft(db, { userId, alias: MONITOR_ALIAS });
  const workTitle = target.awemeId ? ((await checks.findRankedTitle(db, target)) ?? '') : '';
  const id = await db.transaction(async (tx) => {
    await repository.lockUserItems(tx, userId);
    const again = await repository.findItemByTarget(tx, target);
    if (again) return { id: again.id, created: false };
    const [inserted] = await repository.insertItems(tx, [{ ...target, workTitle }]);
    await consumePermission(tx, { userId, alias: MONITOR_ALIAS, reason: workTitle || body.keyword });
    return { id: inserted!, created: true };
  });
  if (id.created) await queueChecks(db, [id.id]);
  return { item: await findOwnItem(db, userId, id.id), created: id.created };
}

/** Stops monitoring an item and gives its unit back, in one transaction; its history goes with it. */
export async function removeItem(db: Database, userId: number, id: number): Promise<PermissionUse> {
  return db.transaction(async (tx) => {
    await repository.lockUserItems(tx, userId);
    if (!(await repository.deleteItem(tx, userId, id))) throw AppError.badRequest(monitoringMessages.itemMissing);
    return releasePermission(tx, { userId, alias: MONITOR_ALIAS, reason: '取消监控' });
  });
}

/**
 * Monitors the keywords of an uploaded file (002 §5) on DSO: those already monitored are kept without a
 * charge; of the rest, as many as the remaining quota allows are added, in file order, and the others are
 * left out (`over_quota`). A grade without the permission gets 403 (the no-permission dialog); a used-up
 * quota gets 810 (the upgrade or buy-times dialog).
 */
export async function addUploadedKeywords(
  db: Database,
  userId: number,
  upload: { keywords: string[]; invalid: number },
): Promise<MonitorUploadResult> {
  const platform: MonitorPlatform = 'DSO';
  if (upload.keywords.length === 0) throw AppError.toast(monitoringMessages.fileEmpty);
  const before = await monitorUse(db, userId);
  if (before.per_val <= 0) throw new AppError(Code.FORBIDDEN, upgradeMessages.insufficientRights);
  const result = await db.transaction(async (tx) => {
    await repository.lockUserItems(tx, userId);
    const monitored = await repository.selectMonitoredKeywords(tx, userId, platform, upload.keywords);
    const fresh = upload.keywords.filter((keyword) => !monitored.has(keyword));
    const use = await monitorUse(tx, userId);
    const room = Math.max(0, use.per_val - use.use_val);
    if (fresh.length > 0 && room === 0) await assertQuotaLeft(tx, { userId, alias: MONITOR_ALIAS });
    const taken = fresh.slice(0, room);
    const ids = await repository.insertItems(
      tx,
      taken.map((keyword) => ({ userId, platform, keyword, awemeId: '', workTitle: '' })),
    );
    const after =
      ids.length > 0
        ? await consumePermission(tx, { userId, alias: MONITOR_ALIAS, amount: ids.length, reason: taken.join('、') })
        : use;
    return {
      ids,
      summary: {
        keywords: upload.keywords.length,
        added: ids.length,
        existing: monitored.size,
        over_quota: fresh.length - taken.length,
        invalid: upload.invalid,
        use: after,
      },
    };
  });
  await queueChecks(db, result.ids);
  return result.summary;
}

// ——— history views ———

/** One keyword item's ranked works over the last `days` days, best-placed today first. */
export async function keywordDetail(
  db: Database,
  userId: number,
  query: { id: number; days: number },
  now = new Date(),
): Promise<MonitorKeywordDetail> {
  const item = await findOwnItem(db, userId, query.id);
  const days = lastDays(query.days, now);
  const key = { platform: item.platform, keyword: item.keyword };
  const [checks, rankings, monitored] = await Promise.all([
    repository.selectItemChecks(db, item.id, days[0]!),
    repository.selectRankings(db, { ...key, since: days[0]! }),
    repository.selectMonitoredWorks(db, userId, key),
  ]);
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const works = new Map<string, MonitorKeywordDetail['works'][number]>();
  for (const row of rankings) {
    const index = dayIndex.get(row.day);
    if (index === undefined) continue;
    let work = works.get(row.aweme_id);
    if (!work) {
      work = {
        aweme_id: row.aweme_id,
        title: row.title,
        author: row.author,
        cover: row.cover,
        good_count: Number(row.good_count),
        ranks: days.map(() => null),
        monitored: monitored.has(row.aweme_id),
      };
      works.set(row.aweme_id, work);
    }
    // The latest figures stand (rankings come oldest first).
    work.title = row.title;
    work.good_count = Number(row.good_count);
    work.ranks[index] = row.rank;
  }
  const checkByDay = new Map(checks.map((check) => [check.day, check.status]));
  return {
    item,
    days: days.map((day) => {
      const status = checkByDay.get(day);
      return { day, status: status === undefined || status === 'running' ? 'pending' : status };
    }),
    works: [...works.values()].sort(latestPlaceFirst),
  };
}

/** The keyword view's order of works: ranked on a later day first, then the better place that day. */
export function latestPlaceFirst(a: { ranks: Array<number | null> }, b: { ranks: Array<number | null> }): number {
  const latestPlace = (ranks: Array<number | null>) => {
    for (let index = ranks.length - 1; index >= 0; index--) if (ranks[index] !== null) return [index, ranks[index]!];
    return [-1, Number.MAX_SAFE_INTEGER];
  };
  const [dayA, rankA] = latestPlace(a.ranks);
  const [dayB, rankB] = latestPlace(b.ranks);
  return dayB! - dayA! || rankA! - rankB!;
}

/**
 * The works-rank dashboard over the last `days` days: the glossary's coverage of the monitored works (核心词数
 * top 100, 排名数 top 10) now and per day, the rank curves of the best-placed works, and the biggest moves
 * between each work's last two successful checks in the window. The per-day coverage comes from the daily
 * roll-up and the rest from the items' standings, counted, chosen and sorted in the database, so neither
 * the window, the history nor the item count makes much to send back (docs/monitoring.md, "The daily roll-up").
 */
export async function dashboard(
  db: Database,
  userId: number,
  query: { days: number },
  now = new Date(),
): Promise<MonitorDashboard> {
  const days = lastDays(query.days, now);
  const range = { since: days[0]!, until: days.at(-1)! };
  const [summary, userDays, best, movers] = await Promise.all([
    rollups.selectStandingSummary(db, userId, range),
    rollups.selectUserDays(db, userId, range),
    rollups.selectBestPlacedWorks(db, userId, range, CURVES_MAX),
    rollups.selectMovers(db, userId, range, MOVERS_MAX),
  ]);
  const ranked = await rollups.selectRankedOffsets(
    db,
    best.map((item) => item.id),
    range,
  );
  const coverageByDay = new Map(userDays.map((row) => [row.day, row]));
  const moverOf = ({ id, keyword, aweme_id, work_title, previous_rank, rank }: rollups.MoverRow): MonitorMover => ({
    id,
    keyword,
    aweme_id,
    work_title,
    previous_rank,
    rank,
  });
  return {
    days,
    summary,
    coverage: days.map((day) => {
      const row = coverageByDay.get(day);
      return { day, core: row?.core ?? 0, ranking: row?.ranking ?? 0 };
    }),
    curves: best.map((item) => {
      const ranks: Array<number | null> = days.map(() => null);
      const checks = ranked.get(item.id);
      checks?.offsets.forEach((offset, index) => {
        ranks[offset] = checks.ranks[index]!;
      });
      return { id: item.id, keyword: item.keyword, aweme_id: item.aweme_id, work_title: item.work_title, ranks };
    }),
    rises: movers.filter((row) => row.side === 'rise').map(moverOf),
    falls: movers.filter((row) => row.side === 'fall').map(moverOf),
  };
}

/**
 * One day's summary (日报): each monitored work's check on `day` against its last successful check before,
 * classed as a rise, a fall, a new entry or a lost position (a failed check on the day is counted, not
 * classed).
 */
export async function dailySummary(
  db: Database,
  userId: number,
  query: { day?: string | undefined },
  now = new Date(),
): Promise<MonitorDaily> {
  const day = query.day ?? shanghaiDay(now);
  const since = shanghaiDay(new Date(Date.parse(`${day}T00:00:00Z`) - 90 * DAY_MS));
  return summarizeDay(day, await rollups.selectItemDays(db, userId, { day, since }));
}

/** What the daily paper needs of an item: its check on the day and its last successful check before. */
export type DayOfItem = Pick<
  rollups.ItemDay,
  'id' | 'keyword' | 'aweme_id' | 'work_title' | 't_status' | 't_rank' | 'p_day' | 'p_rank'
>;

/**
 * The daily paper's rule over items' days (the user's, or the example's): a failed check on the day is counted,
 * not classed; a work's successful check is classed against its last successful one before as a rise, a fall, a
 * new entry or a lost position (the domain's rankMove), the biggest moves first.
 */
export function summarizeDay(day: string, items: readonly DayOfItem[]): MonitorDaily {
  const summary: MonitorDaily = {
    day,
    previous_day: null,
    checked: 0,
    failed: 0,
    rises: [],
    falls: [],
    entries: [],
    losses: [],
  };
  for (const item of items) {
    if (!item.t_status || item.t_status === 'running') continue;
    if (item.t_status === 'failed') {
      summary.failed++;
      continue;
    }
    summary.checked++;
    if (!item.aweme_id) continue;
    if (item.p_day !== null && (summary.previous_day === null || item.p_day > summary.previous_day)) {
      summary.previous_day = item.p_day;
    }
    const mover: MonitorMover = {
      id: item.id,
      keyword: item.keyword,
      aweme_id: item.aweme_id,
      work_title: item.work_title,
      previous_rank: item.p_rank,
      rank: item.t_rank,
    };
    const move = rankMove(item.p_day !== null ? item.p_rank : undefined, item.t_rank);
    if (move.kind === 'up') summary.rises.push(mover);
    else if (move.kind === 'down') summary.falls.push(mover);
    else if (move.kind === 'new') summary.entries.push(mover);
    else if (move.kind === 'lost') summary.losses.push(mover);
  }
  const delta = (mover: MonitorMover) => Math.abs((mover.previous_rank ?? 0) - (mover.rank ?? 0));
  summary.rises.sort((a, b) => delta(b) - delta(a));
  summary.falls.sort((a, b) => delta(b) - delta(a));
  summary.entries.sort((a, b) => a.rank! - b.rank!);
  summary.losses.sort((a, b) => a.previous_rank! - b.previous_rank!);
  return summary;
}
