import { type OrderInfo, OrderPath } from '@dso/contract';
import { and, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, paymentAgreements, paymentEvents, users } from '../../../db/schema';
import { createAlipayGateway } from '../../../providers/payment/alipay';
import { type FakeAlipay, startFakeAlipay } from '../../../providers/payment/fake-alipay-server';
import { type FakeWechatPay, startFakeWechatPay } from '../../../providers/payment/fake-wechatpay-server';
import type { PaymentProviders } from '../../../providers/payment/index';
import { createWechatPayGateway } from '../../../providers/payment/wechatpay';
import { rsaPemPair } from '../../../testing/keys';
import { jobPaymentContext, noonOf } from '../../../testing/orders';
import { useTestApp } from '../../../testing/route-suite';
import { chargeDueAgreements } from './agreements.service';

/*
 * The whole purchase through the real Alipay and WeChat Pay adapters, against their fake vendor
 * servers: the app listens on a real port and PUBLIC_URL names it, so the fakes post their signed
 * notifications to the notify routes over HTTP as the vendors would.
 */

const DAY = 86_400_000;
const silent = pino({ level: 'silent' });
// The app's key pair and Alipay's (the app knows Alipay's public key), and the WeChat Pay merchant key.
const appKeys = rsaPemPair();
const alipayKeys = rsaPemPair();
const merchantKeys = rsaPemPair();
const alipayApp = { appId: '2021004100000001', sellerId: '2088102146225135' };
const merchant = {
  mchId: '1900009191',
  appId: 'wxd678efh567hg6787',
  apiV3Key: 'Dso0Test1Api2V3Key3Of4Length32xy',
  merchantSerialNo: '3775B6A45ACD588826D15E583A95F5DD9AD4C1A2',
};

describe('paying through the Alipay and WeChat Pay adapters against their fake vendors', () => {
  let address: string;
  let alipay: FakeAlipay;
  let wechatByMode: Record<'certificate' | 'publicKey', FakeWechatPay>;
  /** The app's payment providers; a WeChat Pay case puts the gateway of its key mode in `wechat`. */
  let payment: PaymentProviders;

  const wechatGateway = (mode: 'certificate' | 'publicKey') => {
    const fake = wechatByMode[mode];
    return createWechatPayGateway({
      ...merchant,
      merchantPrivateKey: merchantKeys.privateKey,
      baseUrl: fake.url,
      ...(mode === 'publicKey' ? { publicKeyId: fake.publicKeyId, publicKey: fake.publicKeyPem } : {}),
      log: silent,
    });
  };

  beforeAll(async () => {
    const fakeWechat = { ...merchant, merchantPublicKey: merchantKeys.publicKey };
    const [fakeAlipay, certificate, publicKey] = await Promise.all([
      startFakeAlipay({
        ...alipayApp,
        appPublicKey: appKeys.publicKey,
        alipayPrivateKey: alipayKeys.privateKey,
      }),
      startFakeWechatPay({ ...fakeWechat, mode: 'certificate' }),
      startFakeWechatPay({ ...fakeWechat, mode: 'publicKey' }),
    ]);
    alipay = fakeAlipay;
    wechatByMode = { certificate, publicKey };
    payment = {
      alipay: createAlipayGateway({
        ...alipayApp,
        privateKey: appKeys.privateKey,
        alipayPublicKey: alipayKeys.publicKey,
        gateway: alipay.url,
        log: silent,
      }),
      wechat: wechatGateway('certificate'),
    };
  });
  afterAll(async () => {
    await Promise.all([alipay.close(), wechatByMode.certificate.close(), wechatByMode.publicKey.close()]);
  });
  const t = useTestApp(
    () => ({ providers: { payment } }),
    async ({ app }) => {
      address = await app.listen({ port: 0, host: '127.0.0.1' });
      // The port is known only once listening; payments read PUBLIC_URL per request.
      app.config.publicUrl = address;
    },
  );
  const { db, account } = t;
  let tags = 0;
  const preview = async (token: string, body: Record<string, unknown>) => {
    const answer = (
      await t.request({ method: 'POST', url: OrderPath.preview, token, body: { rand_tag: `v-${++tags}`, ...body } })
    ).json();
    expect(answer.code).toBe(200);
    return answer.data as OrderInfo;
  };
  const payResult = async (token: string, orderId: string) =>
    (await t.request({ method: 'GET', url: `${OrderPath.payResult}?orderId=${orderId}`, token })).json().data;
  /** The payer's phone opens the Alipay QR's page over HTTP: answers where it is sent on to. */
  const openAlipayPage = async (orderId: string) => {
    const page = await fetch(`${address}${OrderPath.alipayPage}?orderId=${orderId}`, { redirect: 'manual' });
    expect(page.status).toBe(302);
    return page.headers.get('location') ?? '';
  };
  /** Posts a notification to one of our notify routes over HTTP, as the vendor would. */
  const postNotify = async (path: string, body: string, headers: Record<string, string>) => {
    const response = await fetch(`${address}${path}`, { method: 'POST', headers, body });
    return { status: response.status, body: await response.text() };
  };
  const alipayForm = { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' };
  const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
  const orderRow = async (id: string) => (await db().select().from(orders).where(eq(orders.id, id)))[0]!;
  /** A new buyer's 30-day VIP order whose Alipay page the payer's phone opened, so Alipay holds its trade. */
  const openedAlipayOrder = async () => {
    const buyer = await account();
    const order = await preview(buyer.token, { grade_enum: 'VIP', day: 30 });
    await openAlipayPage(order.order_id);
    return { buyer, order };
  };
  /** The order still waits for its payment and the buyer is still FREE. */
  const expectNothingGranted = async (buyerId: number, orderId: string) => {
    expect((await orderRow(orderId)).status).toBe('pending');
    expect((await userRow(buyerId)).grade).toBe('FREE');
  };
  const outcomesOf = async (orderId: string) =>
    (await db().select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))).map((event) => event.outcome);
  const forgedReasons = async () =>
    (
      await db()
        .select()
        .from(paymentEvents)
        .where(and(eq(paymentEvents.outcome, 'forged'), isNull(paymentEvents.orderId)))
    ).map((event) => `${event.provider}: ${event.detail}`);

  describe('Alipay', () => {
    it('sends the phone from the pay page to the precreated QR, and the signed notification makes the buyer VIP once', async () => {
      const buyer = await account();
      const order = await preview(buyer.token, { grade_enum: 'VIP', day: 365 });
      const qr = await openAlipayPage(order.order_id);
      const trade = alipay.trades.get(order.order_id)!;
      expect(qr).toBe(trade.qrCode);
      expect(qr).toMatch(/^https:\/\/qr\.alipay\.com\//);
      expect(trade.totalAmount).toBe('499.00');
      expect(trade.notifyUrl).toBe(`${address}${OrderPath.notifyAlipay}`);
      expect(await payResult(buyer.token, order.order_id)).toBe(false);

      expect(await alipay.pay(order.order_id)).toBe('success');
      expect(await payResult(buyer.token, order.order_id)).toBe(true);
      const paid = await userRow(buyer.id);
      expect(paid.grade).toBe('VIP');
      expect(Math.abs(paid.gradeEndsAt!.getTime() - (Date.now() + 365 * DAY))).toBeLessThan(60_000);
      expect(await orderRow(order.order_id)).toMatchObject({ status: 'paid', provider: 'alipay' });

      // Alipay retries until it reads `success`: the same notification again changes nothing.
      const again = await postNotify(OrderPath.notifyAlipay, alipay.notification(order.order_id), alipayForm);
      expect(again).toEqual({ status: 200, body: 'success' });
      expect((await userRow(buyer.id)).gradeEndsAt).toEqual(paid.gradeEndsAt);
      expect((await outcomesOf(order.order_id)).sort()).toEqual(['applied', 'duplicate']);
    });

    it('answers fail to a notification altered after signing or for another seller, and grants nothing', async () => {
      const { buyer, order } = await openedAlipayOrder();
      const before = (await forgedReasons()).length;

      const altered = new URLSearchParams(alipay.notification(order.order_id, { trade_status: 'TRADE_SUCCESS' }));
      altered.set('total_amount', '0.01');
      expect(await postNotify(OrderPath.notifyAlipay, altered.toString(), alipayForm)).toEqual({
        status: 200,
        body: 'fail',
      });
      const otherSeller = alipay.notification(order.order_id, {
        trade_status: 'TRADE_SUCCESS',
        seller_id: '2088000000000001',
      });
      expect((await postNotify(OrderPath.notifyAlipay, otherSeller, alipayForm)).body).toBe('fail');

      const reasons = (await forgedReasons()).slice(before);
      expect(reasons).toHaveLength(2);
      expect(reasons[0]).toMatch(/^alipay: signature does not verify/);
      expect(reasons[1]).toMatch(/^alipay: seller_id 2088000000000001 is not ours/);
      await expectNothingGranted(buyer.id, order.order_id);
    });

    it('records an authentic notification with the wrong amount as a mismatch and grants nothing', async () => {
      const { buyer, order } = await openedAlipayOrder();
      const cheap = alipay.notification(order.order_id, { trade_status: 'TRADE_SUCCESS', total_amount: '0.01' });
      // Authentic, so handled (Alipay must stop retrying), but refused.
      expect((await postNotify(OrderPath.notifyAlipay, cheap, alipayForm)).body).toBe('success');
      expect(await outcomesOf(order.order_id)).toEqual(['amount_mismatch']);
      await expectNothingGranted(buyer.id, order.order_id);
    });

    it('closes a lapsed, scanned order at Alipay and reports CLOSED', async () => {
      const { buyer, order } = await openedAlipayOrder();
      alipay.scan(order.order_id);
      await db()
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, order.order_id));

      expect(await payResult(buyer.token, order.order_id)).toBe('CLOSED');
      expect(alipay.trades.get(order.order_id)?.status).toBe('TRADE_CLOSED');
      const closes = alipay.calls.filter(
        (call) => call.method === 'alipay.trade.close' && call.biz_content?.includes(order.order_id),
      );
      expect(closes).toHaveLength(1);
      expect((await orderRow(order.order_id)).status).toBe('closed');
      // Polled again, the closed order is not closed at Alipay a second time.
      expect(await payResult(buyer.token, order.order_id)).toBe('CLOSED');
      expect(alipay.calls.filter((call) => call.method === 'alipay.trade.close')).toHaveLength(closes.length);
    });

    it('signs 周期扣款 with the first payment, then charges the next period through the agreement', async () => {
      const buyer = await account();
      const order = await preview(buyer.token, { grade_enum: 'VIP', day: 29, cycle: true });
      expect(order).toMatchObject({ price: 3_900, pay_money: 3_900, cycle_price: 5_900 });
      const qr = await openAlipayPage(order.order_id);
      const trade = alipay.trades.get(order.order_id)!;
      expect(qr).toBe(trade.qrCode);
      const signing = trade.bizContent.agreement_sign_params as Record<string, unknown>;
      expect(trade.bizContent.product_code).toBe('CYCLE_PAY_AUTH');
      expect(signing).toMatchObject({
        external_agreement_no: `A${order.order_id}`,
        sign_notify_url: `${address}${OrderPath.notifyAlipay}`,
        period_rule_params: { period_type: 'DAY', period: 30, single_amount: '59.00' },
      });

      expect(await alipay.pay(order.order_id)).toBe('success');
      const agreementOf = async () =>
        (await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, buyer.id)))[0]!;
      // Paid, but Alipay has not reported the agreement number yet.
      expect((await agreementOf()).status).toBe('signing');
      expect(await alipay.signAgreement(`A${order.order_id}`)).toBe('success');
      const agreement = await agreementOf();
      expect(agreement).toMatchObject({
        status: 'active',
        agreementNo: alipay.agreements.get(`A${order.order_id}`)!.agreementNo,
        cycleAmountFen: 5_900,
      });
      const endAfterFirst = (await userRow(buyer.id)).gradeEndsAt!.getTime();

      const context = jobPaymentContext(t, address);
      const dueDay = noonOf(agreement.nextChargeOn);
      expect(await chargeDueAgreements(context, dueDay)).toBe(1);
      const charge = alipay.calls.findLast((call) => call.method === 'alipay.trade.pay')!;
      expect(JSON.parse(charge.biz_content!)).toMatchObject({
        total_amount: '59.00',
        agreement_params: { agreement_no: agreement.agreementNo },
      });
      expect((await userRow(buyer.id)).gradeEndsAt!.getTime() - endAfterFirst).toBe(30 * DAY);
      expect(await chargeDueAgreements(context, dueDay)).toBe(0);

      const cancelled = await t.request({ method: 'POST', url: OrderPath.cancelCycle, token: buyer.token, body: {} });
      expect(cancelled.json().data).toEqual({ cancelled: 1 });
      expect(alipay.agreements.get(`A${order.order_id}`)?.status).toBe('UNSIGN');
    });
  });

  it('unsigns the 连续包月 at Alipay once when an upgrade replaces its grade, and charges it no more', async () => {
    const member = await account();
    const monthly = await preview(member.token, { grade_enum: 'VIP', day: 29, cycle: true });
    await openAlipayPage(monthly.order_id);
    expect(await alipay.pay(monthly.order_id)).toBe('success');
    expect(await alipay.signAgreement(`A${monthly.order_id}`)).toBe('success');
    const [signed] = await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, member.id));
    expect(signed?.status).toBe('active');

    const upgrade = await preview(member.token, { grade_enum: 'SVIP', day: 365 });
    expect(upgrade.ends_cycle).toBe('VIP');
    await openAlipayPage(upgrade.order_id);
    const unsigns = () =>
      alipay.calls.filter(
        (call) =>
          call.method === 'alipay.user.agreement.unsign' &&
          JSON.parse(call.biz_content ?? '{}').agreement_no === signed?.agreementNo,
      );
    expect(unsigns()).toHaveLength(0);
    expect(await alipay.pay(upgrade.order_id)).toBe('success');
    expect(unsigns()).toHaveLength(1);
    expect(alipay.agreements.get(`A${monthly.order_id}`)?.status).toBe('UNSIGN');
    expect((await t.request({ method: 'GET', url: OrderPath.cycleInfo, token: member.token })).json().data).toBeNull();

    // Alipay retries the notification: nothing more happens.
    const again = await postNotify(OrderPath.notifyAlipay, alipay.notification(upgrade.order_id), alipayForm);
    expect(again.body).toBe('success');
    expect(unsigns()).toHaveLength(1);
    const context = jobPaymentContext(t, address);
    expect(await chargeDueAgreements(context, noonOf(signed!.nextChargeOn))).toBe(0);
    expect((await userRow(member.id)).grade).toBe('SVIP');
  });

  it('unsigns a 连续包月 whose signing Alipay reports only after an upgrade ended it', async () => {
    const member = await account();
    const monthly = await preview(member.token, { grade_enum: 'VIP', day: 29, cycle: true });
    await openAlipayPage(monthly.order_id);
    expect(await alipay.pay(monthly.order_id)).toBe('success');
    const upgrade = await preview(member.token, { grade_enum: 'SVIP', day: 90 });
    await openAlipayPage(upgrade.order_id);
    expect(await alipay.pay(upgrade.order_id)).toBe('success');
    const agreementOf = async () =>
      (await db().select().from(paymentAgreements).where(eq(paymentAgreements.userId, member.id)))[0]!;
    expect(await agreementOf()).toMatchObject({ status: 'ended', agreementNo: null });

    expect(await alipay.signAgreement(`A${monthly.order_id}`)).toBe('success');
    expect(alipay.agreements.get(`A${monthly.order_id}`)?.status).toBe('UNSIGN');
    expect((await agreementOf()).status).toBe('ended');
    expect((await userRow(member.id)).grade).toBe('SVIP');
  });

  describe.each(['certificate', 'publicKey'] as const)('WeChat Pay in %s mode', (mode) => {
    beforeAll(() => {
      payment.wechat = wechatGateway(mode);
    });
    const fake = () => wechatByMode[mode];
    const wechatQr = async (buyer: { token: string }) => {
      const order = await preview(buyer.token, { grade_enum: 'VIP', day: 30, pe: 'WxPay' });
      const qr = await t.request({
        method: 'GET',
        url: `${OrderPath.wechatQr}?orderId=${order.order_id}`,
        token: buyer.token,
      });
      return { order, codeUrl: qr.json().data?.code_url as string };
    };

    it('answers wx_order with the code_url, and the encrypted notification makes the buyer VIP', async () => {
      const buyer = await account();
      const { order, codeUrl } = await wechatQr(buyer);
      expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      const sent = JSON.parse(fake().requests.findLast((request) => request.body.includes(order.order_id))!.body);
      expect(sent).toMatchObject({
        notify_url: `${address}${OrderPath.notifyWechat}`,
        amount: { total: order.pay_money },
      });
      expect(await payResult(buyer.token, order.order_id)).toBe(false);

      expect(await fake().pay(order.order_id)).toBe(204);
      expect(await payResult(buyer.token, order.order_id)).toBe(true);
      expect((await userRow(buyer.id)).grade).toBe('VIP');
      expect(await orderRow(order.order_id)).toMatchObject({
        status: 'paid',
        provider: 'wechatpay',
        channel: 'wechat',
      });
    });

    it('refuses a tampered notification with FAIL, records a wrong amount, and grants nothing', async () => {
      const buyer = await account();
      const { order } = await wechatQr(buyer);
      const before = (await forgedReasons()).length;
      for (const tamper of ['body', 'tag'] as const) {
        const { headers, body } = fake().notification(order.order_id, { tamper });
        const answer = await postNotify(OrderPath.notifyWechat, body, headers);
        expect(answer.status).toBe(500);
        expect(JSON.parse(answer.body)).toEqual({ code: 'FAIL', message: '失败' });
      }
      expect((await forgedReasons()).slice(before)).toHaveLength(2);

      const cheap = fake().notification(order.order_id, {
        resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
      });
      expect((await postNotify(OrderPath.notifyWechat, cheap.body, cheap.headers)).status).toBe(204);
      expect(await outcomesOf(order.order_id)).toEqual(['amount_mismatch']);
      await expectNothingGranted(buyer.id, order.order_id);
    });
  });
});
