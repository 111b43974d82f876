import { Code, type Coupon, couponListSchema, type OrderInfo, OrderPath, orderMessages } from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { payAtSandboxCashier } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import {
  createCoupon,
  findBestCoupon,
  findUsableCoupon,
  grantCoupon,
  listUsableCoupons,
  markCouponUsed,
  type NewCoupon,
} from './coupons.service';

const DAY = 86_400_000;

describe('coupons', () => {
  const t = useTestApp();
  const { db, get, post, account } = t;

  const listed = async (token: string): Promise<Coupon[]> => {
    const answer = await get(OrderPath.coupons, token);
    expect(answer.code).toBe(Code.OK);
    return couponListSchema.parse(answer.data);
  };

  /** A coupon kind running from a day ago for `days` days, held by the user; answers the held id. */
  const hold = async (userId: number, terms: Partial<NewCoupon> & { days?: number } = {}) => {
    const { days = 30, ...rest } = terms;
    const coupon = await createCoupon(db(), {
      name: '新人券',
      discountFen: 1_000,
      lowMoneyFen: 0,
      startsAt: new Date(Date.now() - DAY),
      endsAt: new Date(Date.now() + days * DAY),
      ...rest,
    });
    return grantCoupon(db(), { couponId: coupon.id, userId });
  };

  it('asks a visitor to log in before listing coupons', async () => {
    expect((await get(OrderPath.coupons)).code).toBe(Code.TOKEN_INVALID);
  });

  it('lists only the caller’s unused coupons whose window runs now, in fen and seconds', async () => {
    const user = await account();
    const other = await account();
    const startsAt = new Date(Math.floor(Date.now() / 1000) * 1000 - DAY);
    const endsAt = new Date(startsAt.getTime() + 10 * DAY);
    const usable = await hold(user.id, {
      name: '满100减20',
      discountFen: 2_000,
      lowMoneyFen: 10_000,
      startsAt,
      endsAt,
    });
    await hold(user.id, {
      name: '已过期',
      startsAt: new Date(Date.now() - 10 * DAY),
      endsAt: new Date(Date.now() - DAY),
    });
    await hold(user.id, {
      name: '未开始',
      startsAt: new Date(Date.now() + DAY),
      endsAt: new Date(Date.now() + 9 * DAY),
    });
    const spent = await hold(user.id, { name: '已使用' });
    expect(await markCouponUsed(db(), { userCouponId: spent, orderId: 'O1', now: new Date() })).toBe(true);
    await hold(other.id, { name: '别人的' });

    expect(await listed(user.token)).toEqual([
      {
        id: usable,
        name: '满100减20',
        discount: 2_000,
        low_money: 10_000,
        start_time: startsAt.getTime() / 1000,
        end_time: endsAt.getTime() / 1000,
      },
    ]);
  });

  it('picks the largest discount that applies, and of equal ones the one ending first', async () => {
    const user = await account();
    const now = new Date();
    await hold(user.id, { discountFen: 5_000, lowMoneyFen: 100_000 });
    await hold(user.id, { discountFen: 4_000, grades: ['SVIP'] });
    const later = await hold(user.id, { discountFen: 3_000, days: 20 });
    const sooner = await hold(user.id, { discountFen: 3_000, days: 10 });

    expect((await findBestCoupon(db(), { userId: user.id, grade: 'VIP', amountFen: 49_900, now }))?.userCouponId).toBe(
      sooner,
    );
    const forSvip = await findBestCoupon(db(), { userId: user.id, grade: 'SVIP', amountFen: 49_900, now });
    expect(forSvip?.discountFen).toBe(4_000);
    const big = await findBestCoupon(db(), { userId: user.id, grade: 'VIP', amountFen: 100_000, now });
    expect(big?.discountFen).toBe(5_000);
    await markCouponUsed(db(), { userCouponId: sooner, orderId: 'O2', now });
    expect((await findBestCoupon(db(), { userId: user.id, grade: 'VIP', amountFen: 49_900, now }))?.userCouponId).toBe(
      later,
    );
    expect(
      await findBestCoupon(db(), { userId: (await account()).id, grade: 'VIP', amountFen: 49_900, now }),
    ).toBeNull();
  });

  it('finds a named held coupon only for its holder and when the order meets its terms', async () => {
    const user = await account();
    const other = await account();
    const now = new Date();
    const held = await hold(user.id, { discountFen: 2_000, lowMoneyFen: 10_000, grades: ['VIP'] });
    const ask = (userId: number, grade: string, amountFen: number) =>
      findUsableCoupon(db(), { userId, userCouponId: held, grade, amountFen, now });
    expect((await ask(user.id, 'VIP', 10_000))?.userCouponId).toBe(held);
    expect(await ask(user.id, 'VIP', 9_999)).toBeNull();
    expect(await ask(user.id, 'SVIP', 10_000)).toBeNull();
    expect(await ask(other.id, 'VIP', 10_000)).toBeNull();
  });

  it('lets one order use a coupon, again on a retry, and no other order', async () => {
    const user = await account();
    const held = await hold(user.id);
    const now = new Date();
    expect(await markCouponUsed(db(), { userCouponId: held, orderId: 'A', now })).toBe(true);
    expect(await markCouponUsed(db(), { userCouponId: held, orderId: 'A', now })).toBe(true);
    expect(await markCouponUsed(db(), { userCouponId: held, orderId: 'B', now })).toBe(false);
    expect(await listUsableCoupons(db(), user.id, now)).toEqual([]);
  });

  it('gives a coupon to exactly one of four orders paying with it at the same moment', async () => {
    const user = await account();
    const held = await hold(user.id);
    const results = await Promise.all(
      ['X1', 'X2', 'X3', 'X4'].map((orderId) =>
        db().transaction((tx) => markCouponUsed(tx, { userCouponId: held, orderId, now: new Date() })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('takes the best coupon off an order preview and spends it when the order is paid', async () => {
    const buyer = await account();
    const held = await hold(buyer.id, { name: '满300减50', discountFen: 5_000, lowMoneyFen: 30_000 });
    const preview = await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day: 365, rand_tag: 'coupon-1' });
    expect(preview.code).toBe(Code.OK);
    const order = preview.data as OrderInfo;
    expect(order.coupon).toMatchObject({ id: held, discount: 5_000 });
    expect(order.pay_money).toBe(order.price - 5_000);

    expect((await payAtSandboxCashier(t, buyer.token, order.order_id)).result).toBe('paid');
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(true);
    expect(await listed(buyer.token)).toEqual([]);
  });

  /** A buyer holding one coupon and two pending orders (two tabs, tagged `tag-1` and `tag-2`) that both count it. */
  const twoOrdersOnOneCoupon = async (tag: string) => {
    const buyer = await account();
    await hold(buyer.id, { name: '立减券', discountFen: 5_000 });
    const preview = async (day: number, tab: number) =>
      (await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day, rand_tag: `${tag}-${tab}` }))
        .data as OrderInfo;
    return { buyer, first: await preview(365, 1), second: await preview(90, 2) };
  };

  it('lets a second pending order that counted the same coupon be paid no more once the first is paid', async () => {
    // Two tabs: both orders count the one coupon.
    const { buyer, first, second } = await twoOrdersOnOneCoupon('tab');
    expect(first.coupon?.discount).toBe(5_000);
    expect(second.coupon?.discount).toBe(5_000);
    await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${second.order_id}` });

    expect((await payAtSandboxCashier(t, buyer.token, first.order_id)).result).toBe('paid');
    expect((await get(`${OrderPath.payResult}?orderId=${first.order_id}`, buyer.token)).data).toBe(true);

    // The other tab's QR stops (greyed, or the dialog closes) and no new QR is made for it.
    expect((await get(`${OrderPath.payResult}?orderId=${second.order_id}`, buyer.token)).data).toBe('CLOSED');
    expect((await get(`${OrderPath.wechatQr}?orderId=${second.order_id}`, buyer.token)).msg).toBe(
      orderMessages.orderNotPending,
    );
    const page = await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${second.order_id}` });
    expect(page.statusCode).toBe(410);
  });

  it('refuses a QR for an order whose coupon another order has spent', async () => {
    const { buyer, first, second } = await twoOrdersOnOneCoupon('qr');
    expect((await payAtSandboxCashier(t, buyer.token, first.order_id)).result).toBe('paid');
    expect((await get(`${OrderPath.wechatQr}?orderId=${second.order_id}`, buyer.token)).msg).toBe(
      orderMessages.couponSpent,
    );
    const page = await t.app.inject({ method: 'GET', url: `${OrderPath.alipayPage}?orderId=${second.order_id}` });
    expect(page.statusCode).toBe(410);
  });
});
