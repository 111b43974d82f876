import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AdminCardBatch,
  AdminCardList,
  AdminCoupon,
  AdminCouponGrant,
  AdminPackage,
  AdminPlan,
} from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { auditOf, soleAuditOf } from '../features/console/console.testing';
import { exchangeCard } from '../features/orders/cards/cards.service';
import { listUsableCoupons } from '../features/orders/coupons/coupons.service';
import { createUser, nextPhone } from '../testing';
import { useTempDir, useTestDatabase } from '../testing/route-suite';
import { CliError } from './cli-kit';
import { runOrdersCommand } from './orders-commands';

describe('npm run orders', () => {
  const handle = useTestDatabase();
  const dir = useTempDir('orders-cli-');

  /** Runs a command line; answers what it printed and the data it acted on. */
  const run = async <T>(line: string[]) => {
    const printed: string[] = [];
    const data = (await runOrdersCommand(handle.db, line, (text) => printed.push(text))) as T;
    return { printed, data };
  };
  const refusal = async (line: string[]) => {
    const error = await runOrdersCommand(handle.db, line, () => undefined).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(CliError);
    return (error as CliError).message;
  };
  const shanghaiMidnight = (date: string) => Date.parse(`${date}T00:00:00+08:00`) / 1000;

  it('creates a plan from flags, lists it, changes one field and takes it off sale', async () => {
    const { data: plan } = await run<AdminPlan>(
      ['plans', 'set', '--grade', 'svip', '--day', '365', '--price', '289900', '--original', '399900'].concat(
        ['--team', '1:10:50000,2:20:90000', '--activity-price', '259900'],
        ['--activity-from', '2026-11-01', '--activity-to', '2026-11-11', '--discount', '双十一'],
      ),
    );
    expect(plan).toMatchObject({
      grade: 'SVIP',
      day: 365,
      price_fen: 289_900,
      original_price_fen: 399_900,
      activity_price_fen: 259_900,
      activity_start_time: shanghaiMidnight('2026-11-01'),
      activity_end_time: shanghaiMidnight('2026-11-12'),
      discount: '双十一',
      team_options: [
        { id: 1, count: 10, extra_fen: 50_000 },
        { id: 2, count: 20, extra_fen: 90_000 },
      ],
      enabled: true,
    });
    const listed = await run<AdminPlan[]>(['plans', 'list']);
    expect(listed.printed.find((line) => line.startsWith(`#${plan.id} `))).toContain('价格289900分(¥2899)');

    const { data: changed } = await run<AdminPlan>([
      'plans',
      'set',
      '--id',
      String(plan.id),
      '--price',
      '279900',
      '--original',
      'none',
    ]);
    expect(changed).toEqual({
      ...plan,
      price_fen: 279_900,
      original_price_fen: null,
      update_time: changed.update_time,
    });
    expect(
      (await run<AdminPlan>(['plans', 'disable', '--id', String(plan.id), '--reason', '双十一结束'])).data.enabled,
    ).toBe(false);
    expect((await run<AdminPlan>(['plans', 'enable', '--id', String(plan.id)])).data.enabled).toBe(true);
    // Each change is in the console's audit log as 命令行, with the reason given or the action's own words.
    const entries = await auditOf(handle.db, `plan:${plan.id}`);
    expect(entries.map((entry) => [entry.staffId, entry.staffName, entry.action, entry.reason])).toEqual([
      [null, '命令行', 'plan.enable', '命令行上架/下架套餐'],
      [null, '命令行', 'plan.enable', '双十一结束'],
      [null, '命令行', 'plan.update', '命令行修改套餐'],
      [null, '命令行', 'plan.create', '命令行新建套餐'],
    ]);
  });

  it('creates a continuous monthly plan with its renewal price', async () => {
    const { data } = await run<AdminPlan>([
      'plans',
      'set',
      '--grade',
      'VIP',
      '--day',
      '30',
      '--price',
      '3900',
      '--cycle',
      '--cycle-price',
      '5900',
    ]);
    expect(data).toMatchObject({ has_cycle: true, cycle_price_fen: 5_900, price_fen: 3_900 });
  });

  it('refuses values outside the admin rules in the same words as the admin calls', async () => {
    expect(await refusal(['plans', 'set', '--grade', 'VIP', '--day', '0', '--price', '100'])).toBe(
      'day: 天数须为1到3650的整数',
    );
    expect(await refusal(['plans', 'set', '--grade', 'VIP', '--day', '30', '--price=-1'])).toBe(
      'price_fen: 金额须为不小于0的整数（单位：分）',
    );
    expect(await refusal(['plans', 'set', '--grade', 'VIP', '--day', '30', '--price', 'cheap'])).toContain(
      '金额须为不小于0的整数',
    );
    expect(
      await refusal(
        ['plans', 'set', '--grade', 'VIP', '--day', '30', '--price', '1', '--active-price', '1'].concat([
          '--active-from',
          '2026-11-02',
          '--active-to',
          '2026-11-01',
        ]),
      ),
    ).toBe('开始时间须早于结束时间');
    expect(await refusal(['plans', 'set', '--id', '999999', '--price', '1'])).toBe('套餐不存在');
    expect(await refusal(['plans', 'set', '--grade', 'VIP', '--colour', 'red'])).toContain("Unknown option '--colour'");
    expect(await refusal(['plans', 'sell'])).toContain('未知命令：plans sell');
  });

  it('creates a coupon for whole Shanghai days and grants it to phones', async () => {
    const { data: coupon } = await run<AdminCoupon>(
      ['coupons', 'create', '--name', '满100减50', '--discount', '5000', '--low', '10000'].concat([
        '--from',
        '2026-11-01',
        '--to',
        '2026-12-31',
        '--grades',
        'vip,SVIP',
      ]),
    );
    expect(coupon).toMatchObject({
      discount_fen: 5_000,
      low_money_fen: 10_000,
      grades: ['VIP', 'SVIP'],
      start_time: shanghaiMidnight('2026-11-01'),
      end_time: shanghaiMidnight('2027-01-01'),
    });

    const holder = await createUser(handle.db);
    const stranger = nextPhone();
    const { data: grant, printed } = await run<AdminCouponGrant>([
      'coupons',
      'grant',
      '--coupon',
      String(coupon.id),
      '--phone',
      `${holder.phone},${stranger}`,
    ]);
    expect(grant.granted.map((item) => item.phone)).toEqual([holder.phone]);
    expect(printed).toContain(`未注册，未发放 ${stranger}`);
    const held = await listUsableCoupons(handle.db, holder.id, new Date(shanghaiMidnight('2026-12-01') * 1000));
    expect(held.map((item) => item.userCouponId)).toEqual([grant.granted[0]!.user_coupon_id]);
    const listed = await run<AdminCoupon[]>(['coupons', 'list']);
    expect(listed.data.find((item) => item.id === coupon.id)).toMatchObject({ held: 1, used: 0 });
  });

  it('writes a card batch to a CSV file and lists the batch with its redemptions', async () => {
    const out = path.join(dir(), 'codes.csv');
    const { data: batch } = await run<AdminCardBatch>(
      ['cards', 'create', '--grade', 'VIP', '--days', '30', '--count', '25', '--batch', '十一月'].concat([
        '--value',
        '6900',
        '--out',
        out,
      ]),
    );
    expect(batch.codes).toHaveLength(25);
    const lines = (await readFile(out, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('code,batch,grade,days,value_fen,redeem_by');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(batch.codes);
    expect(lines[1]).toBe(`${batch.codes[0]},十一月,VIP,30,6900,`);
    expect(await soleAuditOf(handle.db, 'card_batch:十一月')).toMatchObject({
      staffName: '命令行',
      action: 'card.batch',
      after: { batch: '十一月', grade: 'VIP', days: 30, value_fen: 6900, count: 25 },
      reason: '命令行生成会员卡',
    });

    const redeemer = await createUser(handle.db);
    await exchangeCard(handle.db, { userId: redeemer.id, code: batch.codes[0]!, now: new Date() });
    const { data: cards, printed } = await run<AdminCardList>(['cards', 'list', '--batch', '十一月']);
    expect(cards).toMatchObject({ total: 25, redeemed: 1 });
    expect(printed.at(-1)).toBe('批次 十一月: 共 25 张，已兑换 1 张');
    expect(printed.find((line) => line.startsWith(batch.codes[0]!))).toContain(`已兑换 ${redeemer.phone}`);
    expect(await refusal(['cards', 'create', '--grade', 'VIP', '--days', '30', '--count', '0', '--batch', 'x'])).toBe(
      'count: 卡密数量须为1到10000',
    );
  });

  it('adds and changes a usage-count pack', async () => {
    const { data: pack } = await run<AdminPackage>([
      'packages',
      'set',
      '--type',
      '9',
      '--name',
      '批量提取文案次数包',
      '--frequency',
      '1000',
      '--price',
      '19900',
    ]);
    expect(pack).toMatchObject({ alias: 'AI_WRITING_BATCH_EXTRACTION', frequency: 1_000, price_fen: 19_900 });
    const { data: changed } = await run<AdminPackage>([
      'packages',
      'set',
      '--id',
      String(pack.id),
      '--price',
      '17900',
      '--disabled',
    ]);
    expect(changed).toMatchObject({ price_fen: 17_900, enabled: false, frequency: 1_000 });
    const listed = await run<AdminPackage[]>(['packages', 'list']);
    expect(listed.printed.find((line) => line.startsWith(`#${pack.id} `))).toContain('下架');
    expect(await refusal(['packages', 'set', '--type', '8', '--name', 'x', '--frequency', '1', '--price', '1'])).toBe(
      'frequency_type: 次数包类型不存在',
    );
  });
});
