import { AccountPath, Code, OrderPath, orderMessages } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { membershipGrants, paymentAgreements } from '../../../db/schema';
import { createTestApp, linkSubAccount, type TestApp } from '../../../testing';
import { payAtSandboxCashier } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { ensurePermissionConfig } from '../../permissions';
import { createCardBatch, listBatchCards } from './cards.service';

const DAY = 86_400_000;

describe('membership card check and exchange', () => {
  const t = useTestApp({}, (app) => ensurePermissionConfig(app.database.db));
  const { db, get, account } = t;

  const inspect = (code: string, token?: string) =>
    get(`${OrderPath.cardInspect}?code=${encodeURIComponent(code)}`, token);
  const exchange = (code: string, token?: string) =>
    get(`${OrderPath.cardExchange}?code=${encodeURIComponent(code)}`, token);

  /** The grade and end the client reads from its user info. */
  const userInfo = async (token: string) => {
    const info = (await get(AccountPath.userInfo, token)).data;
    return { grade: info.grade as string, endTime: info.grade_info_vo.end_time as number };
  };

  let batches = 0;
  const card = async (options: {
    grade?: 'VIP' | 'SVIP' | 'EVIP';
    days?: number;
    valueFen?: number;
    redeemBy?: Date;
  }) => {
    const [code] = await createCardBatch(db(), {
      batch: `test-${++batches}`,
      grade: options.grade ?? 'VIP',
      days: options.days ?? 30,
      valueFen: options.valueFen ?? 0,
      count: 1,
      redeemBy: options.redeemBy ?? null,
    });
    return code!;
  };

  it('asks a visitor to log in before checking or exchanging a card', async () => {
    const code = await card({});
    expect((await inspect(code)).code).toBe(Code.TOKEN_INVALID);
    expect((await exchange(code)).code).toBe(Code.TOKEN_INVALID);
  });

  it('refuses a code that is not 10 characters with the form message', async () => {
    const user = await account();
    const answer = await inspect('ABCDEFGHJ', user.token);
    expect(answer).toMatchObject({ code: Code.BAD_REQUEST, msg: '卡密为10位字符' });
    expect((await exchange('ABCDEFGHJ', user.token)).msg).toBe('卡密为10位字符');
  });

  it.each([
    {
      does: 'tells a FREE user the card starts a membership, and starts it now',
      holding: null,
      terms: { grade: 'SVIP', days: 90 },
      type: 'NEW',
      vipName: '企业版',
    },
    {
      does: 'extends a running membership of the same grade from its end',
      holding: { grade: 'VIP', endsInDays: 10 },
      terms: { grade: 'VIP', days: 30 },
      type: 'EXTEND',
      vipName: '个人版',
    },
    {
      does: 'offsets a running membership of another grade: the card grade runs from now for its days',
      holding: { grade: 'SVIP', endsInDays: 200 },
      terms: { grade: 'VIP', days: 30 },
      type: 'OFFSET',
      vipName: '个人版',
    },
  ] as const)('$does', async ({ holding, terms, type, vipName }) => {
    const end = holding ? new Date(Date.now() + holding.endsInDays * DAY) : null;
    const member = await account(holding ? { grade: holding.grade, gradeEndsAt: end! } : {});
    const code = await card(terms);
    const inspected = await inspect(code, member.token);
    expect(inspected.code).toBe(Code.OK);
    expect(inspected.data).toEqual({ type, grade: terms.grade, vip_name: vipName, day: terms.days });
    const before = Date.now();
    const answer = await exchange(code, member.token);
    const after = Date.now();
    expect(answer.code).toBe(Code.OK);
    expect(answer.data).toEqual({ grade: terms.grade, end_time: expect.any(Number) });
    // The card's days run on from the end of the membership it extends, else from the exchange (in whole seconds).
    const [from, to] = type === 'EXTEND' ? [end!.getTime(), end!.getTime()] : [before, after];
    expect(answer.data.end_time * 1000).toBeGreaterThanOrEqual(Math.floor((from + terms.days * DAY) / 1000) * 1000);
    expect(answer.data.end_time * 1000).toBeLessThanOrEqual(to + terms.days * DAY);
    expect(await userInfo(member.token)).toEqual({ grade: terms.grade, endTime: answer.data.end_time });
  });

  it('ends, at the vendor too, the 连续包月 of the grade a card replaces', async () => {
    const member = await account();
    const monthly = await t.request({
      method: 'POST',
      url: OrderPath.preview,
      token: member.token,
      body: { grade_enum: 'VIP', day: 29, cycle: true, rand_tag: 'card-cycle' },
    });
    expect((await payAtSandboxCashier(t, member.token, monthly.json().data.order_id)).result).toBe('paid');
    expect((await get(OrderPath.cycleInfo, member.token)).data).toMatchObject({ grade: 'VIP' });
    const unsign = vi.spyOn(t.app.providers.payment.alipay, 'cancelAgreement');
    try {
      expect((await exchange(await card({ grade: 'SVIP', days: 30 }), member.token)).data.grade).toBe('SVIP');
      expect((await get(OrderPath.cycleInfo, member.token)).data).toBeNull();
      const [agreement] = await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, member.id));
      expect(agreement?.status).toBe('ended');
      expect(unsign).toHaveBeenCalledExactlyOnceWith(agreement?.agreementNo);
      const orders = await t.request({ method: 'POST', url: OrderPath.orderList, token: member.token, body: {} });
      expect(orders.json().data.list[0]).toMatchObject({ title: '个人版 连续包月', period_cut: 'card' });
    } finally {
      unsign.mockRestore();
    }
  });

  it('accepts a code typed in lower case with the display spaces', async () => {
    const user = await account();
    const code = await card({});
    const typed = code.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect((await inspect(typed, user.token)).data.type).toBe('NEW');
    expect((await exchange(typed, user.token)).data.grade).toBe('VIP');
  });

  it('refuses an unknown, a redeemed and an expired card with their messages', async () => {
    const user = await account();
    for (const call of [inspect, exchange]) {
      expect(await call('ZZZZZZZZZZ', user.token)).toMatchObject({ code: Code.TOAST, msg: orderMessages.cardNotFound });
    }
    const used = await card({});
    expect((await exchange(used, (await account()).token)).code).toBe(Code.OK);
    for (const call of [inspect, exchange]) {
      expect(await call(used, user.token)).toMatchObject({ code: Code.TOAST, msg: orderMessages.cardUsed });
    }
    const lapsed = await card({ redeemBy: new Date(Date.now() - 1000) });
    for (const call of [inspect, exchange]) {
      expect(await call(lapsed, user.token)).toMatchObject({ code: Code.TOAST, msg: orderMessages.cardExpired });
    }
    expect(await userInfo(user.token)).toMatchObject({ grade: 'FREE' });
  });

  it('refuses a child account and leaves the card for someone else', async () => {
    const parent = await account({ grade: 'SVIP' });
    const child = await account();
    await linkSubAccount(db(), parent.id, child);
    const code = await card({});
    for (const call of [inspect, exchange]) {
      expect(await call(code, child.token)).toMatchObject({
        code: Code.TOAST,
        msg: '子账号不能购买或续费，请解绑后购买',
      });
    }
    expect((await inspect(code, (await account()).token)).data.type).toBe('NEW');
  });

  it('redeems a card exactly once when two users exchange it ten times at the same moment', async () => {
    const first = await account();
    const second = await account();
    const code = await card({ grade: 'EVIP', days: 365 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => exchange(code, i % 2 === 0 ? first.token : second.token)),
    );
    expect(answers.filter((answer) => answer.code === Code.OK)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code !== Code.OK)).toEqual(
      Array.from({ length: 9 }, () => expect.objectContaining({ code: Code.TOAST, msg: orderMessages.cardUsed })),
    );
    const grades = [(await userInfo(first.token)).grade, (await userInfo(second.token)).grade].sort();
    expect(grades).toEqual(['EVIP', 'FREE']);
    const grants = await db()
      .select()
      .from(membershipGrants)
      .where(eq(membershipGrants.source, `card:${code}`));
    expect(grants).toHaveLength(1);
    const [stored] = await listBatchCards(db(), `test-${batches}`);
    expect(stored?.redeemedBy).toBe(grants[0]!.userId);
  });

  it('counts a card’s value towards an upgrade like a paid period', async () => {
    const member = await account();
    await exchange(await card({ grade: 'VIP', days: 365, valueFen: 49_900 }), member.token);
    const config = await get(OrderPath.gradeConfig, member.token);
    const svipYear = (config.data.SVIP as Array<{ day: number; dis_price: number }>).find((plan) => plan.day === 365);
    expect(svipYear?.dis_price).toBeGreaterThan(49_800);
    expect(svipYear?.dis_price).toBeLessThanOrEqual(49_900);
  });
});

describe('card batches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('makes exactly the number of cards asked for, skipping codes drawn twice or already taken', async () => {
    const db = t.database.db;
    const [taken] = await createCardBatch(db, { batch: 'old', grade: 'VIP', days: 30, valueFen: 0, count: 1 });
    const draws = ['AAAAAAAAAA', 'AAAAAAAAAA', taken!, 'BBBBBBBBBB', 'CCCCCCCCCC', 'DDDDDDDDDD'];
    const codes = await createCardBatch(
      db,
      { batch: 'new', grade: 'SVIP', days: 90, valueFen: 100, count: 3 },
      () => draws.shift()!,
    );
    expect(codes).toEqual(['AAAAAAAAAA', 'BBBBBBBBBB', 'CCCCCCCCCC']);
    const stored = await listBatchCards(db, 'new');
    expect(stored.map((card) => card.code).sort()).toEqual(codes);
    expect(stored.every((card) => card.grade === 'SVIP' && card.days === 90 && card.redeemedAt === null)).toBe(true);
    expect((await listBatchCards(db, 'old')).map((card) => card.code)).toEqual([taken]);
  });

  it('gives up instead of looping when the code source only repeats taken codes', async () => {
    const db = t.database.db;
    await createCardBatch(db, { batch: 'x', grade: 'VIP', days: 30, valueFen: 0, count: 1 }, () => 'EEEEEEEEEE');
    await expect(
      createCardBatch(db, { batch: 'y', grade: 'VIP', days: 30, valueFen: 0, count: 1 }, () => 'EEEEEEEEEE'),
    ).rejects.toThrow(/colliding/);
  });
});
