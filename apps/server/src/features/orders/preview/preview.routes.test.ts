import { Code, type OrderInfo, OrderPath, orderMessages } from '@dso/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipGrants } from '../../../db/schema';
import { giveCoupon, readGrade } from '../../../testing';
import { payAtSandboxCashier, previewOrder } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { getPermissionUse } from '../../permissions';

const DAY = 86_400_000;

/*
 * order/preview_order (001 §3 order info, §5 rules):
 * what the preview computes for a buyer, the refusals in their words, and the 0-fen order.
 */
describe('order preview', () => {
  const t = useTestApp();
  const { db, get, post, account } = t;

  const preview = (token: string, body: Record<string, unknown>) => previewOrder(t, token, body);
  const payAtCashier = async (token: string, orderId: string) =>
    expect((await payAtSandboxCashier(t, token, orderId)).result).toBe('paid');
  const shanghaiDay = (instant: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(instant));

  it('refuses a malformed body with the schema’s Chinese message, never a 5xx', async () => {
    const buyer = await account();
    expect(await post(OrderPath.preview, buyer.token, { grade_enum: 'GOLD', day: 30, rand_tag: 'a' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: '会员版本不存在',
    });
    expect((await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day: 30, rand_tag: '' })).msg).toBe(
      '订单标识不能为空',
    );
    expect((await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day: 0, rand_tag: 'b' })).msg).toBe(
      orderMessages.planNotFound,
    );
    expect(
      (await post(OrderPath.preview, buyer.token, { grade_enum: 'VIP', day: 30, rand_tag: 'c', pe: 'Cash' })).msg,
    ).toBe('支付方式不存在');
  });

  it('answers 套餐不存在 for a length or a team size the grade does not sell', async () => {
    const buyer = await account();
    expect(await preview(buyer.token, { grade_enum: 'VIP', day: 7 })).toMatchObject({
      code: Code.TOAST,
      msg: orderMessages.planNotFound,
    });
    expect((await preview(buyer.token, { grade_enum: 'SVIP', day: 365, grade_list_id: 99 })).msg).toBe(
      orderMessages.planNotFound,
    );
  });

  it('computes the whole order info: price, month, saving, end date and the 900 s expiry', async () => {
    const buyer = await account();
    // A buyer who has paid before is no longer a new user.
    await payAtCashier(
      buyer.token,
      ((await preview(buyer.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo).order_id,
    );
    const endsAt = (await readGrade(db(), buyer.id))!.endsAt!.getTime();
    const before = Math.floor(Date.now() / 1000);
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    expect(order).toMatchObject({
      price: 6_900,
      cycle_price: null,
      dis_price: 0,
      pay_money: 6_900,
      save_money: 9_900 - 6_900,
      month: 1,
      coupon: null,
      first_label: null,
    });
    // The same grade extends from its current end.
    expect(order.end_date).toBe(shanghaiDay(endsAt + 30 * DAY));
    expect(order.expire_time - before).toBeGreaterThanOrEqual(899);
    expect(order.expire_time - before).toBeLessThanOrEqual(901);
  });

  it('gives a user who never paid the new-user price, and later buyers the list price', async () => {
    const buyer = await account();
    const first = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    expect(first).toMatchObject({ price: 4_900, pay_money: 4_900 });
    const plans = (await get(OrderPath.gradeConfig, buyer.token)).data.VIP as Array<{
      day: number;
      has_cycle: boolean;
      current_price: number;
    }>;
    expect(plans.find((plan) => plan.day === 30 && !plan.has_cycle)?.current_price).toBe(4_900);

    await payAtCashier(buyer.token, first.order_id);
    const again = (await preview(buyer.token, { grade_enum: 'VIP', day: 30 })).data as OrderInfo;
    expect(again.price).toBe(6_900);
  });

  it('refuses and disables a plan not above the value left in the running membership', async () => {
    const member = await account();
    await payAtCashier(
      member.token,
      ((await preview(member.token, { grade_enum: 'SVIP', day: 365 })).data as OrderInfo).order_id,
    );
    // Nearly the whole year is left: worth more than a quarter of 旗舰版 costs.
    const config = await get(OrderPath.gradeConfig, member.token);
    const evip = config.data.EVIP as Array<{ day: number; current_price: number; dis_price: number }>;
    const quarter = evip.find((plan) => plan.day === 90)!;
    expect(quarter.dis_price).toBeGreaterThan(quarter.current_price);
    expect(await preview(member.token, { grade_enum: 'EVIP', day: 90 })).toMatchObject({
      code: Code.TOAST,
      msg: orderMessages.planBelowDeduction,
    });
    const year = (await preview(member.token, { grade_enum: 'EVIP', day: 365 })).data as OrderInfo;
    expect(year.dis_price).toBe(quarter.dis_price);
    expect(year.pay_money).toBe(498_000 - year.dis_price);
  });

  it('floors the payable amount at 0 under a larger coupon and grants the 0-fen order through pay_free', async () => {
    const buyer = await account();
    await giveCoupon(db(), buyer.id, { name: '全额券', discountFen: 100_000 });
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    expect(order).toMatchObject({ price: 17_900, pay_money: 0 });
    expect(order.coupon).toMatchObject({ name: '全额券', discount: 17_900 });
    // Nothing to scan: no vendor trade for 0 fen.
    expect((await get(`${OrderPath.wechatQr}?orderId=${order.order_id}`, buyer.token)).msg).toBe(
      orderMessages.orderNotPending,
    );
    expect((await post(OrderPath.payFree, buyer.token, { orderId: order.order_id })).data).toBe(true);
    expect((await get(`${OrderPath.payResult}?orderId=${order.order_id}`, buyer.token)).data).toBe(true);
    expect((await readGrade(db(), buyer.id))?.grade).toBe('VIP');
    // A paid order cannot be granted twice.
    expect((await post(OrderPath.payFree, buyer.token, { orderId: order.order_id })).data).toBe(true);
    const grants = await db().select().from(membershipGrants).where(eq(membershipGrants.userId, buyer.id));
    expect(grants).toHaveLength(1);
  });

  it('refuses pay_free for an order that costs money', async () => {
    const buyer = await account();
    const order = (await preview(buyer.token, { grade_enum: 'VIP', day: 90 })).data as OrderInfo;
    expect((await post(OrderPath.payFree, buyer.token, { orderId: order.order_id })).msg).toBe(
      orderMessages.orderNotPending,
    );
    expect((await readGrade(db(), buyer.id))?.grade).toBe('FREE');
  });

  it('grants the members of a larger team beyond those the plan includes, until the membership ends', async () => {
    const buyer = await account();
    const before = await getPermissionUse(db(), buyer.id, 'SUB_ACCOUNT_COUNT');
    const order = (await preview(buyer.token, { grade_enum: 'SVIP', day: 365, grade_list_id: 2 })).data as OrderInfo;
    expect(order.price).toBe(289_900 + 60_000);
    await payAtCashier(buyer.token, order.order_id);
    const after = await getPermissionUse(db(), buyer.id, 'SUB_ACCOUNT_COUNT');
    // SVIP includes 3 members; the 5-member option adds 2 seats.
    expect(before.per_val).toBe(0);
    expect(after.per_val).toBe(5);
  });
});
