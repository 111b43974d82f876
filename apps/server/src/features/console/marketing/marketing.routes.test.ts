import { randomUUID } from 'node:crypto';
import {
  type AdminPlan,
  adminCardListSchema,
  adminPackageListSchema,
  adminPlanListSchema,
  Code,
  consoleCardBatchListSchema,
  consoleMessages,
  marketingMessages as mm,
  OrderPath,
  ConsoleMarketingPath as P,
} from '@dso/contract';
import { describe, expect, it } from 'vitest';
import { nextPhone } from '../../../testing';
import { useTestApp, withQuery } from '../../../testing/route-suite';
import { auditOf, consoleCalls, soleAuditOf, staffWithCookie } from '../console.testing';

const DAY_S = 86_400;
const nowS = () => Math.floor(Date.now() / 1000);
const reason = '双十一活动';

describe('console 套餐与卡券', () => {
  let finance: { cookie: string; name: string; id: number };
  const t = useTestApp({}, async (app) => {
    finance = await staffWithCookie(app.database.db, '财务');
  });

  const calls = consoleCalls(t);
  const get = (url: string, cookie = finance.cookie) => calls.get(url, cookie);
  const post = (url: string, body: unknown, cookie = finance.cookie) => calls.post(url, cookie, body);
  /** Posts as 财务 with a reason and expects success. */
  const ok = async (url: string, body: object) => {
    const answer = await post(url, { reason, ...body });
    expect(answer).toMatchObject({ code: Code.OK });
    return answer.data;
  };
  /** Posts as 财务 with a reason and answers the refusal's code and message. */
  const refused = async (url: string, body: object) => {
    const { code, msg } = await post(url, { reason, ...body });
    return { code, msg };
  };
  const badRequest = (msg: string) => ({ code: Code.BAD_REQUEST, msg });
  const cardBody = (batch: string, more: object = {}) => ({
    request_id: randomUUID(),
    batch,
    grade: 'VIP',
    days: 30,
    count: 2,
    ...more,
  });

  const everyCall = (): Array<['GET' | 'POST', string, object?]> => [
    ['GET', P.plans],
    ['POST', P.planCreate, { grade: 'VIP', day: 30, price_fen: 100, reason }],
    ['POST', P.planUpdate, { id: 1, price_fen: 100, reason }],
    ['POST', P.planEnable, { id: 1, enabled: false, reason }],
    ['GET', P.coupons],
    ['POST', P.couponCreate, { name: 'x', discount_fen: 1, start_time: nowS(), end_time: nowS() + DAY_S, reason }],
    ['POST', P.couponGrant, { coupon_id: 1, phones: ['13800000000'], reason }],
    ['GET', P.cardBatches],
    ['POST', P.cardBatchCreate, { ...cardBody('refused'), reason }],
    ['GET', withQuery(P.cards, { batch: 'b' })],
    ['GET', withQuery(P.cardExport, { batch: 'b' })],
    ['GET', P.packs],
    ['POST', P.packCreate, { frequency_type: 9, name: 'x', frequency: 1, price_fen: 1, reason }],
    ['POST', P.packUpdate, { id: 1, price_fen: 1, reason }],
  ];

  describe('who may', () => {
    it.each(['客服', '数据'] as const)('refuses %s every call with 403, changing nothing', async (role) => {
      const staff = await staffWithCookie(t.db(), role);
      const plansBefore = await get(P.plans);
      for (const [method, url, body] of everyCall()) {
        const response = await calls.send(method, url, staff.cookie, body);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: { code: Code.FORBIDDEN, msg: '无权限访问', data: null },
        });
      }
      expect(await get(P.plans)).toEqual(plansBefore);
      expect(await auditOf(t.db(), 'card_batch:refused')).toEqual([]);
    });

    it('refuses a member 403 and a visitor 800 on every call', async () => {
      const member = await t.account();
      for (const [method, url, body] of everyCall()) {
        const asMember = await t.request({ method, url, token: member.token, ...(body ? { body } : {}) });
        expect({ url, body: asMember.json() }).toEqual({
          url,
          body: { code: Code.FORBIDDEN, msg: '无权限访问', data: null },
        });
        expect({ url, body: await calls.call(method, url, undefined, body) }).toEqual({
          url,
          body: { code: Code.TOKEN_INVALID, msg: '请先登录', data: null },
        });
      }
    });

    it('lets 管理员 and 财务 read and act', async () => {
      const admin = await staffWithCookie(t.db(), '管理员');
      for (const cookie of [admin.cookie, finance.cookie]) {
        expect((await get(P.plans, cookie)).code).toBe(Code.OK);
        const made = await post(
          P.packCreate,
          { frequency_type: 9, name: '包', frequency: 1, price_fen: 1, reason },
          cookie,
        );
        expect(made.code).toBe(Code.OK);
      }
    });

    it('no longer answers the members’ admin calls for these', async () => {
      const admin = await t.account({ roleId: 100 });
      const response = await t.request({ method: 'GET', url: '/api/admin/orders/plans', token: admin.token });
      expect(response.statusCode).toBe(404);
    });

    it('requires a reason for every change', async () => {
      for (const [method, url, body] of everyCall()) {
        if (method === 'GET' || !body) continue;
        const { reason: _reason, ...withoutReason } = body as { reason: string };
        expect({ url, answer: await post(url, withoutReason) }).toMatchObject({
          url,
          answer: badRequest(consoleMessages.reasonRequired),
        });
        expect({ url, answer: await post(url, { ...withoutReason, reason: 'x'.repeat(201) }) }).toMatchObject({
          url,
          answer: badRequest(consoleMessages.reasonTooLong),
        });
      }
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

    it('creates a plan with every field, shows it in the pay box and audits it', async () => {
      const body = fullPlan();
      const created = (await ok(P.planCreate, body)) as AdminPlan;
      expect(created).toMatchObject(body);
      const listed = adminPlanListSchema.parse((await get(P.plans)).data);
      expect(listed.find((plan) => plan.id === created.id)).toEqual(created);

      const config = await (await t.request({ method: 'GET', url: OrderPath.gradeConfig })).json();
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
      expect(await auditOf(t.db(), `plan:${created.id}`)).toEqual([
        expect.objectContaining({
          staffId: finance.id,
          staffName: finance.name,
          action: 'plan.create',
          before: null,
          after: created,
          reason,
        }),
      ]);
    });

    it('fills a plan created with grade, day and price only with empty offers', async () => {
      const created = (await ok(P.planCreate, { grade: 'VIP', day: 60, price_fen: 9_900 })) as AdminPlan;
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

    it('changes only the fields an update names, null clears one, and the entry keeps before and after', async () => {
      const created = (await ok(P.planCreate, fullPlan())) as AdminPlan;
      const updated = (await ok(P.planUpdate, {
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
      const [entry] = await auditOf(t.db(), `plan:${created.id}`);
      expect(entry).toMatchObject({ action: 'plan.update', before: created, after: updated, reason });
    });

    it('takes a plan off sale and puts it back, each audited', async () => {
      const created = (await ok(P.planCreate, { grade: 'SVIP', day: 45, price_fen: 1 })) as AdminPlan;
      const inPayBox = async () =>
        (await (await t.request({ method: 'GET', url: OrderPath.gradeConfig })).json()).data.SVIP.some(
          (plan: { id: number }) => plan.id === created.id,
        );
      expect(await inPayBox()).toBe(true);
      expect((await ok(P.planEnable, { id: created.id, enabled: false })).enabled).toBe(false);
      expect(await inPayBox()).toBe(false);
      await ok(P.planEnable, { id: created.id, enabled: true });
      expect(await inPayBox()).toBe(true);
      const entries = await auditOf(t.db(), `plan:${created.id}`);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
        ['plan.enable', { enabled: false }, { enabled: true }],
        ['plan.enable', { enabled: true }, { enabled: false }],
        ['plan.create', null, created],
      ]);
    });

    it('refuses prices, days, grades and windows outside the rules', async () => {
      const bad = (change: Record<string, unknown>) => refused(P.planCreate, { ...fullPlan(), ...change });
      expect(await bad({ price_fen: -1 })).toEqual(badRequest(mm.fen));
      expect(await bad({ price_fen: 9.5 })).toEqual(badRequest(mm.fen));
      expect(await bad({ new_user_price_fen: 2 ** 31 })).toEqual(badRequest('数值超出范围'));
      expect(await bad({ day: 0 })).toEqual(badRequest(mm.day));
      expect(await bad({ day: 3651 })).toEqual(badRequest(mm.day));
      expect(await bad({ grade: 'FREE' })).toEqual(badRequest('会员版本不存在'));
      expect(await bad({ active_end_time: nowS() - 2 * DAY_S })).toEqual(badRequest(mm.windowOrder));
      expect(await bad({ active_end_time: null })).toEqual(badRequest(mm.windowIncomplete));
      expect(await bad({ activity_start_time: null, activity_end_time: null })).toEqual(
        badRequest(mm.activityPriceNeedsWindow),
      );
      expect(await bad({ has_cycle: true })).toEqual(badRequest(mm.cycleNeedsPrice));
      expect(
        await bad({
          team_options: [
            { id: 1, count: 1, extra_fen: 0 },
            { id: 1, count: 2, extra_fen: 0 },
          ],
        }),
      ).toEqual(badRequest(mm.teamOptionIds));
      expect(await bad({ point_activity: { desc: '', start_time: 5, end_time: 5, img_url: '' } })).toEqual(
        badRequest(mm.windowOrder),
      );
    });

    it('checks an update against the plan it makes, answers an unknown plan, and audits neither', async () => {
      const created = (await ok(P.planCreate, fullPlan())) as AdminPlan;
      expect(await refused(P.planUpdate, { id: created.id, active_end_time: created.active_start_time })).toEqual(
        badRequest(mm.windowOrder),
      );
      expect(await refused(P.planUpdate, { id: created.id, has_cycle: true })).toEqual(badRequest(mm.cycleNeedsPrice));
      const after = adminPlanListSchema.parse((await get(P.plans)).data);
      expect(after.find((plan) => plan.id === created.id)).toEqual(created);
      expect(await refused(P.planUpdate, { id: 999_999, price_fen: 1 })).toEqual({
        code: Code.NOT_FOUND,
        msg: mm.planNotFound,
      });
      expect((await refused(P.planEnable, { id: 999_999, enabled: true })).code).toBe(Code.NOT_FOUND);
      expect((await auditOf(t.db(), `plan:${created.id}`)).map((entry) => entry.action)).toEqual(['plan.create']);
      expect(await auditOf(t.db(), 'plan:999999')).toEqual([]);
    });

    it('can change a seeded default plan', async () => {
      const listed = adminPlanListSchema.parse((await get(P.plans)).data);
      const cycle = listed.find((plan) => plan.has_cycle)!;
      const updated = await ok(P.planUpdate, { id: cycle.id, cycle_price_fen: 4_900 });
      expect(updated).toMatchObject({ has_cycle: true, cycle_price_fen: 4_900, team_options: cycle.team_options });
    });
  });

  describe('coupons', () => {
    it('creates a coupon, grants it to the accounts of phones, reports the phones without one, and audits both', async () => {
      const holder = await t.account();
      const stranger = nextPhone();
      const coupon = await ok(P.couponCreate, {
        name: '双十一满300减50',
        discount_fen: 5_000,
        low_money_fen: 30_000,
        grades: ['VIP', 'VIP', 'SVIP'],
        start_time: nowS() - DAY_S,
        end_time: nowS() + 30 * DAY_S,
      });
      expect(coupon).toMatchObject({ name: '双十一满300减50', grades: ['VIP', 'SVIP'], held: 0, used: 0 });

      const grant = await ok(P.couponGrant, { coupon_id: coupon.id, phones: [holder.phone, stranger, holder.phone] });
      expect(grant).toEqual({
        coupon_id: coupon.id,
        granted: [{ phone: holder.phone, user_coupon_id: expect.any(Number) }],
        unknown_phones: [stranger],
      });
      const held = await (await t.request({ method: 'GET', url: OrderPath.coupons, token: holder.token })).json();
      expect(held.data).toEqual([
        expect.objectContaining({ id: grant.granted[0].user_coupon_id, discount: 5_000, low_money: 30_000 }),
      ]);
      const kinds = (await get(P.coupons)).data;
      expect(kinds.find((kind: { id: number }) => kind.id === coupon.id)).toMatchObject({ held: 1, used: 0 });
      const entries = await auditOf(t.db(), `coupon:${coupon.id}`);
      expect(entries.map((entry) => [entry.action, entry.after, entry.reason])).toEqual([
        ['coupon.grant', grant, reason],
        ['coupon.create', coupon, reason],
      ]);
    });

    it('refuses a coupon without a discount, with a reversed window or for an unknown kind', async () => {
      const base = { name: '券', discount_fen: 100, start_time: nowS(), end_time: nowS() + DAY_S };
      expect(await refused(P.couponCreate, { ...base, discount_fen: 0 })).toEqual(badRequest(mm.couponDiscount));
      expect(await refused(P.couponCreate, { ...base, end_time: base.start_time })).toEqual(badRequest(mm.windowOrder));
      expect(await refused(P.couponCreate, { ...base, grades: ['GVIP'] })).toEqual(badRequest('会员版本不存在'));
      expect(await refused(P.couponGrant, { coupon_id: 999_999, phones: ['13800000000'] })).toEqual({
        code: Code.NOT_FOUND,
        msg: mm.couponNotFound,
      });
      expect((await refused(P.couponGrant, { coupon_id: 1, phones: ['12345'] })).code).toBe(Code.BAD_REQUEST);
      expect(await auditOf(t.db(), 'coupon:999999')).toEqual([]);
    });
  });

  describe('membership cards', () => {
    const cardsOf = async (batch: string) => adminCardListSchema.parse((await get(withQuery(P.cards, { batch }))).data);
    const redeem = async (token: string, code: string) =>
      (await t.request({ method: 'GET', url: withQuery(OrderPath.cardExchange, { code }), token })).json();

    it('makes a batch, lists it with who made it, and shows each card’s redemption', async () => {
      const body = cardBody('2026双十一', { grade: 'SVIP', value_fen: 29_900, count: 5 });
      // The batch's terms, as the answer to making it and the list of batches both show them.
      const terms = { batch: '2026双十一', grade: 'SVIP', days: 30, value_fen: 29_900, redeem_by: null, count: 5 };
      const made = await ok(P.cardBatchCreate, body);
      expect(made).toEqual({ ...terms, audit_id: expect.any(Number) });
      const cards = await cardsOf('2026双十一');
      expect(cards).toMatchObject({ total: 5, redeemed: 0 });
      for (const card of cards.list) expect(card.code).toMatch(/^[0-9A-Z]{10}$/);

      const redeemer = await t.account();
      expect((await redeem(redeemer.token, cards.list[2]!.code)).code).toBe(Code.OK);
      const after = await cardsOf('2026双十一');
      expect(after).toMatchObject({ total: 5, redeemed: 1 });
      const redeemed = after.list.find((card) => card.code === cards.list[2]!.code)!;
      expect(redeemed).toMatchObject({ redeemed_by: redeemer.id, redeemed_phone: redeemer.phone });
      expect(Math.abs(redeemed.redeemed_at! - nowS())).toBeLessThan(60);

      const batches = consoleCardBatchListSchema.parse((await get(P.cardBatches)).data);
      expect(batches.find((batch) => batch.batch === '2026双十一')).toEqual({
        ...terms,
        redeemed: 1,
        create_time: expect.any(Number),
        staff_name: finance.name,
      });
      const entry = await soleAuditOf(t.db(), 'card_batch:2026双十一');
      expect(entry).toMatchObject({
        id: made.audit_id,
        staffName: finance.name,
        action: 'card.batch',
        before: null,
        after: { request_id: body.request_id, batch: '2026双十一', grade: 'SVIP', days: 30, count: 5 },
        reason,
      });
      expect(JSON.stringify(entry.after)).not.toContain(cards.list[0]!.code);
    });

    it('exports a batch as CSV Excel reads: BOM, header, each card with its state and redeemer', async () => {
      await ok(P.cardBatchCreate, cardBody('导出批次', { grade: 'EVIP', days: 365, count: 3 }));
      const { list } = await cardsOf('导出批次');
      const redeemer = await t.account();
      expect((await redeem(redeemer.token, list[1]!.code)).code).toBe(Code.OK);

      const response = await calls.send('GET', withQuery(P.cardExport, { batch: '导出批次' }), finance.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="cards.csv"; filename*=UTF-8''${encodeURIComponent('会员卡-导出批次.csv')}`,
      );
      expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = response.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
      expect(lines[0]).toBe('序号,卡密,等级,天数,状态,兑换手机号,兑换时间');
      expect(lines.slice(1).map((line) => line.split(',').slice(0, 6))).toEqual([
        ['1', list[0]!.code, '旗舰版', '365', '未兑换', ''],
        ['2', list[1]!.code, '旗舰版', '365', '已兑换', redeemer.phone],
        ['3', list[2]!.code, '旗舰版', '365', '未兑换', ''],
      ]);
      expect(lines[2]!.split(',')[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('makes one batch of a request id, however often and however concurrently it is sent', async () => {
      const body = { ...cardBody('双击批次', { count: 3 }), reason };
      const first = await post(P.cardBatchCreate, body);
      expect(first.code).toBe(Code.OK);
      expect(await post(P.cardBatchCreate, body)).toEqual(first);
      const concurrent = await Promise.all([1, 2, 3].map(() => post(P.cardBatchCreate, body)));
      expect(concurrent).toEqual([first, first, first]);
      expect((await cardsOf('双击批次')).total).toBe(3);
      expect(await auditOf(t.db(), 'card_batch:双击批次')).toHaveLength(1);

      const fresh = { ...cardBody('并发批次', { count: 2 }), reason };
      const racing = await Promise.all([1, 2, 3].map(() => post(P.cardBatchCreate, fresh)));
      expect(racing.map((answer) => answer.code)).toEqual([Code.OK, Code.OK, Code.OK]);
      expect(new Set(racing.map((answer) => answer.data.audit_id)).size).toBe(1);
      expect((await cardsOf('并发批次')).total).toBe(2);
    });

    it('refuses a request id sent again with other terms, a batch name in use, and a missing id', async () => {
      const body = cardBody('先前批次');
      await ok(P.cardBatchCreate, body);
      const reused = { code: Code.TOAST, msg: consoleMessages.requestIdReused };
      expect(await refused(P.cardBatchCreate, { ...body, count: 3 })).toEqual(reused);
      expect(await refused(P.cardBatchCreate, { ...body, batch: '另一批次' })).toEqual(reused);
      expect(await refused(P.cardBatchCreate, cardBody('先前批次'))).toEqual({ code: Code.TOAST, msg: mm.batchExists });
      expect((await cardsOf('先前批次')).total).toBe(2);
      expect((await cardsOf('另一批次')).total).toBe(0);
      const { request_id: _id, ...withoutId } = cardBody('无编号');
      for (const bad of [withoutId, { ...withoutId, request_id: 'again' }]) {
        expect(await refused(P.cardBatchCreate, bad)).toEqual(badRequest(consoleMessages.requestIdInvalid));
      }
      expect(await auditOf(t.db(), 'card_batch:无编号')).toEqual([]);
    });

    it('keeps a redeem-by limit on the cards of a batch', async () => {
      const redeemBy = nowS() + 7 * DAY_S;
      const made = await ok(P.cardBatchCreate, cardBody('limited', { days: 7, count: 1, redeem_by: redeemBy }));
      expect(made.redeem_by).toBe(redeemBy);
      expect((await cardsOf('limited')).list[0]).toMatchObject({ redeem_by: redeemBy, value_fen: 0 });
    });

    it('refuses a count, grade, length or name outside the rules', async () => {
      const cardCount = badRequest(mm.cardCount);
      expect(await refused(P.cardBatchCreate, cardBody('b', { count: 0 }))).toEqual(cardCount);
      expect(await refused(P.cardBatchCreate, cardBody('b', { count: 10_001 }))).toEqual(cardCount);
      expect(await refused(P.cardBatchCreate, cardBody('b', { days: 3651 }))).toEqual(badRequest(mm.day));
      expect((await refused(P.cardBatchCreate, cardBody('b', { grade: 'FREE' }))).msg).toBe('会员版本不存在');
      expect((await refused(P.cardBatchCreate, cardBody(' '))).msg).toBe(mm.batchRequired);
      expect((await get(withQuery(P.cardExport, { batch: ' ' }))).msg).toBe(mm.batchRequired);
      expect(await auditOf(t.db(), 'card_batch:b')).toEqual([]);
    });
  });

  describe('usage-count packs', () => {
    const shop = async (type: number) => {
      const member = await t.account();
      const answer = await (
        await t.request({
          method: 'GET',
          url: `${OrderPath.frequencyPackages}?frequencyType=${type}`,
          token: member.token,
        })
      ).json();
      return answer.data as Array<{ id: number; price: number }>;
    };

    it('lists the seeded packs, adds one with its quota alias and changes it, each audited', async () => {
      const seeded = adminPackageListSchema.parse((await get(P.packs)).data);
      expect(seeded.find((pack) => pack.frequency_type === 9)).toMatchObject({ alias: 'AI_WRITING_BATCH_EXTRACTION' });

      const created = await ok(P.packCreate, {
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

      const changed = await ok(P.packUpdate, { id: created.id, price_fen: 8_800, frequency_type: 6 });
      expect(changed).toMatchObject({ frequency_type: 6, alias: 'AI_REWRITING_COUNT_DAY', price_fen: 8_800 });
      expect((await shop(6)).find((pack) => pack.id === created.id)?.price).toBe(8_800);

      const off = await ok(P.packUpdate, { id: created.id, enabled: false });
      expect((await shop(6)).some((pack) => pack.id === created.id)).toBe(false);
      const entries = await auditOf(t.db(), `pack:${created.id}`);
      expect(entries.map((entry) => [entry.action, entry.before, entry.after, entry.staffName])).toEqual([
        ['pack.update', changed, off, finance.name],
        ['pack.update', created, changed, finance.name],
        ['pack.create', null, created, finance.name],
      ]);
    });

    it('refuses an unknown pack type, a negative price and an unknown pack', async () => {
      const base = { frequency_type: 9, name: '包', frequency: 10, price_fen: 100 };
      expect(await refused(P.packCreate, { ...base, frequency_type: 8 })).toEqual(badRequest(mm.packageType));
      expect(await refused(P.packCreate, { ...base, price_fen: -100 })).toEqual(badRequest(mm.fen));
      expect(await refused(P.packUpdate, { id: 999_999, price_fen: 1 })).toEqual({
        code: Code.NOT_FOUND,
        msg: mm.packageNotFound,
      });
      expect(await auditOf(t.db(), 'pack:999999')).toEqual([]);
    });
  });
});
