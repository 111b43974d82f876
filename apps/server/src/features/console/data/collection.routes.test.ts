import { Code, ConsoleDataPath, consoleCollectionListSchema } from '@dso/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../../db/client';
import type { SignedRequest } from '../../../testing';
import { useTestApp } from '../../../testing/route-suite';
import { collectionJobHandlers } from '../../collection';
import { scriptedHotList, scriptedSource } from '../../collection/collection.testing';
import { JobWorker } from '../../jobs';
import { auditOf, consoleCalls, staffWithCookie } from '../console.testing';

describe('console 数据 采集: the collections, their runs and 立即运行', () => {
  const t = useTestApp();
  const { get, post } = consoleCalls(t);
  beforeEach(async () => {
    await t.db().execute(sql`DELETE FROM jobs WHERE kind = 'collection.run'`);
    await t.db().execute(sql`DELETE FROM collection_runs`);
  });

  const queuedRuns = () =>
    queryRows<{ payload: { collection: string; trigger: string; staffName: string } }>(
      t.db(),
      sql`SELECT payload FROM jobs WHERE kind = 'collection.run' AND status = 'queued'`,
    );

  it('refuses 财务 and 客服 with 403, a member 403 and a visitor 800, queuing nothing', async () => {
    const calls: SignedRequest[] = [
      { method: 'GET', url: ConsoleDataPath.collections },
      { method: 'POST', url: ConsoleDataPath.collectionRun, body: { collection: 'watched_works', reason: '试试' } },
    ];
    const forbidden = { code: Code.FORBIDDEN, msg: '无权限访问', data: null };
    for (const role of ['财务', '客服'] as const) {
      const staff = await staffWithCookie(t.db(), role);
      for (const call of calls) {
        expect((await t.request({ ...call, headers: { cookie: staff.cookie } })).json(), role).toEqual(forbidden);
      }
    }
    const member = await t.account();
    for (const call of calls) {
      expect((await t.request({ ...call, token: member.token })).json()).toEqual(forbidden);
      expect((await t.request(call)).json()).toEqual({ code: Code.TOKEN_INVALID, msg: '请先登录', data: null });
    }
    expect(await queuedRuns()).toEqual([]);
    expect(await auditOf(t.db(), 'collection:watched_works')).toEqual([]);
  });

  it('shows each collection’s source, schedule, next run and calls against the budget', async () => {
    for (const role of ['管理员', '数据'] as const) {
      const staff = await staffWithCookie(t.db(), role);
      const answer = await get(ConsoleDataPath.collections, staff.cookie);
      expect(answer.code).toBe(Code.OK);
      const [watched] = consoleCollectionListSchema.parse(answer.data);
      expect(watched).toMatchObject({
        name: 'watched_works',
        label: '关注作品刷新',
        source: 'platform-data',
        provider: 'sandbox',
        cron: '30 4 * * *',
        calls_today: 0,
        daily_calls: 5_000,
        calls_per_second: 5,
        library: null,
        runs: [],
      });
      expect(watched!.next_run_time! * 1000).toBeGreaterThan(Date.now());
      expect(watched!.next_run_time! * 1000 - Date.now()).toBeLessThanOrEqual(86_400_000);
    }
  });

  it('queues a run once while it waits, audited, and lists it once run', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    const queued = await post(ConsoleDataPath.collectionRun, staff.cookie, {
      collection: 'watched_works',
      reason: '收藏作品数据过旧',
    });
    expect(queued).toMatchObject({ code: Code.OK, msg: '采集已排队' });
    expect(queued.data.window).toMatch(/^manual@\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+08$/);
    expect(await queuedRuns()).toEqual([
      {
        payload: { collection: 'watched_works', window: queued.data.window, trigger: 'manual', staffName: staff.name },
      },
    ]);
    // A second press while it waits: 300, nothing more queued or audited.
    expect(
      await post(ConsoleDataPath.collectionRun, staff.cookie, { collection: 'watched_works', reason: '再来' }),
    ).toEqual({ code: Code.TOAST, msg: '该采集已在排队或运行中，请稍后再试', data: null });
    expect(await queuedRuns()).toHaveLength(1);
    expect(await auditOf(t.db(), 'collection:watched_works')).toMatchObject([
      {
        id: queued.data.audit_id,
        staffId: staff.id,
        action: 'collect.run',
        before: null,
        after: { job_id: queued.data.id, collection: 'watched_works', window: queued.data.window },
        reason: '收藏作品数据过旧',
      },
    ]);

    const worker = new JobWorker(
      t.db(),
      collectionJobHandlers({ platformData: scriptedSource({ videos: {} }), hotList: scriptedHotList({}) }),
    );
    expect(await worker.drain()).toBe(1);
    const [watched] = consoleCollectionListSchema.parse((await get(ConsoleDataPath.collections, staff.cookie)).data);
    expect(watched!.runs).toMatchObject([
      { window: queued.data.window, trigger: 'manual', status: 'empty', staff_name: staff.name, error: null },
    ]);
    // Done: it may be asked for again.
    expect(
      (await post(ConsoleDataPath.collectionRun, staff.cookie, { collection: 'watched_works', reason: '再来' })).code,
    ).toBe(Code.OK);
  });

  it('answers 300 while a run of the collection is in hand', async () => {
    const staff = await staffWithCookie(t.db(), '管理员');
    await t.db().execute(sql`
      INSERT INTO collection_runs (collection, source, window_key, trigger, status)
      VALUES ('watched_works', 'platform-data', '2026-11-29T04:30+08', 'schedule', 'running')`);
    expect(
      await post(ConsoleDataPath.collectionRun, staff.cookie, { collection: 'watched_works', reason: '试试' }),
    ).toMatchObject({ code: Code.TOAST, msg: '该采集已在排队或运行中，请稍后再试' });
    expect(await queuedRuns()).toEqual([]);
  });

  it('refuses an unknown collection and a missing reason', async () => {
    const staff = await staffWithCookie(t.db(), '数据');
    expect(
      await post(ConsoleDataPath.collectionRun, staff.cookie, { collection: 'hot_everything', reason: '试试' }),
    ).toEqual({ code: Code.NOT_FOUND, msg: '采集任务不存在', data: null });
    expect(await post(ConsoleDataPath.collectionRun, staff.cookie, { collection: 'watched_works' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '请填写操作原因',
    });
    expect(await post(ConsoleDataPath.collectionRun, staff.cookie, { reason: '试试' })).toMatchObject({
      code: Code.BAD_REQUEST,
    });
    expect(await queuedRuns()).toEqual([]);
  });
});
