import { createPrivateKey, generateKeyPairSync, sign, verify } from 'node:crypto';
import { createServer } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer, listenLocally, readBody } from '../fake-server';
import { type FakeWechatPay, startFakeWechatPay } from './fake-wechatpay-server';
import { type PaymentGateway, type PaymentNotice, PaymentVendorError, type RefundGateway } from './index';
import { refundsOf } from './refunds.testing';
import { createWechatPayGateway, toBeijingRfc3339, type WechatPayOptions } from './wechatpay';
import { buildAuthorization } from './wechatpay-crypto';

const pem = (pair: ReturnType<typeof generateKeyPairSync>) => ({
  privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});
// One 2048-bit pair per role, generated once: the merchant's API key and a stranger's.
const merchantKeys = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }));
const strangerKeys = pem(generateKeyPairSync('rsa', { modulusLength: 2048 }));

const merchant = {
  mchId: '1900009191',
  appId: 'wxd678efh567hg6787',
  apiV3Key: 'Dso0Test1Api2V3Key3Of4Length32xy',
  merchantSerialNo: '3775B6A45ACD588826D15E583A95F5DD9AD4C1A2',
};

/** Our notify endpoint: hands WeChat Pay's POST to the gateway and answers with its notifyAnswer. */
async function startNotifyEndpoint() {
  const notices: PaymentNotice[] = [];
  const gateways = new Map<string, PaymentGateway>();
  const server = createServer(async (request, response) => {
    const body = (await readBody(request)).toString('utf8');
    const gateway = gateways.get(request.url ?? '');
    if (!gateway) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value[0] : value]),
    );
    const notice = await gateway.readNotify({ headers, body });
    notices.push(notice);
    const answer = gateway.notifyAnswer(notice.kind !== 'forged');
    response.statusCode = answer.status;
    response.setHeader('content-type', answer.contentType);
    response.end(answer.body);
  });
  return {
    url: await listenLocally(server),
    notices,
    gateways,
    close: () => closeServer(server),
  };
}

let sequence = 0;
const newTradeNo = () => `DSO${Date.now()}${String(sequence++).padStart(4, '0')}`;

describe('the WeChat Pay v3 Native adapter against a fake WeChat Pay', () => {
  let certFake: FakeWechatPay;
  let keyFake: FakeWechatPay;
  let endpoint: Awaited<ReturnType<typeof startNotifyEndpoint>>;

  const base = (): Omit<WechatPayOptions, 'baseUrl'> => ({
    ...merchant,
    merchantPrivateKey: merchantKeys.privateKey,
    log: pino({ level: 'silent' }),
  });
  /** A fresh gateway (its own certificate cache) for the certificate-mode fake. */
  const certGateway = (overrides: Partial<WechatPayOptions> = {}) =>
    createWechatPayGateway({ ...base(), baseUrl: certFake.url, ...overrides });
  /** A fresh gateway configured with the fake's 微信支付公钥. */
  const keyGateway = (overrides: Partial<WechatPayOptions> = {}) =>
    createWechatPayGateway({
      ...base(),
      baseUrl: keyFake.url,
      publicKeyId: keyFake.publicKeyId,
      publicKey: keyFake.publicKeyPem,
      ...overrides,
    });
  const createTrade = async (gateway: PaymentGateway, notifyPath = '/notify/wechat', amountFen = 9900) => {
    const outTradeNo = newTradeNo();
    const qr = await gateway.createQr({
      outTradeNo,
      amountFen,
      subject: 'DSO 个人版 12个月',
      expiresAt: new Date(Date.now() + 900_000),
      notifyUrl: `${endpoint.url}${notifyPath}`,
    });
    return { outTradeNo, qr };
  };

  beforeAll(async () => {
    const fakeOptions = { ...merchant, merchantPublicKey: merchantKeys.publicKey };
    [certFake, keyFake, endpoint] = await Promise.all([
      startFakeWechatPay({ ...fakeOptions, mode: 'certificate' }),
      startFakeWechatPay({ ...fakeOptions, mode: 'publicKey' }),
      startNotifyEndpoint(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([certFake.close(), keyFake.close(), endpoint.close()]);
  });

  describe('signing requests', () => {
    it('builds the documented Authorization header over METHOD, path, timestamp, nonce and body', () => {
      const header = buildAuthorization({
        mchId: '1900009191',
        serialNo: merchant.merchantSerialNo,
        privateKey: createPrivateKey(merchantKeys.privateKey),
        method: 'POST',
        urlPath: '/v3/pay/transactions/native',
        body: '{"appid":"wxd678efh567hg6787"}',
        timestamp: 1554208460,
        nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
      });
      const match =
        /^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([A-Za-z0-9+/=]+)",timestamp="1554208460",serial_no="3775B6A45ACD588826D15E583A95F5DD9AD4C1A2"$/.exec(
          header,
        );
      expect(match).not.toBeNull();
      const message =
        'POST\n/v3/pay/transactions/native\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n{"appid":"wxd678efh567hg6787"}\n';
      const signature = Buffer.from(match![1]!, 'base64');
      expect(verify('sha256', Buffer.from(message), merchantKeys.publicKey, signature)).toBe(true);
      // PKCS#1 v1.5 is deterministic: the same message and key give the same bytes.
      expect(signature.equals(sign('sha256', Buffer.from(message), merchantKeys.privateKey))).toBe(true);
    });

    it('sends requests the fake accepts, with Accept, User-Agent and the JSON content type', async () => {
      await createTrade(certGateway());
      const request = certFake.requests.findLast((item) => item.path === '/v3/pay/transactions/native');
      expect(request?.headers.accept).toBe('application/json');
      expect(request?.headers['user-agent']).toBeTruthy();
      expect(request?.headers['content-type']).toBe('application/json');
      expect(request?.headers.authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900009191",/);
    });

    it('throws WeChat Pay’s SIGN_ERROR when the request is signed with another key', async () => {
      const failure = await createTrade(certGateway({ merchantPrivateKey: strangerKeys.privateKey })).catch(
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(PaymentVendorError);
      expect(failure).toMatchObject({ vendorCode: 'SIGN_ERROR' });
    });

    it('refuses an APIv3 key that is not 32 bytes long', () => {
      expect(() => certGateway({ apiV3Key: 'too-short' })).toThrow(/32 bytes/);
    });
  });

  describe('Native prepay', () => {
    it('creates the trade with the amount in fen and time_expire in Beijing time, and returns code_url', async () => {
      const outTradeNo = newTradeNo();
      const qr = await certGateway().createQr({
        outTradeNo,
        amountFen: 12_345,
        subject: 'DSO 企业版 1个月',
        expiresAt: new Date(Date.UTC(2030, 5, 8, 2, 34, 56, 789)),
        notifyUrl: `${endpoint.url}/notify/wechat`,
      });
      expect(qr.qrText).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=\w+$/);
      const request = certFake.requests.findLast((item) => item.path === '/v3/pay/transactions/native');
      expect(JSON.parse(request!.body)).toEqual({
        appid: merchant.appId,
        mchid: merchant.mchId,
        description: 'DSO 企业版 1个月',
        out_trade_no: outTradeNo,
        time_expire: '2030-06-08T10:34:56+08:00',
        notify_url: `${endpoint.url}/notify/wechat`,
        amount: { total: 12_345, currency: 'CNY' },
      });
    });

    it('writes time_expire across midnight in Beijing time', () => {
      expect(toBeijingRfc3339(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01T00:00:00+08:00');
    });

    it('refuses an answer whose signature does not cover its body', async () => {
      const gateway = certGateway();
      certFake.tamperNextAnswer = 'signature';
      const failure = await createTrade(gateway).catch((error: unknown) => error);
      expect(failure).toMatchObject({ vendorCode: 'RESPONSE_SIGNATURE_INVALID' });
    });

    it('refuses an answer signed more than five minutes ago', async () => {
      const gateway = keyGateway();
      keyFake.tamperNextAnswer = 'stale';
      const failure = await createTrade(gateway).catch((error: unknown) => error);
      expect(failure).toMatchObject({ vendorCode: 'RESPONSE_SIGNATURE_INVALID' });
      expect((failure as Error).message).toContain('5 minutes');
    });
  });

  describe('payment notifications', () => {
    it('reads a certificate-mode notification as paid with the order amount in fen', async () => {
      const gateway = certGateway();
      endpoint.gateways.set('/notify/cert', gateway);
      const { outTradeNo } = await createTrade(gateway, '/notify/cert', 9900);
      // A coupon lowered what the payer paid; the order amount is what we compare.
      expect(await certFake.pay(outTradeNo, { payerTotal: 9000 })).toBe(204);
      expect(endpoint.notices.at(-1)).toMatchObject({ kind: 'paid', outTradeNo, amountFen: 9900 });
      const notice = endpoint.notices.at(-1) as Extract<PaymentNotice, { kind: 'paid' }>;
      expect(notice.vendorTradeNo).toMatch(/^42000\d+$/);
      expect(Math.abs(notice.paidAt.getTime() - Date.now())).toBeLessThan(60_000);
    });

    it('reads a public-key-mode notification as paid without downloading certificates', async () => {
      const gateway = keyGateway();
      endpoint.gateways.set('/notify/key', gateway);
      const { outTradeNo } = await createTrade(gateway, '/notify/key', 2990);
      expect(await keyFake.pay(outTradeNo)).toBe(204);
      expect(endpoint.notices.at(-1)).toMatchObject({ kind: 'paid', outTradeNo, amountFen: 2990 });
      expect(keyFake.certificateDownloads).toBe(0);
    });

    it('downloads the certificates again when a notification is signed by a new certificate', async () => {
      const gateway = certGateway();
      endpoint.gateways.set('/notify/rotated', gateway);
      const { outTradeNo } = await createTrade(gateway, '/notify/rotated');
      const before = certFake.certificateDownloads;
      const newSerial = certFake.rotateCertificate();
      const { headers, body } = certFake.notification(outTradeNo);
      expect(headers['wechatpay-serial']).toBe(newSerial);
      expect(await gateway.readNotify({ headers, body })).toMatchObject({ kind: 'paid', outTradeNo });
      expect(certFake.certificateDownloads).toBe(before + 1);
    });

    it('accepts notifications signed by a platform certificate whose serial starts with 0', async () => {
      const gateway = certGateway();
      endpoint.gateways.set('/notify/zero', gateway);
      const { outTradeNo } = await createTrade(gateway, '/notify/zero');
      const zeroSerial = certFake.rotateCertificate({ leadingZero: true });
      expect(zeroSerial).toMatch(/^0/);
      const { headers, body } = certFake.notification(outTradeNo);
      expect(headers['wechatpay-serial']).toBe(zeroSerial);
      expect(await gateway.readNotify({ headers, body })).toMatchObject({ kind: 'paid', outTradeNo });
      // And through the notify route, as WeChat Pay posts it.
      expect(await certFake.pay(outTradeNo)).toBe(204);
    });

    it('re-downloads once for an unknown serial, then calls the notification forged', async () => {
      const gateway = certGateway();
      const { outTradeNo } = await createTrade(gateway);
      const before = certFake.certificateDownloads;
      const notice = await gateway.readNotify(
        certFake.notification(outTradeNo, { serial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1' }),
      );
      expect(notice).toMatchObject({ kind: 'forged', reason: expect.stringContaining('unknown Wechatpay-Serial') });
      expect(certFake.certificateDownloads).toBe(before + 1);
      // Another invented serial right after does not make us call WeChat Pay again.
      const again = await gateway.readNotify(certFake.notification(outTradeNo, { serial: '50062CE505775F070CAB06E6' }));
      expect(again.kind).toBe('forged');
      expect(certFake.certificateDownloads).toBe(before + 1);
    });

    it('calls a notification with a changed ciphertext or tag forged', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      for (const tamper of ['ciphertext', 'tag'] as const) {
        const notice = await gateway.readNotify(keyFake.notification(outTradeNo, { tamper }));
        expect(notice).toMatchObject({ kind: 'forged', reason: expect.stringContaining('decrypt') });
      }
      const otherKey = await gateway.readNotify(
        keyFake.notification(outTradeNo, { apiV3Key: 'AnotherMerchantsApiV3KeyOf32Byte' }),
      );
      expect(otherKey.kind).toBe('forged');
    });

    it('calls a notification whose body changed under the signature forged', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      const notice = await gateway.readNotify(keyFake.notification(outTradeNo, { tamper: 'body' }));
      expect(notice).toEqual({ kind: 'forged', reason: 'signature does not verify' });
    });

    it('calls a notification for another merchant or app forged', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      const otherMch = await gateway.readNotify(
        keyFake.notification(outTradeNo, { resource: { mchid: '1230000109' } }),
      );
      expect(otherMch).toMatchObject({ kind: 'forged', reason: expect.stringContaining('mchid') });
      const otherApp = await gateway.readNotify(
        keyFake.notification(outTradeNo, { resource: { appid: 'wx8888888888888888' } }),
      );
      expect(otherApp).toMatchObject({ kind: 'forged', reason: expect.stringContaining('appid') });
    });

    it('calls a notification signed more than five minutes ago forged', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      const old = Math.floor(Date.now() / 1000) - 6 * 60;
      const notice = await gateway.readNotify(keyFake.notification(outTradeNo, { timestamp: old }));
      expect(notice).toMatchObject({ kind: 'forged', reason: expect.stringContaining('5 minutes') });
    });

    it('ignores authentic notices that are not a successful payment', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      const closed = await gateway.readNotify(
        keyFake.notification(outTradeNo, { resource: { trade_state: 'CLOSED', trade_state_desc: '已关闭' } }),
      );
      expect(closed).toMatchObject({ kind: 'ignored', outTradeNo, reason: 'trade_state CLOSED' });
      const other = await gateway.readNotify(keyFake.notification(outTradeNo, { eventType: 'TRANSACTION.CLOSED' }));
      expect(other).toMatchObject({ kind: 'ignored', reason: 'event_type TRANSACTION.CLOSED' });
    });

    it('never throws on malformed input and calls it forged', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      const inputs = [
        { headers: {}, body: '{not json' },
        {
          headers: {
            'wechatpay-timestamp': 'yesterday',
            'wechatpay-nonce': 'x',
            'wechatpay-signature': 'x',
            'wechatpay-serial': 'x',
          },
          body: '',
        },
        keyFake.notification(outTradeNo, { rawBody: '{"event_type":"TRANSACTION.SUCCESS",' }),
        keyFake.notification(outTradeNo, { rawBody: 'null' }),
        keyFake.notification(outTradeNo, { rawBody: '{"event_type":"TRANSACTION.SUCCESS","resource":42}' }),
      ];
      for (const input of inputs) {
        const notice = await gateway.readNotify(input);
        expect(notice.kind).toBe('forged');
      }
    });

    it('calls a notification forged when the certificates cannot be downloaded', async () => {
      const gateway = certGateway({
        fetch: () => Promise.reject(new Error('connect ECONNREFUSED')),
      });
      const { outTradeNo } = await createTrade(certGateway());
      const notice = await gateway.readNotify(certFake.notification(outTradeNo));
      expect(notice).toEqual({ kind: 'forged', reason: 'platform certificates unavailable' });
    });

    it('answers 204 without a body when handled and 500 with code FAIL otherwise', () => {
      const gateway = keyGateway();
      expect(gateway.notifyAnswer(true)).toMatchObject({ status: 204, body: '' });
      const failed = gateway.notifyAnswer(false);
      expect(failed.status).toBe(500);
      expect(failed.contentType).toContain('application/json');
      expect(JSON.parse(failed.body)).toEqual({ code: 'FAIL', message: '失败' });
    });
  });

  describe('querying and closing trades', () => {
    it('maps every trade_state WeChat Pay reports', async () => {
      const gateway = certGateway();
      const { outTradeNo } = await createTrade(gateway, '/notify/wechat', 4990);
      expect(await gateway.queryTrade(outTradeNo)).toEqual({ state: 'pending' });
      const expected: Array<[string, string]> = [
        ['USERPAYING', 'pending'],
        ['PAYERROR', 'closed'],
        ['REVOKED', 'closed'],
        ['CLOSED', 'closed'],
        ['REFUND', 'refunded'],
      ];
      for (const [tradeState, state] of expected) {
        certFake.setTradeState(outTradeNo, tradeState);
        expect(await gateway.queryTrade(outTradeNo)).toEqual({ state });
      }
      certFake.setTradeState(outTradeNo, 'SUCCESS');
      const paid = await gateway.queryTrade(outTradeNo);
      expect(paid).toMatchObject({ state: 'paid', amountFen: 4990, vendorTradeNo: expect.stringMatching(/^42000/) });
      expect((paid as { paidAt: Date }).paidAt).toBeInstanceOf(Date);
    });

    it('reads a trade paid in public-key mode', async () => {
      const gateway = keyGateway();
      endpoint.gateways.set('/notify/key-query', gateway);
      const { outTradeNo } = await createTrade(gateway, '/notify/key-query', 1990);
      await keyFake.pay(outTradeNo);
      expect(await gateway.queryTrade(outTradeNo)).toMatchObject({ state: 'paid', amountFen: 1990 });
    });

    it('answers not_exist for a trade WeChat Pay never saw', async () => {
      expect(await certGateway().queryTrade(newTradeNo())).toEqual({ state: 'not_exist' });
    });

    it('refuses a query answer with a bad signature', async () => {
      const gateway = certGateway();
      const { outTradeNo } = await createTrade(gateway);
      certFake.tamperNextAnswer = 'signature';
      await expect(gateway.queryTrade(outTradeNo)).rejects.toMatchObject({ vendorCode: 'RESPONSE_SIGNATURE_INVALID' });
    });

    it('closes an unpaid trade so a late scan cannot pay it', async () => {
      const gateway = certGateway();
      const { outTradeNo } = await createTrade(gateway);
      await gateway.closeTrade(outTradeNo);
      expect(await gateway.queryTrade(outTradeNo)).toEqual({ state: 'closed' });
    });

    it('counts closing a trade WeChat Pay never saw as closed', async () => {
      await expect(keyGateway().closeTrade(newTradeNo())).resolves.toBeUndefined();
    });

    it('throws ORDER_PAID when closing a paid trade', async () => {
      const gateway = keyGateway();
      const { outTradeNo } = await createTrade(gateway);
      keyFake.setTradeState(outTradeNo, 'SUCCESS');
      const failure = await gateway.closeTrade(outTradeNo).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PaymentVendorError);
      expect(failure).toMatchObject({ vendorCode: 'ORDER_PAID' });
    });
  });
  describe('refunds', () => {
    /** A trade paid at the fake, its transaction id and the refund to ask for (notified at /notify/refund). */
    async function paidForRefund(fake: FakeWechatPay, gateway: PaymentGateway & RefundGateway, amountFen = 9900) {
      const { outTradeNo } = await createTrade(gateway, '/notify/refund', amountFen);
      fake.setTradeState(outTradeNo, 'SUCCESS');
      const paid = await gateway.queryTrade(outTradeNo);
      const vendorTradeNo = paid.state === 'paid' ? paid.vendorTradeNo : '';
      const refund = refundsOf({
        outTradeNo,
        vendorTradeNo,
        totalFen: amountFen,
        notifyUrl: `${endpoint.url}/notify/refund`,
      });
      return { outTradeNo, vendorTradeNo, refund };
    }
    const refundNo = () => `RF${newTradeNo()}`;

    it('asks 退款申请 for the amounts in fen under our out_refund_no, signed, and reads PROCESSING', async () => {
      const gateway = keyGateway();
      const trade = await paidForRefund(keyFake, gateway, 9900);
      const outRefundNo = refundNo();
      const state = await gateway.refund(trade.refund(outRefundNo, 4950));

      const made = keyFake.refunds.refunds.get(outRefundNo)!;
      expect(state).toEqual({ state: 'processing', vendorRefundId: made.refundId });
      // The fake checks the merchant's Authorization over the body: the call got through it signed.
      const sent = keyFake.requests.at(-1)!;
      expect(sent).toMatchObject({ method: 'POST', path: '/v3/refund/domestic/refunds' });
      expect(JSON.parse(sent.body)).toEqual({
        transaction_id: trade.vendorTradeNo,
        out_refund_no: outRefundNo,
        reason: '重复支付退款',
        notify_url: `${endpoint.url}/notify/refund`,
        amount: { refund: 4950, total: 9900, currency: 'CNY' },
      });
    });

    it('reads SUCCESS with its refund id and time, and refunds once however often the same refund is asked', async () => {
      const gateway = certGateway();
      const trade = await paidForRefund(certFake, gateway);
      const outRefundNo = refundNo();
      certFake.refunds.instantSuccess = true;
      try {
        const first = await gateway.refund(trade.refund(outRefundNo));
        const again = await gateway.refund(trade.refund(outRefundNo));
        const made = certFake.refunds.refunds.get(outRefundNo)!;
        const expected = { state: 'success', vendorRefundId: made.refundId, refundedAt: new Date(made.successTime!) };
        expect(first).toEqual(expected);
        expect(again).toEqual(expected);
        expect([...certFake.refunds.refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo)).toHaveLength(1);
      } finally {
        certFake.refunds.instantSuccess = false;
      }
      expect(await gateway.queryTrade(trade.outTradeNo)).toEqual({ state: 'refunded' });
    });

    it('answers failed with WeChat Pay’s words for more than what is left, an unknown trade, or NOT_ENOUGH', async () => {
      const gateway = keyGateway();
      const trade = await paidForRefund(keyFake, gateway, 1000);
      expect((await gateway.refund(trade.refund(refundNo(), 600))).state).toBe('processing');
      expect(await gateway.refund(trade.refund(refundNo(), 401))).toEqual({
        state: 'failed',
        reason: '申请退款金额超过订单可退金额 (INVALID_REQUEST)',
      });
      const unknown = { ...trade.refund(refundNo()), vendorTradeNo: '4200000000000000000000000000' };
      expect(await gateway.refund(unknown)).toEqual({ state: 'failed', reason: '订单不存在 (RESOURCE_NOT_EXISTS)' });
      keyFake.refunds.failNext(403, 'NOT_ENOUGH', '基本账户余额不足，请充值后重新发起');
      expect(await gateway.refund(trade.refund(refundNo(), 400))).toEqual({
        state: 'failed',
        reason: '基本账户余额不足，请充值后重新发起 (NOT_ENOUGH)',
      });
    });

    it('throws on SYSTEM_ERROR, FREQUENCY_LIMITED and no answer, so the same refund is asked again and made once', async () => {
      const gateway = keyGateway();
      const trade = await paidForRefund(keyFake, gateway);
      const outRefundNo = refundNo();
      keyFake.refunds.failNext(500, 'SYSTEM_ERROR', '系统超时');
      await expect(gateway.refund(trade.refund(outRefundNo))).rejects.toMatchObject({ vendorCode: 'SYSTEM_ERROR' });
      keyFake.refunds.failNext(429, 'FREQUENCY_LIMITED', '频率限制');
      await expect(gateway.refund(trade.refund(outRefundNo))).rejects.toMatchObject({
        vendorCode: 'FREQUENCY_LIMITED',
      });
      const offline = keyGateway({ fetch: () => Promise.reject(new Error('connect ECONNREFUSED')) });
      await expect(offline.refund(trade.refund(outRefundNo))).rejects.toBeInstanceOf(PaymentVendorError);
      expect(keyFake.refunds.refunds.has(outRefundNo)).toBe(false);
      expect((await gateway.refund(trade.refund(outRefundNo))).state).toBe('processing');
      expect((await gateway.refund(trade.refund(outRefundNo))).state).toBe('processing');
      expect([...keyFake.refunds.refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo)).toHaveLength(1);
    });

    it('cuts a reason longer than the 80 characters WeChat Pay takes, and the refund goes through', async () => {
      const gateway = keyGateway();
      const trade = await paidForRefund(keyFake, gateway);
      const reason = `用户重复支付😀${'原路退回'.repeat(30)}`;
      const state = await gateway.refund({ ...trade.refund(refundNo()), reason });
      expect(state.state).toBe('processing');
      const sent = JSON.parse(keyFake.requests.at(-1)!.body) as { reason: string };
      expect([...sent.reason]).toHaveLength(80);
      expect(reason.startsWith(sent.reason)).toBe(true);
    });

    it('refuses a refund answer whose signature does not verify', async () => {
      const gateway = keyGateway();
      const trade = await paidForRefund(keyFake, gateway);
      keyFake.tamperNextAnswer = 'signature';
      await expect(gateway.refund(trade.refund(refundNo()))).rejects.toMatchObject({
        vendorCode: 'RESPONSE_SIGNATURE_INVALID',
      });
    });

    it('queries a refund: not_exist before, processing, then success once settled, failed once closed', async () => {
      const gateway = certGateway();
      const trade = await paidForRefund(certFake, gateway, 3000);
      const outRefundNo = refundNo();
      const query = (no = outRefundNo) => gateway.queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo: no });
      expect(await query()).toEqual({ state: 'not_exist' });
      expect(certFake.requests.at(-1)?.path).toBe(`/v3/refund/domestic/refunds/${outRefundNo}`);
      await gateway.refund(trade.refund(outRefundNo, 1000));
      expect(await query()).toMatchObject({ state: 'processing' });
      endpoint.gateways.set('/notify/refund', gateway);
      expect(await certFake.refunds.settle(outRefundNo)).toBe(204);
      expect(await query()).toMatchObject({ state: 'success', refundedAt: expect.any(Date) });
      const closed = refundNo();
      await gateway.refund(trade.refund(closed, 1000));
      expect(await certFake.refunds.settle(closed, 'CLOSED')).toBe(204);
      expect(await query(closed)).toEqual({ state: 'failed', reason: '退款关闭 (CLOSED)' });
    });

    it('reads REFUND.SUCCESS posted to the refund’s notify_url by itself, and ABNORMAL as failed', async () => {
      const gateway = keyGateway();
      endpoint.gateways.set('/notify/refund', gateway);
      const trade = await paidForRefund(keyFake, gateway, 2500);
      const outRefundNo = refundNo();
      keyFake.refunds.autoNotify = true;
      try {
        await gateway.refund(trade.refund(outRefundNo, 2000));
        expect(await keyFake.refunds.settled()).toContain(204);
      } finally {
        keyFake.refunds.autoNotify = false;
      }
      const made = keyFake.refunds.refunds.get(outRefundNo)!;
      expect(endpoint.notices.at(-1)).toEqual({
        kind: 'refund',
        outTradeNo: trade.outTradeNo,
        outRefundNo,
        status: 'success',
        amountFen: 2000,
        vendorRefundId: made.refundId,
        refundedAt: new Date(made.successTime!),
      });
      const abnormal = refundNo();
      await gateway.refund(trade.refund(abnormal, 500));
      expect(await keyFake.refunds.settle(abnormal, 'ABNORMAL')).toBe(204);
      expect(endpoint.notices.at(-1)).toMatchObject({
        kind: 'refund',
        outRefundNo: abnormal,
        status: 'failed',
        amountFen: 500,
        refundedAt: null,
        reason: expect.stringContaining('ABNORMAL'),
      });
    });

    it('calls a refund notification with a changed body or another merchant’s refund forged', async () => {
      const gateway = certGateway();
      const trade = await paidForRefund(certFake, gateway);
      const outRefundNo = refundNo();
      await gateway.refund(trade.refund(outRefundNo));
      // Not settled yet: a notification saying PROCESSING settles nothing.
      expect(await gateway.readNotify(certFake.refunds.notification(outRefundNo))).toMatchObject({
        kind: 'ignored',
        reason: 'refund_status PROCESSING',
      });
      const settled = certFake.refunds.notification(outRefundNo, { resource: { refund_status: 'SUCCESS' } });
      expect(await gateway.readNotify(settled)).toMatchObject({ kind: 'refund', status: 'success', outRefundNo });
      expect(await gateway.readNotify(certFake.refunds.notification(outRefundNo, { tamper: 'body' }))).toEqual({
        kind: 'forged',
        reason: 'signature does not verify',
      });
      const otherMch = certFake.refunds.notification(outRefundNo, { resource: { mchid: '1230000109' } });
      expect(await gateway.readNotify(otherMch)).toMatchObject({
        kind: 'forged',
        reason: expect.stringContaining('mchid'),
      });
    });
  });
});
