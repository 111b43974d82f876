import {
  Code,
  MONITOR_ALIAS,
  type MonitorDaily,
  type MonitorDashboard,
  MonitoringPath,
  type MonitorKeywordDetail,
  type MonitorList,
  monitorDailySchema,
  monitorDashboardSchema,
  monitorKeywordDetailSchema,
  monitorListSchema,
} from '@dso/contract';
import { addDays, rankMove, shanghaiDay } from '@dso/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { demoAsOf } from '../../startup';
import { createMember, createTestApp, smallVideoDemo, type TestApp } from '../../testing';
import { expectLoginRequired } from '../../testing/login-required';
import { firstRunPlan, seedKeywords } from '../keywords';
import { ensurePermissionConfig, getPermissionUse } from '../permissions';
import { seedVideoDemo } from '../videos';
import { buildMonitorExample, EXAMPLE_KEYWORDS, readExampleLibrary } from './monitor-example';

/** Whether a series of places comes back into the ranking after leaving it (which would be a second 新上榜). */
function reenters(ranks: Array<number | null>): boolean {
  let left = false;
  for (let day = 1; day < ranks.length; day++) {
    if (ranks[day - 1] !== null && ranks[day] === null) left = true;
    else if (left && ranks[day] !== null) return true;
  }
  return false;
}

describe('rank monitoring example mode (type=example)', () => {
  let t: TestApp;
  const db = () => t.database.db;
  const asOf = demoAsOf();

  beforeAll(async () => {
    t = await createTestApp();
    await ensurePermissionConfig(db());
    // A small demo library: the keyword library's DSO words and demo works linked to them.
    await seedKeywords(db(), { ...firstRunPlan(asOf), scopes: [{ platform: 'DSO', country: '', count: 400 }] });
    await seedVideoDemo(db(), smallVideoDemo(asOf, { creators: 120, videos: 900 }));
  }, 240_000);
  afterAll(async () => t.close());

  const member = (grade: 'FREE' | 'VIP' = 'FREE') => createMember(db(), { grade });
  const get = async <T>(url: string, token?: string) => {
    const response = await t.request({ method: 'GET', url, ...(token ? { token } : {}) });
    return response.json() as { code: number; msg: string; data: T };
  };
  const ledgerRows = async () =>
    (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM usage_ledger`))[0]!.n;
  const itemRows = async () =>
    (await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM monitor_items`))[0]!.n;

  it('asks for login like the pages do', async () => {
    await expectLoginRequired(t, [
      ['GET', `${MonitoringPath.list}?type=example`],
      ['GET', `${MonitoringPath.keyword}?id=1&type=example`],
      ['GET', `${MonitoringPath.dashboard}?type=example`],
      ['GET', `${MonitoringPath.daily}?type=example`],
    ]);
    expect((await get(`${MonitoringPath.dashboard}?type=sample`, (await member()).token)).code).toBe(Code.BAD_REQUEST);
  });

  it('shows a new free account 30 days of sample monitoring up to the demo data day, none of them in the future', async () => {
    const { token } = await member('FREE');
    const board = await get<MonitorDashboard>(`${MonitoringPath.dashboard}?days=30&type=example`, token);
    expect(board.code).toBe(Code.OK);
    const data = monitorDashboardSchema.parse(board.data);
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toBe(asOf);
    expect(data.days[0]).toBe(addDays(asOf, -29));
    expect(data.days.every((day) => day <= shanghaiDay(new Date()))).toBe(true);
    expect(data.summary.keywords).toBe(EXAMPLE_KEYWORDS);
    expect(data.summary.works).toBe(2 * EXAMPLE_KEYWORDS);
    expect(data.summary.core).toBeGreaterThan(0);
    expect(data.summary.ranking).toBeGreaterThan(0);
    expect(data.coverage.every((point) => point.core > 0)).toBe(true);
    // Rank curves over the whole month: each best-placed work has a history, and places move.
    expect(data.curves.length).toBe(data.summary.works);
    for (const curve of data.curves) {
      expect(curve.ranks.filter((rank) => rank !== null).length).toBeGreaterThan(1);
      expect(reenters(curve.ranks)).toBe(false);
    }
    const ranked = data.curves.flatMap((curve) => curve.ranks.filter((rank): rank is number => rank !== null));
    expect(Math.min(...ranked)).toBeLessThanOrEqual(3);
    expect(Math.max(...ranked)).toBeGreaterThan(30);
    // Works that entered, climbed and dropped out over the month, as a real monitor shows them.
    expect(data.curves.some((curve) => curve.ranks[0] === null && curve.ranks.at(-1) !== null)).toBe(true);
    expect(data.curves.some((curve) => curve.ranks[0] !== null && curve.ranks.at(-1) === null)).toBe(true);
    expect(data.rises.length + data.falls.length).toBeGreaterThan(0);

    // A longer window shows the month and nothing before the monitoring began.
    const year = monitorDashboardSchema.parse(
      (await get<MonitorDashboard>(`${MonitoringPath.dashboard}?days=90&type=example`, token)).data,
    );
    expect(year.days).toHaveLength(90);
    expect(year.curves.every((curve) => curve.ranks.slice(0, 60).every((rank) => rank === null))).toBe(true);
    expect(year.coverage.slice(60)).toEqual(data.coverage);
  });

  it('lists the sample items, and a keyword shows its ranked works day by day with 新上榜 only on a work’s first day', async () => {
    const { token } = await member('FREE');
    const list = monitorListSchema.parse(
      (await get<MonitorList>(`${MonitoringPath.list}?page_size=100&type=example`, token)).data,
    );
    expect(list.total_record).toBe(3 * EXAMPLE_KEYWORDS);
    const keywords = list.result.filter((item) => item.aweme_id === null);
    expect(keywords).toHaveLength(EXAMPLE_KEYWORDS);
    for (const item of list.result) {
      expect(item.latest?.day).toBe(asOf);
      expect(item.has_previous).toBe(true);
      expect(Date.parse(item.latest!.checked_at!)).toBeLessThanOrEqual(Date.now());
    }
    // Not every work is 新上榜: the list compares with the day before.
    const moves = list.result
      .filter((item) => item.aweme_id !== null)
      .map((item) => rankMove(item.previous_rank, item.latest!.rank).kind);
    expect(moves.filter((kind) => kind === 'new').length).toBeLessThan(moves.length);

    let entries = 0;
    for (const item of keywords) {
      const detail = monitorKeywordDetailSchema.parse(
        (await get<MonitorKeywordDetail>(`${MonitoringPath.keyword}?id=${item.id}&days=30&type=example`, token)).data,
      );
      expect(detail.item.keyword).toBe(item.keyword);
      expect(detail.days.map((day) => day.day).at(-1)).toBe(asOf);
      expect(detail.works.filter((work) => work.monitored)).toHaveLength(2);
      for (let day = 0; day < 30; day++) {
        const places = detail.works.map((work) => work.ranks[day]).filter((rank) => rank != null);
        expect(new Set(places).size).toBe(places.length);
      }
      for (const work of detail.works) {
        expect(reenters(work.ranks)).toBe(false);
        entries += work.ranks.filter((rank, day) => day > 0 && rank !== null && work.ranks[day - 1] === null).length;
      }
    }
    expect(entries).toBeGreaterThan(0);
    expect((await get(`${MonitoringPath.keyword}?id=999&type=example`, token)).code).toBe(Code.BAD_REQUEST);
  });

  it('gives the daily paper of each sample day against the day before, and nothing for a day outside the month', async () => {
    const { token } = await member('VIP');
    const latest = monitorDailySchema.parse(
      (await get<MonitorDaily>(`${MonitoringPath.daily}?type=example`, token)).data,
    );
    expect(latest.day).toBe(asOf);
    expect(latest.previous_day).toBe(addDays(asOf, -1));
    expect(latest.checked).toBe(3 * EXAMPLE_KEYWORDS);
    const first = monitorDailySchema.parse(
      (await get<MonitorDaily>(`${MonitoringPath.daily}?day=${addDays(asOf, -29)}&type=example`, token)).data,
    );
    // The first day compares with the day before it too: its works are not all new entries.
    expect(first.entries.length).toBeLessThan(2 * EXAMPLE_KEYWORDS);
    let moved = 0;
    for (let back = 0; back < 30; back++) {
      const paper = (await get<MonitorDaily>(`${MonitoringPath.daily}?day=${addDays(asOf, -back)}&type=example`, token))
        .data;
      moved += paper.rises.length + paper.falls.length + paper.entries.length + paper.losses.length;
    }
    expect(moved).toBeGreaterThan(30);
    const outside = (await get<MonitorDaily>(`${MonitoringPath.daily}?day=${addDays(asOf, 1)}&type=example`, token))
      .data;
    expect(outside.checked).toBe(0);
  });

  it('is the same example every time, spends no quota and stores nothing; without the parameter a new account stays empty', async () => {
    const { user, token } = await member('VIP');
    const before = await getPermissionUse(db(), user.id, MONITOR_ALIAS);
    const [ledger, items] = [await ledgerRows(), await itemRows()];
    const urls = [
      `${MonitoringPath.dashboard}?days=30&type=example`,
      `${MonitoringPath.list}?type=example`,
      `${MonitoringPath.keyword}?id=1&days=30&type=example`,
      `${MonitoringPath.daily}?type=example`,
    ];
    const first = await Promise.all(urls.map((url) => get(url, token)));
    const again = await Promise.all(urls.map((url) => get(url, token)));
    expect(again).toEqual(first);
    // Read afresh from the library (no cache), the example is the same.
    const fresh = async () => buildMonitorExample(await readExampleLibrary(db()));
    expect(await fresh()).toEqual(await fresh());

    expect(await getPermissionUse(db(), user.id, MONITOR_ALIAS)).toEqual(before);
    expect(await ledgerRows()).toBe(ledger);
    expect(await itemRows()).toBe(items);
    const own = (await get<MonitorDashboard>(`${MonitoringPath.dashboard}?days=30`, token)).data;
    expect(own.summary).toMatchObject({ keywords: 0, works: 0, core: 0, ranking: 0 });
    expect(own.curves).toEqual([]);
    expect((await get<MonitorList>(MonitoringPath.list, token)).data.total_record).toBe(0);
    expect((await get<MonitorDaily>(MonitoringPath.daily, token)).data.checked).toBe(0);
  });
});
