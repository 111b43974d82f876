import { Code, permissionAliasCodes, permissionTreeSchema } from '@dso/contract';
import { type Grade, grades, lowestGrantingGrade, upgradeMessages } from '@dso/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { permissionAliases, permissionBinds, subAccountLinks, usagePacks, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { createTestDatabase, createUser } from '../../testing';
import { getEffectiveGrade } from './grade.service';
import {
  addUsagePack,
  checkPermission,
  consumePermission,
  ensurePermissionConfig,
  getPermissionTree,
  getPermissionUse,
  packExpiry,
  releasePermission,
  requirePermission,
  validatePermissionConfig,
} from './index';
import { type PermissionDefinition, permissionConfig } from './permission-config';

/** Runs a promise that must fail with an AppError and returns it. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const DAY = 86_400_000;

describe('permission service', () => {
  let database: DatabaseHandle;
  let db: DatabaseHandle['db'];
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await ensurePermissionConfig(db);
  });
  afterAll(async () => database.close());

  const linkChild = async (parentUserId: number, child: { id: number; phone: string }) => {
    const [link] = await db
      .insert(subAccountLinks)
      .values({ parentUserId, childPhone: child.phone, childUserId: child.id, status: 'active' })
      .returning();
    return link!;
  };

  describe('configuration', () => {
    it('keeps the table sound: counts, tiers the tree can express, never less for a higher grade', () => {
      expect(validatePermissionConfig(permissionConfig)).toEqual([]);
    });

    it('configures every alias the contract names', () => {
      expect(permissionConfig.map((definition) => definition.alias).sort()).toEqual([...permissionAliasCodes].sort());
    });

    it('gives each higher grade strictly more of every daily count and row cap', () => {
      for (const definition of permissionConfig.filter((d) => d.kind === 'day_count' || d.kind === 'rows')) {
        const values = grades.map((grade) => definition.values[grade]).filter((value) => value !== undefined);
        for (let i = 1; i < values.length; i++) expect(values[i]!).toBeGreaterThan(values[i - 1]!);
      }
    });

    it('refuses a table where CVIP has what VIP lacks, which the tree cannot express', () => {
      const bad: PermissionDefinition[] = [
        {
          alias: 'HOT_VIDEO_GOODS_ANAS',
          kind: 'flag',
          name: 'x',
          description: '',
          values: { CVIP: 1 },
          packable: false,
        },
      ];
      expect(validatePermissionConfig(bad).join()).toMatch(/CVIP must follow VIP/);
    });

    it('seeds idempotently: a second and concurrent runs change nothing and keep the ids', async () => {
      const before = await db.select().from(permissionBinds);
      await Promise.all([ensurePermissionConfig(db), ensurePermissionConfig(db), ensurePermissionConfig(db)]);
      const after = await db.select().from(permissionBinds);
      expect(after.sort((a, b) => a.id - b.id)).toEqual(before.sort((a, b) => a.id - b.id));
      expect(await db.$count(permissionAliases)).toBe(permissionConfig.length);
    });

    it('updates the database when the table is edited, and removes what was dropped', async () => {
      const edited = permissionConfig
        .filter((definition) => definition.alias !== 'PERSON_LIBRARY_ROWS')
        .map((definition) =>
          definition.alias === 'HOT_VIDEO_GOODS_ANAS'
            ? { ...definition, name: '带货分析', values: { SVIP: 1, EVIP: 1, GVIP: 1 } }
            : definition.alias === 'KEYWORD_MONITOR_COUNT'
              ? { ...definition, values: { ...definition.values, FREE: 7 } }
              : definition,
        );
      const [monitorFree] = await db
        .select()
        .from(permissionBinds)
        .where(eq(permissionBinds.alias, 'KEYWORD_MONITOR_COUNT'));
      await ensurePermissionConfig(db, edited);
      try {
        const tree = await getPermissionTree(db);
        expect(tree.find((node) => node.alias === 'PERSON_LIBRARY_ROWS')).toBeUndefined();
        expect(lowestGrantingGrade(tree, 'HOT_VIDEO_GOODS_ANAS')).toBe('SVIP');
        const monitor = tree.find((node) => node.alias === 'KEYWORD_MONITOR_COUNT')!;
        expect(monitor.children[0]).toEqual({
          id: monitorFree!.id,
          permission_role_bind: [{ type: 'ROLE', value: '0', ext: '7' }],
        });
        const [alias] = await db
          .select()
          .from(permissionAliases)
          .where(eq(permissionAliases.alias, 'HOT_VIDEO_GOODS_ANAS'));
        expect(alias!.name).toBe('带货分析');
      } finally {
        await ensurePermissionConfig(db);
      }
      const tree = await getPermissionTree(db);
      expect(lowestGrantingGrade(tree, 'HOT_VIDEO_GOODS_ANAS')).toBe('EVIP');
      expect(tree.find((node) => node.alias === 'PERSON_LIBRARY_ROWS')).toBeDefined();
    });
  });

  describe('the tree', () => {
    it('binds each alias to the tiers that have it, with the value as ext', async () => {
      const tree = permissionTreeSchema.parse(await getPermissionTree(db));
      expect(tree.map((node) => node.alias)).toEqual(permissionConfig.map((definition) => definition.alias));
      const monitor = tree.find((node) => node.alias === 'KEYWORD_MONITOR_COUNT')!;
      expect(monitor.children.map((child) => child.permission_role_bind)).toEqual([
        [{ type: 'ROLE', value: '0', ext: '5' }],
        [{ type: 'ROLE', value: '10086', ext: '50' }],
        [{ type: 'ROLE', value: '20086', ext: '300' }],
        [{ type: 'ROLE', value: '30086', ext: '1000' }],
      ]);
      expect(new Set(tree.flatMap((node) => node.children.map((child) => child.id))).size).toBe(
        tree.reduce((sum, node) => sum + node.children.length, 0),
      );
    });

    it('names the lowest tier of each feature the way the client reads it', async () => {
      const tree = await getPermissionTree(db);
      expect(lowestGrantingGrade(tree, 'VIDEO_LIBRARY_DETAIL_VIDEO_DATA')).toBe('FREE');
      expect(lowestGrantingGrade(tree, 'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS')).toBe('VIP');
      expect(lowestGrantingGrade(tree, 'KEYWORD_LIBRARY_EXPORT')).toBe('VIP');
      expect(lowestGrantingGrade(tree, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).toBe('SVIP');
      expect(lowestGrantingGrade(tree, 'SUB_ACCOUNT_COUNT')).toBe('SVIP');
      expect(lowestGrantingGrade(tree, 'HOT_VIDEO_GOODS_ANAS')).toBe('EVIP');
    });
  });

  describe('effective grade', () => {
    it('is the own grade until it ends, then FREE', async () => {
      const endsAt = new Date('2025-06-01T00:00:00Z');
      const user = await createUser(db, { grade: 'SVIP', gradeEndsAt: endsAt });
      expect(await getEffectiveGrade(db, user.id, new Date(endsAt.getTime() - 1))).toEqual({
        grade: 'SVIP',
        endsAt,
        parent: null,
      });
      expect(await getEffectiveGrade(db, user.id, endsAt)).toEqual({ grade: 'FREE', endsAt: null, parent: null });
    });

    it('reads an unknown stored grade as FREE and an unknown user as FREE', async () => {
      const user = await createUser(db, { grade: 'PLATINUM', gradeEndsAt: null });
      expect((await getEffectiveGrade(db, user.id)).grade).toBe('FREE');
      expect((await getEffectiveGrade(db, 9_999_999)).grade).toBe('FREE');
    });

    it("gives a child account its parent's grade and phone while the link is active", async () => {
      const endsAt = new Date(Date.now() + 10 * DAY);
      const parent = await createUser(db, { grade: 'EVIP', gradeEndsAt: endsAt });
      const child = await createUser(db);
      const link = await linkChild(parent.id, child);
      expect(await getEffectiveGrade(db, child.id)).toEqual({ grade: 'EVIP', endsAt, parent: { phone: parent.phone } });

      await db.update(subAccountLinks).set({ status: 'unbound' }).where(eq(subAccountLinks.id, link.id));
      expect(await getEffectiveGrade(db, child.id)).toEqual({ grade: 'FREE', endsAt: null, parent: null });
    });

    it("drops a child to FREE when the parent's membership ends", async () => {
      const endsAt = new Date('2025-06-01T00:00:00Z');
      const parent = await createUser(db, { grade: 'SVIP', gradeEndsAt: endsAt });
      const child = await createUser(db);
      await linkChild(parent.id, child);
      expect((await getEffectiveGrade(db, child.id, new Date('2025-05-31T00:00:00Z'))).grade).toBe('SVIP');
      const after = await getEffectiveGrade(db, child.id, endsAt);
      expect(after).toEqual({ grade: 'FREE', endsAt: null, parent: { phone: parent.phone } });
    });
  });

  describe('checks per kind', () => {
    it('reads a flag: granted from its tier up, refused with 810 below', async () => {
      const free = await createUser(db);
      const svip = await createUser(db, { grade: 'SVIP' });
      const cvip = await createUser(db, { grade: 'CVIP' });
      expect(await checkPermission(db, svip.id, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).toMatchObject({
        kind: 'flag',
        grade: 'SVIP',
        granted: true,
        value: 1,
        neededGrade: 'SVIP',
      });
      expect((await checkPermission(db, cvip.id, 'VIDEO_LIBRARY_DETAIL_COMMENT_ANALYSIS')).granted).toBe(true);
      expect((await checkPermission(db, cvip.id, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT')).granted).toBe(false);
      const error = await refusal(requirePermission(db, free.id, 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT'));
      expect(error.code).toBe(Code.NEEDS_UPGRADE);
      expect(error.message).toBe('权限不足，升级会员版本可查看更多数据~');
      expect(error.data).toEqual({
        alias: 'VIDEO_LIBRARY_DETAIL_USER_PORTRAIT',
        reason: 'lacking',
        action: 'pay',
        grade: 'SVIP',
      });
    });

    it('reads a row cap per grade', async () => {
      const expected: Record<Grade, number> = { FREE: 30, VIP: 300, CVIP: 600, SVIP: 1000, EVIP: 3000, GVIP: 5000 };
      for (const grade of grades) {
        const user = await createUser(db, { grade });
        expect(await checkPermission(db, user.id, 'KEYWORD_LIBRARY_ROWS')).toMatchObject({
          kind: 'rows',
          value: expected[grade],
        });
        expect(await getPermissionUse(db, user.id, 'KEYWORD_LIBRARY_ROWS')).toEqual({
          per_val: expected[grade],
          use_val: 0,
        });
      }
    });

    it('takes and gives back a running total, refusing beyond the ceiling', async () => {
      const user = await createUser(db);
      expect(await consumePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 4 })).toEqual({
        per_val: 5,
        use_val: 4,
      });
      const error = await refusal(
        consumePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 2 }),
      );
      expect(error.code).toBe(Code.NEEDS_UPGRADE);
      expect(error.message).toBe('监控额度已用完，请升级会员版本增加额度~');
      expect(error.data).toEqual({ alias: 'KEYWORD_MONITOR_COUNT', reason: 'exhausted', action: 'pay', grade: 'VIP' });
      expect(await releasePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 3 })).toEqual({
        per_val: 5,
        use_val: 1,
      });
      await releasePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 9 });
      expect(await getPermissionUse(db, user.id, 'KEYWORD_MONITOR_COUNT')).toEqual({ per_val: 5, use_val: 0 });
    });

    it('takes daily units all or nothing', async () => {
      const user = await createUser(db);
      const now = new Date('2025-03-01T04:00:00Z');
      await consumePermission(db, { userId: user.id, alias: 'AI_WRITING_COUNT_DAY', amount: 3, now });
      await refusal(consumePermission(db, { userId: user.id, alias: 'AI_WRITING_COUNT_DAY', amount: 3, now }));
      expect(await getPermissionUse(db, user.id, 'AI_WRITING_COUNT_DAY', now)).toEqual({ per_val: 5, use_val: 3 });
    });

    it('refuses to count a flag or a row cap', async () => {
      const user = await createUser(db);
      await expect(consumePermission(db, { userId: user.id, alias: 'KEYWORD_LIBRARY_ROWS' })).rejects.toThrow(/rows/);
      await expect(consumePermission(db, { userId: user.id, alias: 'NOT_AN_ALIAS' })).rejects.toThrow(/Unknown/);
      await expect(
        consumePermission(db, { userId: user.id, alias: 'AI_WRITING_COUNT_DAY', amount: 0 }),
      ).rejects.toThrow(/positive/);
    });

    it('refuses a count the grade lacks, whatever packs the user holds', async () => {
      const user = await createUser(db);
      await addUsagePack(db, { userId: user.id, alias: 'KEYWORD_LIBRARY_EXPORT', amount: 10, sourceRef: 'lack-1' });
      const error = await refusal(consumePermission(db, { userId: user.id, alias: 'KEYWORD_LIBRARY_EXPORT' }));
      expect(error.message).toBe(upgradeMessages.insufficientRights);
      expect(error.data).toEqual({ alias: 'KEYWORD_LIBRARY_EXPORT', reason: 'lacking', action: 'pay', grade: 'VIP' });
      expect(await getPermissionUse(db, user.id, 'KEYWORD_LIBRARY_EXPORT')).toEqual({ per_val: 0, use_val: 0 });
    });
  });

  describe('daily reset', () => {
    it('resets daily counts at Asia/Shanghai midnight (16:00 UTC)', async () => {
      const user = await createUser(db);
      const lateEvening = new Date('2025-03-01T15:59:59Z');
      const midnight = new Date('2025-03-01T16:00:00Z');
      const alias = 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY';
      await consumePermission(db, { userId: user.id, alias, amount: 5, now: new Date('2025-02-28T16:00:00Z') });
      expect(await getPermissionUse(db, user.id, alias, lateEvening)).toEqual({ per_val: 5, use_val: 5 });
      await refusal(consumePermission(db, { userId: user.id, alias, now: lateEvening }));
      expect(await getPermissionUse(db, user.id, alias, midnight)).toEqual({ per_val: 5, use_val: 0 });
      await consumePermission(db, { userId: user.id, alias, now: midnight });
      expect(await getPermissionUse(db, user.id, alias, midnight)).toEqual({ per_val: 5, use_val: 1 });
    });
  });

  describe('usage packs', () => {
    it('adds pack units to per_val and spends them only after the day allowance, without refilling', async () => {
      const user = await createUser(db);
      const alias = 'AI_WRITING_BATCH_EXTRACTION';
      const day1 = new Date('2025-03-01T02:00:00Z');
      const day2 = new Date('2025-03-02T02:00:00Z');
      await addUsagePack(db, { userId: user.id, alias, amount: 10, sourceRef: 'order-pack-1', now: day1 });
      expect(await getPermissionUse(db, user.id, alias, day1)).toEqual({ per_val: 13, use_val: 0 });

      await consumePermission(db, { userId: user.id, alias, amount: 2, now: day1 });
      expect(await getPermissionUse(db, user.id, alias, day1)).toEqual({ per_val: 13, use_val: 2 });
      expect(await consumePermission(db, { userId: user.id, alias, amount: 5, now: day1 })).toEqual({
        per_val: 13,
        use_val: 7,
      });

      // The day's 3 come back; the 4 pack units spent do not.
      expect(await getPermissionUse(db, user.id, alias, day2)).toEqual({ per_val: 13, use_val: 4 });
      await consumePermission(db, { userId: user.id, alias, amount: 9, now: day2 });
      const error = await refusal(consumePermission(db, { userId: user.id, alias, now: day2 }));
      expect(error.message).toBe('今日次数已用尽，请升级会员版本增加查看次数~');
      expect(await getPermissionUse(db, user.id, alias, day2)).toEqual({ per_val: 13, use_val: 13 });
    });

    it('spends the pack that expires first, and drops a pack after one year', async () => {
      const user = await createUser(db);
      const alias = 'AI_REWRITING_COUNT_DAY';
      const bought1 = new Date('2024-03-10T00:00:00Z');
      const bought2 = new Date('2024-09-10T00:00:00Z');
      await addUsagePack(db, { userId: user.id, alias, amount: 10, sourceRef: 'order-old', now: bought1 });
      await addUsagePack(db, { userId: user.id, alias, amount: 20, sourceRef: 'order-new', now: bought2 });
      const day = new Date('2025-03-01T00:00:00Z');
      await consumePermission(db, { userId: user.id, alias, amount: 5 + 6, now: day });
      expect(await getPermissionUse(db, user.id, alias, day)).toEqual({ per_val: 35, use_val: 11 });

      const [oldPack] = await db.select().from(usagePacks).where(eq(usagePacks.sourceRef, 'order-old'));
      expect(oldPack!.expiresAt).toEqual(new Date('2025-03-10T00:00:00Z'));
      expect(packExpiry(new Date('2024-02-29T12:00:00Z'))).toEqual(new Date('2025-03-01T12:00:00Z'));

      const beforeExpiry = new Date(oldPack!.expiresAt.getTime() - 1);
      expect(await getPermissionUse(db, user.id, alias, beforeExpiry)).toEqual({ per_val: 35, use_val: 6 });
      // The old pack's 4 unspent units go with it; the new pack is untouched.
      expect(await getPermissionUse(db, user.id, alias, oldPack!.expiresAt)).toEqual({ per_val: 25, use_val: 0 });
    });

    it('raises the ceiling of a running total while the pack is valid', async () => {
      const user = await createUser(db);
      const now = new Date('2025-03-01T00:00:00Z');
      await addUsagePack(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 20, sourceRef: 'mon-1', now });
      await consumePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT', amount: 25, now });
      expect(await getPermissionUse(db, user.id, 'KEYWORD_MONITOR_COUNT', now)).toEqual({ per_val: 25, use_val: 25 });
      expect(await getPermissionUse(db, user.id, 'KEYWORD_MONITOR_COUNT', packExpiry(now))).toEqual({
        per_val: 5,
        use_val: 25,
      });
    });

    it('adds a pack once per purchase however often the notification repeats', async () => {
      const user = await createUser(db);
      const input = { userId: user.id, alias: 'AI_WRITING_COUNT_DAY', amount: 50, sourceRef: 'order-repeat' };
      const [first, second] = await Promise.all([addUsagePack(db, input), addUsagePack(db, input)]);
      await addUsagePack(db, input);
      expect(second.id).toBe(first.id);
      expect(await db.$count(usagePacks, eq(usagePacks.sourceRef, 'order-repeat'))).toBe(1);
      expect((await getPermissionUse(db, user.id, 'AI_WRITING_COUNT_DAY')).per_val).toBe(55);
      const other = await createUser(db);
      await expect(addUsagePack(db, { ...input, userId: other.id })).rejects.toThrow(/already used/);
    });

    it('sells packs only for counts that have them', async () => {
      const user = await createUser(db);
      await expect(
        addUsagePack(db, { userId: user.id, alias: 'HOT_VIDEO_GOODS_ANAS', amount: 1, sourceRef: 'flag-pack' }),
      ).rejects.toThrow(/No usage-count packs/);
    });
  });

  describe('exhaustion per grade', () => {
    const alias = 'KEYWORD_LIBRARY_SEARCH_COUNT_DAY';
    const cases: Array<[Grade, string, unknown]> = [
      ['FREE', '今日次数已用尽，请升级会员版本增加查看次数~', { action: 'pay', grade: 'VIP' }],
      ['VIP', '今日次数已用尽，请升级会员版本增加查看次数~', { action: 'pay', grade: 'SVIP' }],
      ['CVIP', '今日次数已用尽，请升级会员版本增加查看次数~', { action: 'pay', grade: 'EVIP' }],
      ['SVIP', '今日次数已用尽，请升级会员版本增加查看次数~', { action: 'pay', grade: 'EVIP' }],
      ['EVIP', '今日次数已用尽，明天再来试试吧~', { action: 'buyTimes', type: 9 }],
      ['GVIP', '今日次数已用尽，明天再来试试吧~', { action: 'buyTimes', type: 9 }],
    ];
    for (const [grade, msg, action] of cases) {
      it(`tells a ${grade} user who used up a daily count what to open`, async () => {
        const user = await createUser(db, { grade });
        const { per_val } = await getPermissionUse(db, user.id, alias);
        await consumePermission(db, { userId: user.id, alias, amount: per_val });
        const error = await refusal(consumePermission(db, { userId: user.id, alias }));
        expect(error.code).toBe(Code.NEEDS_UPGRADE);
        expect(error.message).toBe(msg);
        expect(error.data).toEqual({ alias, reason: 'exhausted', ...(action as object) });
      });
    }

    it('tells a top-tier user whose running total is full to recharge', async () => {
      const user = await createUser(db, { grade: 'EVIP' });
      await consumePermission(db, { userId: user.id, alias: 'AUTH_TIKTOK_COUNT', amount: 30 });
      const error = await refusal(consumePermission(db, { userId: user.id, alias: 'AUTH_TIKTOK_COUNT' }));
      expect(error.message).toBe('授权账号额度不足，请联系客服充值额度~');
      expect(error.data).toEqual({ alias: 'AUTH_TIKTOK_COUNT', reason: 'exhausted', action: 'buyTimes', type: 9 });
    });

    it('offers the next tier when the lacking feature starts at or below the user', async () => {
      const vip = await createUser(db, { grade: 'VIP' });
      const error = await refusal(requirePermission(db, vip.id, 'HOT_VIDEO_GOODS_ANAS'));
      expect(error.data).toEqual({ alias: 'HOT_VIDEO_GOODS_ANAS', reason: 'lacking', action: 'pay', grade: 'EVIP' });
    });
  });

  describe('child accounts', () => {
    it("spend the parent's pool at the parent's grade, packs included", async () => {
      const parent = await createUser(db, { grade: 'VIP' });
      const child = await createUser(db);
      await linkChild(parent.id, child);
      const alias = 'AI_WRITING_COUNT_DAY';
      await addUsagePack(db, { userId: parent.id, alias, amount: 5, sourceRef: `team-${parent.id}` });
      expect(await getPermissionUse(db, child.id, alias)).toEqual({ per_val: 55, use_val: 0 });
      await consumePermission(db, { userId: child.id, alias, amount: 40 });
      await consumePermission(db, { userId: parent.id, alias, amount: 12 });
      expect(await getPermissionUse(db, parent.id, alias)).toEqual({ per_val: 55, use_val: 52 });
      expect(await getPermissionUse(db, child.id, alias)).toEqual({ per_val: 55, use_val: 52 });
      await refusal(consumePermission(db, { userId: child.id, alias, amount: 4 }));
    });

    it('fall back to their own counters once unbound', async () => {
      const parent = await createUser(db, { grade: 'SVIP' });
      const child = await createUser(db);
      const link = await linkChild(parent.id, child);
      await consumePermission(db, { userId: child.id, alias: 'AI_WRITING_COUNT_DAY', amount: 100 });
      await db.update(subAccountLinks).set({ status: 'unbound' }).where(eq(subAccountLinks.id, link.id));
      expect(await getPermissionUse(db, child.id, 'AI_WRITING_COUNT_DAY')).toEqual({ per_val: 5, use_val: 0 });
      expect(await getPermissionUse(db, parent.id, 'AI_WRITING_COUNT_DAY')).toEqual({ per_val: 200, use_val: 100 });
    });
  });

  describe('concurrency', () => {
    it('lets exactly 5 of 20 concurrent requests take a daily limit of 5', async () => {
      const user = await createUser(db);
      const alias = 'KEYWORD_LIBRARY_DETAIL_COUNT_DAY';
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => consumePermission(db, { userId: user.id, alias })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
      const failures = results.filter((result) => result.status === 'rejected');
      expect(failures.every((failure) => (failure.reason as AppError).code === Code.NEEDS_UPGRADE)).toBe(true);
      expect(await getPermissionUse(db, user.id, alias)).toEqual({ per_val: 5, use_val: 5 });
    });

    it('lets exactly 5 of 20 concurrent requests take a running total of 5', async () => {
      const user = await createUser(db);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => consumePermission(db, { userId: user.id, alias: 'KEYWORD_MONITOR_COUNT' })),
      );
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
      expect(await getPermissionUse(db, user.id, 'KEYWORD_MONITOR_COUNT')).toEqual({ per_val: 5, use_val: 5 });
    });

    it('never overspends packs under concurrent requests from a parent and its child', async () => {
      const parent = await createUser(db);
      const child = await createUser(db);
      await db
        .update(users)
        .set({ grade: 'SVIP', gradeEndsAt: new Date(Date.now() + DAY) })
        .where(eq(users.id, parent.id));
      await linkChild(parent.id, child);
      const alias = 'KEYWORD_LIBRARY_EXPORT';
      await addUsagePack(db, { userId: parent.id, alias, amount: 4, sourceRef: `race-${parent.id}` });
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          consumePermission(db, { userId: i % 2 ? child.id : parent.id, alias, amount: 2 }),
        ),
      );
      // 30 a day plus 4 from the pack, two at a time: 17 succeed.
      expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(17);
      expect(await getPermissionUse(db, parent.id, alias)).toEqual({ per_val: 34, use_val: 34 });
    });
  });
});
