import {
  type AdminPlan,
  adminCardListSchema,
  adminPackageListSchema,
  adminPlanListSchema,
  Code,
  OrderAdminPath,
  OrderPath,
  orderAdminMessages,
} from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { nextPhone } from '../../../testing';
import { routeCalls, useTestApp } from '../../../testing/route-suite';
import { CARD_CODE_ALPHABET } from '../cards/card-codes';

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);

describe('operators’ calls for plans, coupons, cards and packs', () => {
  let admin: string;
  const t = useTestApp({}, async (app) => {
    admin = (await routeCalls(app).account({ roleId: 100 })).token;
  });
  const { get, post, account } = t;
  /** Posts as the admin and expects success. */
  const ok = async (url: string, body: unknown) => {
    const answer = await post(url, admin, body);
    expect(answer).toMatchObject({ code: Code.OK });
    return answer.data;
  };
  /** Posts as the admin and answers the refusal's code and message. */
  const refused = async (url: string, body: unknown) => {
    const { code, msg } = await post(url, admin, body);
    return { code, msg };
  };

  const validBodies: Array<['GET' | 'POST', string, unknown]> = [
    ['GET', OrderAdminPath.plans, undefined],
    ['POST', OrderAdminPath.planCreate, { grade: 'VIP', day: 30, price_fen: 100 }],
    ['POST', OrderAdminPath.planUpdate, { id: 1, price_fen: 100 }],
    ['POST', OrderAdminPath.planEnable, { id: 1, enabled: false }],
    ['GET', OrderAdminPath.coupons, undefined],
    ['POST', OrderAdminPath.couponCreate, { name: 'x', discount_fen: 1, start_time: nowS(), end_time: nowS() + DAY_S }],
    ['POST', OrderAdminPath.couponGrant, { coupon_id: 1, phones: ['13800000000'] }],
    ['POST', OrderAdminPath.cardBatchCreate, { batch: 'b', grade: 'VIP', days: 30, count: 1 }],
    ['GET', `${OrderAdminPath.cards}?batch=b`, undefined],
    ['GET', OrderAdminPath.packages, undefined],
    ['POST', OrderAdminPath.packageCreate, { frequency_type: 9, name: 'x', frequency: 1, price_fen: 1 }],
    ['POST', OrderAdminPath.packageUpdate, { id: 1, price_fen: 1 }],
  ];

  it('asks a visitor to log in and refuses a signed-in user who is not an administrator', async () => {
    const member = await account();
    for (const [method, url, body] of validBodies) {
      const visitor = method === 'GET' ? await get(url) : await post(url, undefined, body);
      expect({ url, code: visitor.code }).toEqual({ url, code: Code.TOKEN_INVALID });
      const response = await t.request({ method, url, ...(body ? { body } : {}), token: member.token });
      expect({ url, status: response.statusCode, body: response.json() }).toMatchObject({
        url,
        status: 403,
        body: { code: Code.FORBIDDEN, msg: '无权限访问' },
      });
    }
  });

  it('lists every plan to an administrator, the seeded default list included', async () => {
    const plans = adminPlanListSchema.parse((await get(OrderAdminPath.plans, admin)).data);
    expect(plans.find((plan) => plan.grade === 'VIP' && plan.day === 365 && !plan.has_cycle)).toMatchObject({
      price_fen: 49_900,
      enabled: true,
    });
  });

  describe('plans', () => {
    const fullPlan = () => ({
      grade: 'EVIP',
      day: 180,
      price_fen: 299_900,
      original_price_fen: 399_900,
      active_price_fen: 259_900,
      active_start_time: nowS() - DAY_S,
      active_end_time: nowS() + DAY_S,
      activity_price_fen: 249_900,
      activity_start_time: nowS() + 10 * DAY_S,
      activity_end_time: nowS() + 20 * DAY_S,
      new_user_price_fen: 279_900,
      has_cycle: false,
      cycle_price_fen: null,
      cycle_period_days: null,
      discount: '限时8折',
      team_options: [
        { id: 1, count: 10, extra_fen: 50_000 },
        { id: 2, count: 20, extra_fen: 90_000 },
      ],
      point_activity: { desc: '送积分', start_time: nowS() - DAY_S, end_time: nowS() + DAY_S, img_url: '/p.png' },
      sort: 7,
      enabled: true,
    });

    it('creates a plan with every field and shows it to operators and in the pay box', async () => {
      const body = fullPlan();
      const created = (await ok(OrderAdminPath.planCreate, body)) as AdminPlan;
      expect(created).toMatchObject(body);
      const listed = adminPlanListSchema.parse((await get(OrderAdminPath.plans, admin)).data);
      expect(listed.find((plan) => plan.id === created.id)).toEqual(created);

      const config = await get(OrderPath.gradeConfig);
      expect(config.data.EVIP.find((plan: { id: number }) => plan.id === created.id)).toMatchObject({
        day: 180,
        price: 299_900,
        active_price: 259_900,
        activity_price: 249_900,
        act: true,
        discount: '限时8折',
        dso_grade_config_list_bean_list: [
          { id: 1, count: 10, price: 50_000 },
          { id: 2, count: 20, price: 90_000 },
        ],
        all_point_activity_bean: body.point_activity,
      });
    });

    it('fills a plan created with grade, day and price only with empty offers', async () => {
      const created = (await ok(OrderAdminPath.planCreate, { grade: 'VIP', day: 60, price_fen: 9_900 })) as AdminPlan;
      expect(created).toMatchObject({
        original_price_fen: null,
        active_price_fen: null,
        has_cycle: false,
        discount: '',
        team_options: [],
        point_activity: null,
        sort: 0,
        enabled: true,
      });
    });

    it('changes only the fields an update names, and null clears one', async () => {
      const created = (await ok(OrderAdminPath.planCreate, fullPlan())) as AdminPlan;
      const updated = (await ok(OrderAdminPath.planUpdate, {
        id: created.id,
        price_fen: 288_800,
        original_price_fen: null,
      })) as AdminPlan;
      expect(updated).toEqual({
        ...created,
        price_fen: 288_800,
        original_price_fen: null,
        update_time: updated.update_time,
      });
    });

    it('takes a plan off sale and puts it back', async () => {
      const created = (await ok(OrderAdminPath.planCreate, { grade: 'SVIP', day: 45, price_fen: 1 })) as AdminPlan;
      const inPayBox = async () =>
        (await get(OrderPath.gradeConfig)).data.SVIP.some((plan: { id: number }) => plan.id === created.id);
      expect(await inPayBox()).toBe(true);
      expect((await ok(OrderAdminPath.planEnable, { id: created.id, enabled: false })).enabled).toBe(false);
      expect(await inPayBox()).toBe(false);
      await ok(OrderAdminPath.planEnable, { id: created.id, enabled: true });
      expect(await inPayBox()).toBe(true);
    });

    it('refuses prices, days, grades and windows outside the rules', async () => {
      const bad = (change: Record<string, unknown>) => refused(OrderAdminPath.planCreate, { ...fullPlan(), ...change });
      const badRequest = (msg: string) => ({ code: Code.BAD_REQUEST, msg });
      expect(await bad({ price_fen: -1 })).toEqual(badRequest(orderAdminMessages.fen));
      expect(await bad({ price_fen: 9.5 })).toEqual(badRequest(orderAdminMessages.fen));
      expect(await bad({ new_user_price_fen: 2 ** 31 })).toEqual(badRequest('数值超出范围'));
      expect(await bad({ day: 0 })).toEqual(badRequest(orderAdminMessages.day));
      expect(await bad({ day: 3651 })).toEqual(badRequest(orderAdminMessages.day));
      expect(await bad({ grade: 'FREE' })).toEqual(badRequest('会员版本不存在'));
      expect(await bad({ active_end_time: nowS() - 2 * DAY_S })).toEqual(badRequest(orderAdminMessages.windowOrder));
      expect(await bad({ active_end_time: null })).toEqual(badRequest(orderAdminMessages.windowIncomplete));
      expect(await bad({ activity_start_time: null, activity_end_time: null })).toEqual(
        badRequest(orderAdminMessages.activityPriceNeedsWindow),
      );
      expect(await bad({ has_cycle: true })).toEqual(badRequest(orderAdminMessages.cycleNeedsPrice));
      expect(
        await bad({
          team_options: [
            { id: 1, count: 1, extra_fen: 0 },
            { id: 1, count: 2, extra_fen: 0 },
          ],
        }),
      ).toEqual(badRequest(orderAdminMessages.teamOptionIds));
      expect(await bad({ point_activity: { desc: '', start_time: 5, end_time: 5, img_url: '' } })).toEqual(
        badRequest(orderAdminMessages.windowOrder),
      );
    });

    it('checks an update against the plan it makes, and answers an unknown plan', async () => {
      const created = (await ok(OrderAdminPath.planCreate, fullPlan())) as AdminPlan;
      expect(
        await refused(OrderAdminPath.planUpdate, { id: created.id, active_end_time: created.active_start_time }),
      ).toEqual({ code: Code.BAD_REQUEST, msg: orderAdminMessages.windowOrder });
      expect(await refused(OrderAdminPath.planUpdate, { id: created.id, has_cycle: true })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.cycleNeedsPrice,
      });
      const after = adminPlanListSchema.parse((await get(OrderAdminPath.plans, admin)).data);
      expect(after.find((plan) => plan.id === created.id)).toEqual(created);
      expect(await refused(OrderAdminPath.planUpdate, { id: 999_999, price_fen: 1 })).toEqual({
        code: Code.NOT_FOUND,
        msg: orderAdminMessages.planNotFound,
      });
      expect((await refused(OrderAdminPath.planEnable, { id: 999_999, enabled: true })).code).toBe(Code.NOT_FOUND);
    });

    it('can change a seeded default plan', async () => {
      const listed = adminPlanListSchema.parse((await get(OrderAdminPath.plans, admin)).data);
      const cycle = listed.find((plan) => plan.has_cycle)!;
      const updated = await ok(OrderAdminPath.planUpdate, { id: cycle.id, cycle_price_fen: 4_900 });
      expect(updated).toMatchObject({ has_cycle: true, cycle_price_fen: 4_900, team_options: cycle.team_options });
    });
  });

  describe('coupons', () => {
    it('creates a coupon, grants it to the accounts of phones and reports the phones without one', async () => {
      const holder = await account();
      const stranger = nextPhone();
      const coupon = await ok(OrderAdminPath.couponCreate, {
        name: '双十一满300减50',
        discount_fen: 5_000,
        low_money_fen: 30_000,
        grades: ['VIP', 'VIP', 'SVIP'],
        start_time: nowS() - DAY_S,
        end_time: nowS() + 30 * DAY_S,
      });
      expect(coupon).toMatchObject({ name: '双十一满300减50', grades: ['VIP', 'SVIP'], held: 0, used: 0 });

      const grant = await ok(OrderAdminPath.couponGrant, {
        coupon_id: coupon.id,
        phones: [holder.phone, stranger, holder.phone],
      });
      expect(grant).toEqual({
        coupon_id: coupon.id,
        granted: [{ phone: holder.phone, user_coupon_id: expect.any(Number) }],
        unknown_phones: [stranger],
      });
      const held = (await get(OrderPath.coupons, holder.token)).data;
      expect(held).toEqual([
        expect.objectContaining({ id: grant.granted[0].user_coupon_id, discount: 5_000, low_money: 30_000 }),
      ]);
      const kinds = (await get(OrderAdminPath.coupons, admin)).data;
      expect(kinds.find((kind: { id: number }) => kind.id === coupon.id)).toMatchObject({ held: 1, used: 0 });
    });

    it('refuses a coupon without a discount, with a reversed window or for an unknown kind', async () => {
      const base = { name: '券', discount_fen: 100, start_time: nowS(), end_time: nowS() + DAY_S };
      expect(await refused(OrderAdminPath.couponCreate, { ...base, discount_fen: 0 })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.couponDiscount,
      });
      expect(await refused(OrderAdminPath.couponCreate, { ...base, end_time: base.start_time })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.windowOrder,
      });
      expect(await refused(OrderAdminPath.couponCreate, { ...base, grades: ['GVIP'] })).toEqual({
        code: Code.BAD_REQUEST,
        msg: '会员版本不存在',
      });
      expect(await refused(OrderAdminPath.couponGrant, { coupon_id: 999_999, phones: ['13800000000'] })).toEqual({
        code: Code.NOT_FOUND,
        msg: orderAdminMessages.couponNotFound,
      });
      expect((await refused(OrderAdminPath.couponGrant, { coupon_id: 1, phones: ['12345'] })).code).toBe(
        Code.BAD_REQUEST,
      );
    });
  });

  describe('membership cards', () => {
    it('makes a batch of codes and lists each card with who redeemed it', async () => {
      const batch = await ok(OrderAdminPath.cardBatchCreate, {
        batch: '2026双十一',
        grade: 'SVIP',
        days: 30,
        value_fen: 29_900,
        count: 5,
      });
      expect(batch).toMatchObject({ batch: '2026双十一', grade: 'SVIP', days: 30, value_fen: 29_900, redeem_by: null });
      const codes = batch.codes as string[];
      expect(new Set(codes).size).toBe(5);
      for (const code of codes) expect(code).toMatch(new RegExp(`^[${CARD_CODE_ALPHABET}]{10}$`));

      const redeemer = await account();
      expect((await get(`${OrderPath.cardExchange}?code=${codes[2]}`, redeemer.token)).code).toBe(Code.OK);
      const list = adminCardListSchema.parse(
        (await get(`${OrderAdminPath.cards}?batch=${encodeURIComponent('2026双十一')}`, admin)).data,
      );
      expect(list).toMatchObject({ batch: '2026双十一', total: 5, redeemed: 1 });
      expect(list.list.map((card) => card.code).sort()).toEqual([...codes].sort());
      const redeemed = list.list.find((card) => card.code === codes[2])!;
      expect(redeemed).toMatchObject({ redeemed_by: redeemer.id, redeemed_phone: redeemer.phone });
      expect(Math.abs(redeemed.redeemed_at! - nowS())).toBeLessThan(60);
      expect(list.list.filter((card) => card.redeemed_at === null)).toHaveLength(4);
    });

    it('keeps a redeem-by limit on the cards of a batch', async () => {
      const redeemBy = nowS() + 7 * DAY_S;
      const batch = await ok(OrderAdminPath.cardBatchCreate, {
        batch: 'limited',
        grade: 'VIP',
        days: 7,
        count: 1,
        redeem_by: redeemBy,
      });
      expect(batch.redeem_by).toBe(redeemBy);
      const list = (await get(`${OrderAdminPath.cards}?batch=limited`, admin)).data;
      expect(list.list[0]).toMatchObject({ code: batch.codes[0], redeem_by: redeemBy, value_fen: 0 });
    });

    it('refuses a count, grade or length outside the rules', async () => {
      const base = { batch: 'b', grade: 'VIP', days: 30, count: 1 };
      const cardCount = { code: Code.BAD_REQUEST, msg: orderAdminMessages.cardCount };
      expect(await refused(OrderAdminPath.cardBatchCreate, { ...base, count: 0 })).toEqual(cardCount);
      expect(await refused(OrderAdminPath.cardBatchCreate, { ...base, count: 10_001 })).toEqual(cardCount);
      expect(await refused(OrderAdminPath.cardBatchCreate, { ...base, days: 3651 })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.day,
      });
      expect((await refused(OrderAdminPath.cardBatchCreate, { ...base, grade: 'FREE' })).msg).toBe('会员版本不存在');
      expect((await refused(OrderAdminPath.cardBatchCreate, { ...base, batch: ' ' })).msg).toBe(
        orderAdminMessages.batchRequired,
      );
    });
  });

  describe('usage-count packs', () => {
    const shop = async (type: number) => {
      const member = await account();
      return (await get(`${OrderPath.frequencyPackages}?frequencyType=${type}`, member.token)).data as Array<{
        id: number;
        price: number;
      }>;
    };

    it('lists the seeded packs, adds one with its quota alias and changes it', async () => {
      const seeded = adminPackageListSchema.parse((await get(OrderAdminPath.packages, admin)).data);
      expect(seeded.find((pack) => pack.frequency_type === 9)).toMatchObject({ alias: 'AI_WRITING_BATCH_EXTRACTION' });

      const created = await ok(OrderAdminPath.packageCreate, {
        frequency_type: 5,
        name: 'AI写作次数包',
        frequency: 1_000,
        price_fen: 9_900,
        sort: 9,
      });
      expect(created).toMatchObject({
        alias: 'AI_WRITING_COUNT_DAY',
        frequency: 1_000,
        price_fen: 9_900,
        enabled: true,
      });
      expect((await shop(5)).find((pack) => pack.id === created.id)?.price).toBe(9_900);

      const changed = await ok(OrderAdminPath.packageUpdate, { id: created.id, price_fen: 8_800, frequency_type: 6 });
      expect(changed).toMatchObject({ frequency_type: 6, alias: 'AI_REWRITING_COUNT_DAY', price_fen: 8_800 });
      expect((await shop(6)).find((pack) => pack.id === created.id)?.price).toBe(8_800);

      await ok(OrderAdminPath.packageUpdate, { id: created.id, enabled: false });
      expect((await shop(6)).some((pack) => pack.id === created.id)).toBe(false);
      expect(await ok(OrderAdminPath.packageUpdate, { id: created.id })).toMatchObject({
        id: created.id,
        enabled: false,
      });
    });

    it('refuses an unknown pack type, a negative price and an unknown pack', async () => {
      const base = { frequency_type: 9, name: '包', frequency: 10, price_fen: 100 };
      expect(await refused(OrderAdminPath.packageCreate, { ...base, frequency_type: 8 })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.packageType,
      });
      expect(await refused(OrderAdminPath.packageCreate, { ...base, price_fen: -100 })).toEqual({
        code: Code.BAD_REQUEST,
        msg: orderAdminMessages.fen,
      });
      expect(await refused(OrderAdminPath.packageUpdate, { id: 999_999, price_fen: 1 })).toEqual({
        code: Code.NOT_FOUND,
        msg: orderAdminMessages.packageNotFound,
      });
    });
  });
});
