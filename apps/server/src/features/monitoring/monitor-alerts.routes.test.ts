import {
  Code,
  MonitorAlertPath,
  MonitoringPath,
  monitorAlertListSchema,
  monitorAlertMessages,
  monitorAlertSettingSchema,
} from '@dso/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { createProviders } from '../../providers';
import { type FakeWecom, startFakeWecom } from '../../providers/notification/fake-wecom-server';
import { NotificationError } from '../../providers/notification/index';
import { createWecomRobot } from '../../providers/notification/wecom';
import { type RankedEntry, type RankSource, RankSourceError } from '../../providers/rank-source/index';
import { createMember, createTestApp, createUser, loginAs } from '../../testing';
import { expectLoginRequired } from '../../testing/login-required';
import { useTestApp } from '../../testing/route-suite';
import { ensurePermissionConfig } from '../permissions';
import { createBigMoveAlerts, MONITOR_ALERT_PUSH_JOB, PUSH_ERROR_UNEXPECTED, pushAlerts } from './monitor-alerts';
import { runChecks } from './monitor-checks';

const robotKey = '693a91f6-7a2b-4bc4-97a0-0ec2a1fa5aaa';
const webhook = `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${robotKey}`;

describe('排名预警: alerts of big moves and the 企业微信 push', () => {
  let fake: FakeWecom;
  /** The place of each work under each keyword, by day: the test's rank source reads this. */
  const places = new Map<string, string[]>();
  /** Keywords whose rankings the source cannot read. */
  const failing = new Set<string>();
  const rankSource: RankSource = {
    name: 'test',
    isDemo: true,
    async fetchRanking(query) {
      if (failing.has(query.keyword)) throw new RankSourceError('unavailable', 'down');
      const ids = places.get(`${query.keyword}\u0001${query.day}`) ?? [];
      return ids.map(
        (awemeId): RankedEntry => ({ awemeId, title: `作品 ${awemeId}`, author: '', cover: '', goodCount: 1 }),
      );
    },
  };
  const deps = { rankSource, pace: async () => {} };
  let serial = 0;
  /** A ranking where `awemeId` stands at `place` (filled with other works above it). */
  const rankAt = (keyword: string, day: string, awemeId: string | null, place: number) => {
    const ids = Array.from({ length: 30 }, (_, index) => `73000000000${String(++serial).padStart(8, '0')}${index}`);
    if (awemeId) ids.splice(place - 1, 0, awemeId);
    places.set(`${keyword}\u0001${day}`, ids);
  };

  beforeAll(async () => {
    fake = await startFakeWecom({ keys: [robotKey] });
  });
  afterAll(async () => fake.close());
  const t = useTestApp(
    () => ({ providers: { notification: createWecomRobot({ baseUrl: fake.url, timeoutMs: 2_000 }) } }),
    (app) => ensurePermissionConfig(app.database.db),
  );
  const { db, call } = t;

  const member = () => createMember(db(), { grade: 'VIP' });
  /** A user monitoring one work under its own keyword, checked on two days with the given places. */
  const watched = async (places: [number | null, number | null], days = ['2026-03-01', '2026-03-02']) => {
    const { user, token } = await member();
    const keyword = `露营装备${++serial}`;
    const awemeId = `7400000000${String(serial).padStart(9, '0')}`;
    const added = await call('POST', MonitoringPath.add, token, { keyword, aweme_id: awemeId });
    const itemId = added.data.id as number;
    for (const [index, day] of days.entries()) {
      const place = places[index] ?? null;
      rankAt(keyword, day, place === null ? null : awemeId, place ?? 1);
    }
    const check = (day: string, claimedBy = 'job:test') =>
      runChecks(db(), deps, { day, itemIds: [itemId], claimedBy, lastAttempt: false });
    return { user, token, keyword, awemeId, itemId, check, days };
  };
  const alertsOf = async (token: string, query = '') => {
    const answer = await call('GET', `${MonitorAlertPath.list}${query}`, token);
    expect(answer.code).toBe(Code.OK);
    return monitorAlertListSchema.parse(answer.data);
  };

  describe('access and validation', () => {
    it('asks for login on every call', async () => {
      const body = { all: true, wecom_enabled: false };
      await expectLoginRequired(t, [
        ['GET', MonitorAlertPath.list],
        ['POST', MonitorAlertPath.read, body],
        ['GET', MonitorAlertPath.setting],
        ['POST', MonitorAlertPath.saveSetting, body],
        ['POST', MonitorAlertPath.testSetting, body],
      ]);
    });

    it('refuses a page too large, an empty mark-read, too many ids and a webhook that is not 企业微信', async () => {
      const { token } = await member();
      expect((await call('GET', `${MonitorAlertPath.list}?page_size=51`, token)).msg).toBe(
        monitorAlertMessages.pageSizeTooLarge,
      );
      expect(await call('POST', MonitorAlertPath.read, token, {})).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: monitorAlertMessages.readNothing,
      });
      const ids = Array.from({ length: 101 }, (_, index) => index + 1);
      expect((await call('POST', MonitorAlertPath.read, token, { ids })).msg).toBe(monitorAlertMessages.readTooMany);
      for (const bad of [
        'https://evil.example/cgi-bin/webhook/send?key=693a91f6-7a2b-4bc4-97a0-0ec2a1fa5aaa',
        '随便写',
      ]) {
        expect(
          await call('POST', MonitorAlertPath.saveSetting, token, { wecom_enabled: true, webhook: bad }),
        ).toMatchObject({ code: Code.BAD_REQUEST, msg: monitorAlertMessages.webhookInvalid });
      }
      expect(await call('POST', MonitorAlertPath.saveSetting, token, { wecom_enabled: true })).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: monitorAlertMessages.webhookMissing,
      });
      expect(await call('POST', MonitorAlertPath.testSetting, token)).toMatchObject({
        code: Code.BAD_REQUEST,
        msg: monitorAlertMessages.webhookMissing,
      });
    });
  });

  describe('alerts', () => {
    it('makes one alert of a big move, lists it unread and marks it read', async () => {
      const w = await watched([15, 4]);
      await w.check(w.days[0]!);
      expect((await alertsOf(w.token)).total_record).toBe(0);
      await w.check(w.days[1]!);
      const list = await alertsOf(w.token);
      expect(list).toMatchObject({ total_record: 1, unread: 1 });
      expect(list.result[0]).toMatchObject({
        item_id: w.itemId,
        day: w.days[1],
        keyword: w.keyword,
        aweme_id: w.awemeId,
        kind: 'up',
        previous_rank: 15,
        rank: 4,
        read: false,
        push_status: 'none',
      });
      const other = await member();
      expect(await call('POST', MonitorAlertPath.read, other.token, { ids: [list.result[0]!.id] })).toMatchObject({
        code: Code.OK,
        data: { unread: 0 },
      });
      expect((await alertsOf(w.token)).unread).toBe(1);
      expect(await call('POST', MonitorAlertPath.read, w.token, { ids: [list.result[0]!.id] })).toMatchObject({
        code: Code.OK,
        msg: monitorAlertMessages.marked,
        data: { unread: 0 },
      });
      expect((await alertsOf(w.token, '?unread=1')).total_record).toBe(0);
      expect((await alertsOf(w.token)).result[0]!.read).toBe(true);
    });

    it('makes no alert for a small move, a first check, or a failed check', async () => {
      const small = await watched([40, 35]);
      await small.check(small.days[0]!);
      await small.check(small.days[1]!);
      expect((await alertsOf(small.token)).total_record).toBe(0);

      const first = await watched([null, 3], ['2026-03-05', '2026-03-06']);
      await first.check(first.days[1]!);
      expect((await alertsOf(first.token)).total_record).toBe(0);

      const failed = await watched([3, 3], ['2026-03-07', '2026-03-08']);
      await failed.check(failed.days[0]!);
      failing.add(failed.keyword);
      const summary = await runChecks(db(), deps, {
        day: failed.days[1]!,
        itemIds: [failed.itemId],
        claimedBy: 'job:last',
        lastAttempt: true,
      });
      expect(summary.failed).toBe(1);
      expect((await alertsOf(failed.token)).total_record).toBe(0);
    });

    it('alerts a work leaving the top 10 as 掉榜 and pages the list newest first', async () => {
      const w = await watched([2, null]);
      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      const list = await alertsOf(w.token, '?page_size=1&page_no=1');
      expect(list.result).toEqual([expect.objectContaining({ kind: 'lost', previous_rank: 2, rank: null })]);
      expect((await alertsOf(w.token, '?page_size=1&page_no=2')).result).toEqual([]);
    });

    it('makes an alert once per item and day under retries and two workers at once', async () => {
      const w = await watched([30, 5]);
      await w.check(w.days[0]!);
      // Two claimers of the same day at once: one checks, the other skips; both look for alerts.
      await Promise.all([w.check(w.days[1]!, 'job:a'), w.check(w.days[1]!, 'job:b')]);
      // A retried job and two more alert passes over the same batch at once.
      await w.check(w.days[1]!, 'job:a');
      await Promise.all([
        createBigMoveAlerts(db(), { day: w.days[1]!, itemIds: [w.itemId] }),
        createBigMoveAlerts(db(), { day: w.days[1]!, itemIds: [w.itemId] }),
      ]);
      const rows = await queryRows<{ n: number }>(
        db(),
        sql`SELECT count(*)::int AS n FROM monitor_alerts WHERE item_id = ${w.itemId}`,
      );
      expect(Number(rows[0]!.n)).toBe(1);
      expect((await alertsOf(w.token)).total_record).toBe(1);
    });
  });

  describe('the 企业微信 push', () => {
    it('saves the robot masked, sends a test message and pushes a digest of the day', async () => {
      const w = await watched([20, 6]);
      const saved = await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: true, webhook });
      expect(saved).toMatchObject({ code: Code.OK, msg: monitorAlertMessages.saved });
      expect(monitorAlertSettingSchema.parse(saved.data)).toEqual({
        wecom_enabled: true,
        webhook_hint: '****5aaa',
        push_available: true,
      });
      expect(JSON.stringify(await call('GET', MonitorAlertPath.setting, w.token))).not.toContain(robotKey);

      const before = fake.received.length;
      expect(await call('POST', MonitorAlertPath.testSetting, w.token)).toMatchObject({
        code: Code.OK,
        msg: monitorAlertMessages.testSent,
      });
      expect(fake.received.length).toBe(before + 1);

      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'pending' });
      const jobs = await queryRows<{ payload: unknown; run_after: unknown }>(
        db(),
        sql`SELECT payload, run_after FROM jobs WHERE kind = ${MONITOR_ALERT_PUSH_JOB} AND status = 'queued'`,
      );
      const payloads = jobs.map((job) => (typeof job.payload === 'string' ? JSON.parse(job.payload) : job.payload));
      expect(payloads).toContainEqual({ userId: w.user.id });

      const outcome = await pushAlerts(
        db(),
        { notification: t.app.providers.notification, publicUrl: 'https://www.dso-data.cn' },
        { userId: w.user.id, claim: 'job:push-1', lastAttempt: false },
      );
      expect(outcome).toBe('sent');
      const message = fake.received.at(-1)!;
      expect(message.msgtype).toBe('markdown');
      expect(message.content).toContain(
        `${w.keyword} · 作品 ${w.awemeId}：第20名 → 第6名 <font color="warning">↑14</font>`,
      );
      expect(message.content).toContain('https://www.dso-data.cn/dataMarketNew');
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'sent', push_error: null });
      // Nothing is sent twice.
      const again = await pushAlerts(
        db(),
        { notification: t.app.providers.notification, publicUrl: undefined },
        { userId: w.user.id, claim: 'job:push-2', lastAttempt: false },
      );
      expect(again).toBe('nothing');
    });

    it('retries a push the network dropped and records it failed after the last attempt', async () => {
      const w = await watched([12, 3]);
      await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: true, webhook: robotKey });
      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      const push = (lastAttempt: boolean) =>
        pushAlerts(
          db(),
          { notification: t.app.providers.notification, publicUrl: undefined },
          { userId: w.user.id, claim: 'job:flaky', lastAttempt },
        );
      fake.faults.push('drop');
      await expect(push(false)).rejects.toBeInstanceOf(NotificationError);
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'pending' });
      fake.faults.push('drop');
      expect(await push(true)).toBe('failed');
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'failed' });
      expect((await alertsOf(w.token)).result[0]!.push_error).toMatch(/^企业微信无法连接/);
    });

    it('records the push failed when the last attempt fails unexpectedly, and still fails the job', async () => {
      const w = await watched([15, 2]);
      await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: true, webhook: robotKey });
      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      const broken = {
        ...t.app.providers.notification,
        send: async () => {
          throw new TypeError('digest could not be built');
        },
      };
      const push = (lastAttempt: boolean) =>
        pushAlerts(
          db(),
          { notification: broken, publicUrl: undefined },
          { userId: w.user.id, claim: 'job:bug', lastAttempt },
        );
      await expect(push(false)).rejects.toBeInstanceOf(TypeError);
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'pending' });
      await expect(push(true)).rejects.toBeInstanceOf(TypeError);
      expect((await alertsOf(w.token)).result[0]).toMatchObject({
        push_status: 'failed',
        push_error: PUSH_ERROR_UNEXPECTED,
      });
    });

    it("surfaces 企业微信's refusal of a wrong key in the test and on the alert, without retrying", async () => {
      const w = await watched([1, 25]);
      const wrong = 'ffffffff-0000-4000-8000-000000000000';
      await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: true, webhook: wrong });
      const test = await call('POST', MonitorAlertPath.testSetting, w.token);
      expect(test.code).toBe(Code.TOAST);
      expect(test.msg).toMatch(/^企业微信返回：invalid webhook url.*\(93000\)$/);
      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      const outcome = await pushAlerts(
        db(),
        { notification: t.app.providers.notification, publicUrl: undefined },
        { userId: w.user.id, claim: 'job:wrong', lastAttempt: false },
      );
      expect(outcome).toBe('failed');
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ kind: 'down', push_status: 'failed' });
    });

    it('keeps alerts in the app only once the push is turned off', async () => {
      const w = await watched([9, 40]);
      await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: true, webhook });
      await w.check(w.days[0]!);
      await w.check(w.days[1]!);
      const off = await call('POST', MonitorAlertPath.saveSetting, w.token, { wecom_enabled: false });
      expect(off.data).toMatchObject({ wecom_enabled: false, webhook_hint: '****5aaa' });
      const before = fake.received.length;
      const outcome = await pushAlerts(
        db(),
        { notification: t.app.providers.notification, publicUrl: undefined },
        { userId: w.user.id, claim: 'job:off', lastAttempt: false },
      );
      expect(outcome).toBe('off');
      expect(fake.received.length).toBe(before);
      expect((await alertsOf(w.token)).result[0]).toMatchObject({ push_status: 'none' });
    });
  });
});

describe('choosing the notification provider', () => {
  const context = (env: Record<string, string>) => ({
    config: loadConfig(env),
    db: {} as never,
    log: { info() {} } as never,
  });

  it('uses the sandbox by default, 企业微信 when chosen, and production refuses the sandbox', () => {
    expect(createProviders(context({})).notification).toMatchObject({ name: 'sandbox', pushes: false });
    expect(createProviders(context({ NOTIFICATION_PROVIDER: 'wecom' })).notification).toMatchObject({
      name: 'wecom',
      pushes: true,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', NOTIFICATION_PROVIDER: 'sandbox' })).toThrow(
      /NOTIFICATION_PROVIDER/,
    );
  });

  it('answers the test with the sandbox text when nothing is pushed out', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t.database.db);
      const token = await loginAs(t.database.db, user.id);
      const send = (url: string, body?: unknown) =>
        t.request({ method: 'POST', url, token, ...(body ? { body } : {}) }).then((r) => r.json());
      await send(MonitorAlertPath.saveSetting, { wecom_enabled: true, webhook: robotKey });
      expect(await send(MonitorAlertPath.testSetting)).toMatchObject({
        code: Code.OK,
        msg: monitorAlertMessages.testSandbox,
      });
      const setting = await t.request({ method: 'GET', url: MonitorAlertPath.setting, token }).then((r) => r.json());
      expect(setting.data).toMatchObject({ push_available: false, wecom_enabled: true });
    } finally {
      await t.close();
    }
  });
});
