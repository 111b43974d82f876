import { createPrivateKey, createPublicKey, createVerify } from 'node:crypto';
import { createServer } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaPemPair } from '../../testing/keys';
import { closeServer, listenLocally, readBody } from '../fake-server';
import { type AlipayOptions, createAlipayGateway, parseShanghaiDateTime, shanghaiDateTime } from './alipay';
import { notifyCheckContent, rawJsonMember, requestSignContent, rsa2Sign } from './alipay-sign';
import { type FakeAlipay, type FakeAlipayFailure, startFakeAlipay } from './fake-alipay-server';
import {
  type PaymentGateway,
  type PaymentNotice,
  PaymentVendorError,
  type RecurringGateway,
  type RefundGateway,
} from './index';
import { refundsOf } from './refunds.testing';

// Two pairs, as in production: the app's own, and Alipay's (whose public key the app is given).
const appKeys = rsaPemPair();
const alipayKeys = rsaPemPair();
const appId = '2021004100000001';
const sellerId = '2088102146225135';

let sequence = 0;
const orderNo = () => `DSO${Date.now()}${String(sequence++).padStart(3, '0')}`;

function pemBody(text: string): string {
  return text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
}

/** Receives notifications as our route would: reads them through the adapter, answers as it says. */
async function startReceiver(gateway: () => PaymentGateway) {
  const notices: PaymentNotice[] = [];
  const server = createServer(async (request, response) => {
    const notice = await gateway().readNotify({
      headers: { 'content-type': request.headers['content-type'] },
      body: (await readBody(request)).toString('utf8'),
    });
    notices.push(notice);
    const answer = gateway().notifyAnswer(notice.kind !== 'forged');
    response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  });
  return {
    url: `${await listenLocally(server)}/api/pay/notify/alipay`,
    notices,
    close: () => closeServer(server),
  };
}

describe('the Alipay signing rules', () => {
  it('signs a request over its parameters sorted by name, without sign and without empty values', () => {
    const content = requestSignContent({
      method: 'alipay.trade.query',
      app_id: '2014072300007148',
      sign: 'ignored',
      notify_url: '',
      biz_content: '{"out_trade_no":"20150320010101001"}',
      charset: 'utf-8',
      sign_type: 'RSA2',
    });
    expect(content).toBe(
      'app_id=2014072300007148&biz_content={"out_trade_no":"20150320010101001"}&charset=utf-8' +
        '&method=alipay.trade.query&sign_type=RSA2',
    );
    const signature = rsa2Sign(content, createPrivateKey(appKeys.privateKey));
    expect(createVerify('RSA-SHA256').update(content).verify(appKeys.publicKey, signature, 'base64')).toBe(true);
  });

  it('checks a notification over all parameters but sign and sign_type, empty values kept', () => {
    expect(
      notifyCheckContent({ trade_status: 'TRADE_SUCCESS', sign_type: 'RSA2', sign: 'x', body: '', app_id: '1' }),
    ).toBe('app_id=1&body=&trade_status=TRADE_SUCCESS');
  });

  it('cuts the response node out of the raw text as it arrived', () => {
    const body =
      '{"nested":{"alipay_trade_query_response":{"code":"0"}},' +
      '"alipay_trade_query_response" : {"qr":"https:\\/\\/qr.alipay.com","note":"a } \\" {","list":[{"a":1}]},"sign":"s"}';
    expect(rawJsonMember(body, 'alipay_trade_query_response')).toBe(
      '{"qr":"https:\\/\\/qr.alipay.com","note":"a } \\" {","list":[{"a":1}]}',
    );
    expect(rawJsonMember(body, 'sign')).toBe('"s"');
    expect(rawJsonMember('{"a_response":{"code":"1"', 'a_response')).toBeNull();
    expect(rawJsonMember('not json', 'a_response')).toBeNull();
  });

  it('writes and reads Alipay times in Asia/Shanghai', () => {
    expect(shanghaiDateTime(new Date('2025-03-01T16:30:05.900Z'))).toBe('2025-03-02 00:30:05');
    expect(parseShanghaiDateTime('2025-03-02 00:30:05')?.toISOString()).toBe('2025-03-01T16:30:05.000Z');
    expect(parseShanghaiDateTime('2025-03-02T00:30:05')).toBeNull();
  });
});

describe('the Alipay adapter against a fake Alipay gateway', () => {
  let fake: FakeAlipay;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const alipay = (overrides: Partial<AlipayOptions> = {}): PaymentGateway & RecurringGateway & RefundGateway =>
    createAlipayGateway({
      appId,
      privateKey: appKeys.privateKey,
      alipayPublicKey: alipayKeys.publicKey,
      sellerId,
      gateway: fake.url,
      log: pino({ level: 'silent' }),
      ...overrides,
    });
  const request = (outTradeNo: string, amountFen = 1234) => ({
    outTradeNo,
    amountFen,
    subject: 'DSO 个人版 12个月',
    expiresAt: new Date(Date.now() + 900_000),
    notifyUrl: receiver.url,
  });
  /** A trade created, paid at the fake, and its notification body (signed as Alipay would). */
  async function paidTrade(overrides: Record<string, string | undefined> = {}) {
    const outTradeNo = orderNo();
    await alipay().createQr(request(outTradeNo));
    await fake.pay(outTradeNo);
    return { outTradeNo, body: fake.notification(outTradeNo, overrides) };
  }
  const read = (body: string) => alipay().readNotify({ headers: {}, body });

  beforeAll(async () => {
    fake = await startFakeAlipay({
      appId,
      appPublicKey: appKeys.publicKey,
      alipayPrivateKey: alipayKeys.privateKey,
      sellerId,
    });
    receiver = await startReceiver(() => alipay());
  });
  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  describe('calls', () => {
    it('sends the common parameters signed so that the signature recomputes from what arrived', async () => {
      const sent: Array<{ url: string; body: string; contentType: string }> = [];
      const outTradeNo = orderNo();
      await alipay({
        now: () => new Date('2025-06-30T16:00:01Z'),
        fetch: (url, init) => {
          sent.push({
            url,
            body: String(init?.body),
            contentType: new Headers(init?.headers).get('content-type') ?? '',
          });
          return fetch(url, init);
        },
      }).createQr(request(outTradeNo));

      expect(sent).toHaveLength(1);
      expect(sent[0]!.contentType).toBe('application/x-www-form-urlencoded;charset=utf-8');
      const params = new Map([...new URL(sent[0]!.url).searchParams, ...new URLSearchParams(sent[0]!.body)]);
      expect(Object.fromEntries(params)).toMatchObject({
        app_id: appId,
        method: 'alipay.trade.precreate',
        format: 'JSON',
        charset: 'utf-8',
        sign_type: 'RSA2',
        version: '1.0',
        timestamp: '2025-07-01 00:00:01',
        notify_url: receiver.url,
      });
      const content = [...params]
        .filter(([name, value]) => name !== 'sign' && value !== '')
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([name, value]) => `${name}=${value}`)
        .join('&');
      const verified = createVerify('RSA-SHA256')
        .update(content, 'utf8')
        .verify(appKeys.publicKey, params.get('sign')!, 'base64');
      expect(verified).toBe(true);
      expect(fake.calls.at(-1)?.biz_content).toContain(outTradeNo);
    });

    it('creates a 当面付 QR for the amount in yuan that lapses at the expiry in Asia/Shanghai', async () => {
      const outTradeNo = orderNo();
      const qr = await alipay().createQr({ ...request(outTradeNo), expiresAt: new Date('2025-03-01T16:30:00Z') });

      const trade = fake.trades.get(outTradeNo)!;
      expect(qr.qrText).toBe(trade.qrCode);
      expect(qr.qrText).toMatch(/^https:\/\/qr\.alipay\.com\/bax0/);
      expect(trade.bizContent).toMatchObject({
        out_trade_no: outTradeNo,
        total_amount: '12.34',
        subject: 'DSO 个人版 12个月',
        time_expire: '2025-03-02 00:30:00',
      });
      expect(trade.notifyUrl).toBe(receiver.url);
    });

    it('accepts the app key as PKCS#1 PEM or a bare base64 body, and Alipay’s key as a bare body', async () => {
      const pkcs1 = createPrivateKey(appKeys.privateKey).export({ type: 'pkcs1', format: 'pem' }).toString();
      const bareAlipay = pemBody(alipayKeys.publicKey);
      for (const privateKey of [pkcs1, pemBody(appKeys.privateKey), pemBody(pkcs1)]) {
        const qr = await alipay({ privateKey, alipayPublicKey: bareAlipay }).createQr(request(orderNo()));
        expect(qr.qrText).toMatch(/^https:\/\/qr\.alipay\.com\//);
      }
      expect(createPublicKey(appKeys.publicKey).asymmetricKeyType).toBe('rsa');
    });

    it('reports Alipay’s isv.invalid-signature when the app signs with a key Alipay does not know', async () => {
      const call = alipay({ privateKey: alipayKeys.privateKey }).createQr(request(orderNo()));
      await expect(call).rejects.toMatchObject({ name: 'PaymentVendorError', vendorCode: 'isv.invalid-signature' });
    });

    it('refuses a response whose node was altered after Alipay signed it', async () => {
      const tampering = alipay({
        fetch: async (url, init) => {
          const response = await fetch(url, init);
          const text = (await response.text()).replace('qr.alipay.com', 'qr.evil.example');
          return new Response(text, { status: response.status });
        },
      });
      await expect(tampering.createQr(request(orderNo()))).rejects.toMatchObject({ vendorCode: 'SIGN_INVALID' });
    });

    it('refuses a response signed with another key than Alipay’s', async () => {
      const call = alipay({ alipayPublicKey: appKeys.publicKey }).createQr(request(orderNo()));
      await expect(call).rejects.toMatchObject({ vendorCode: 'SIGN_INVALID' });
    });

    it('refuses a successful response that carries no signature', async () => {
      const stripping = alipay({
        fetch: async (url, init) => {
          const text = (await (await fetch(url, init)).text()).replace(/,"sign":"[^"]*"/, '');
          return new Response(text);
        },
      });
      await expect(stripping.createQr(request(orderNo()))).rejects.toMatchObject({ vendorCode: 'SIGN_INVALID' });
    });

    it('refuses an unsigned business answer such as ACQ.TRADE_NOT_EXIST', async () => {
      const stripping = alipay({
        fetch: async (url, init) => {
          const text = (await (await fetch(url, init)).text()).replace(/,"sign":"[^"]*"/, '');
          return new Response(text);
        },
      });
      await expect(stripping.queryTrade(orderNo())).rejects.toMatchObject({ vendorCode: 'SIGN_INVALID' });
      await expect(alipay().queryTrade(orderNo())).resolves.toEqual({ state: 'not_exist' });
    });

    it('reports a protocol refusal that Alipay could not sign, such as an unknown app id', async () => {
      const call = alipay({ appId: '2021009999999999' }).createQr(request(orderNo()));
      await expect(call).rejects.toMatchObject({ vendorCode: 'isv.invalid-app-id' });
    });

    it('throws Alipay’s sub_code when it refuses to create the trade', async () => {
      const { outTradeNo } = await paidTrade();
      const call = alipay().createQr(request(outTradeNo));
      await expect(call).rejects.toBeInstanceOf(PaymentVendorError);
      await expect(call).rejects.toMatchObject({ vendorCode: 'ACQ.TRADE_HAS_SUCCESS', vendorMessage: '交易已被支付' });
    });
  });

  describe('notifications', () => {
    it('reads a genuine TRADE_SUCCESS notification as paid, with the amount in fen', async () => {
      const outTradeNo = orderNo();
      await alipay().createQr(request(outTradeNo, 1234));
      expect(await fake.pay(outTradeNo)).toBe('success');

      const trade = fake.trades.get(outTradeNo)!;
      expect(receiver.notices.at(-1)).toEqual({
        kind: 'paid',
        outTradeNo,
        amountFen: 1234,
        vendorTradeNo: trade.tradeNo,
        paidAt: new Date(Math.floor(trade.gmtPayment!.getTime() / 1000) * 1000),
      });
    });

    it('reads TRADE_FINISHED as paid too', async () => {
      const { outTradeNo, body } = await paidTrade({ trade_status: 'TRADE_FINISHED' });
      expect(await read(body)).toMatchObject({ kind: 'paid', outTradeNo, amountFen: 1234 });
    });

    it('reports the agreement of a 支付并签约 payment when the notification carries it', async () => {
      const { body } = await paidTrade({ agreement_no: '20215919764488921116' });
      expect(await read(body)).toMatchObject({ kind: 'paid', agreementNo: '20215919764488921116' });
    });

    it('ignores WAIT_BUYER_PAY, TRADE_CLOSED and a refund notice without out_biz_no', async () => {
      const waiting = await paidTrade({ trade_status: 'WAIT_BUYER_PAY', gmt_payment: undefined });
      expect(await read(waiting.body)).toMatchObject({ kind: 'ignored', outTradeNo: waiting.outTradeNo });
      const closed = await paidTrade({ trade_status: 'TRADE_CLOSED' });
      expect(await read(closed.body)).toMatchObject({ kind: 'ignored', outTradeNo: closed.outTradeNo });
      const refund = await paidTrade({ refund_fee: '1.00', gmt_refund: '2025-03-02 10:00:00.000' });
      expect(await read(refund.body)).toMatchObject({ kind: 'ignored', reason: expect.stringContaining('refund') });
    });

    it('takes a notification whose total_amount was changed after signing as forged', async () => {
      const { body } = await paidTrade();
      expect(body).toContain('total_amount=12.34');
      expect(await read(body.replace('total_amount=12.34', 'total_amount=0.01'))).toMatchObject({ kind: 'forged' });
    });

    it('takes a signed notification for another app_id or another seller_id as forged', async () => {
      const otherApp = await paidTrade({ app_id: '2021009999999999' });
      expect(await read(otherApp.body)).toMatchObject({ kind: 'forged', reason: expect.stringContaining('app_id') });
      const otherSeller = await paidTrade({ seller_id: '2088000000000001' });
      expect(await read(otherSeller.body)).toMatchObject({
        kind: 'forged',
        reason: expect.stringContaining('seller_id'),
      });
    });

    it('takes a notification without sign, or with a malformed amount, as forged', async () => {
      const { body } = await paidTrade();
      const unsigned = new URLSearchParams(body);
      unsigned.delete('sign');
      expect(await read(unsigned.toString())).toEqual({ kind: 'forged', reason: 'no sign' });
      const malformed = await paidTrade({ total_amount: '12.345' });
      expect(await read(malformed.body)).toMatchObject({ kind: 'forged', reason: expect.stringContaining('amount') });
    });

    it('never throws on a malformed body', async () => {
      for (const body of ['', '%%%', 'sign=abc', 'sign=%E0%A4%A&sign_type=RSA2', '\u0000\uffff', '{"json":true}']) {
        await expect(read(body)).resolves.toMatchObject({ kind: 'forged' });
      }
    });

    it('answers success to a handled notification and fail to make Alipay retry', () => {
      const gateway = alipay();
      expect(gateway.notifyAnswer(true)).toEqual({
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: 'success',
      });
      expect(gateway.notifyAnswer(false)).toMatchObject({ status: 200, body: 'fail' });
    });
  });

  describe('query and close', () => {
    it('follows a trade from never scanned (not_exist) to scanned (pending) to paid', async () => {
      const gateway = alipay();
      const outTradeNo = orderNo();
      await gateway.createQr(request(outTradeNo, 990));
      expect(await gateway.queryTrade(outTradeNo)).toEqual({ state: 'not_exist' });
      fake.scan(outTradeNo);
      expect(await gateway.queryTrade(outTradeNo)).toEqual({ state: 'pending' });
      await fake.pay(outTradeNo);
      const trade = fake.trades.get(outTradeNo)!;
      expect(await gateway.queryTrade(outTradeNo)).toEqual({
        state: 'paid',
        amountFen: 990,
        vendorTradeNo: trade.tradeNo,
        paidAt: new Date(Math.floor(trade.gmtPayment!.getTime() / 1000) * 1000),
      });
    });

    it('closes a scanned unpaid trade, which then queries as closed', async () => {
      const gateway = alipay();
      const outTradeNo = orderNo();
      await gateway.createQr(request(outTradeNo));
      fake.scan(outTradeNo);
      await gateway.closeTrade(outTradeNo);
      expect(fake.trades.get(outTradeNo)?.status).toBe('TRADE_CLOSED');
      expect(await gateway.queryTrade(outTradeNo)).toEqual({ state: 'closed' });
    });

    it('counts closing a trade whose QR was never scanned as done', async () => {
      const outTradeNo = orderNo();
      await alipay().createQr(request(outTradeNo));
      await expect(alipay().closeTrade(outTradeNo)).resolves.toBeUndefined();
      expect(fake.calls.at(-1)?.method).toBe('alipay.trade.close');
    });

    it('throws when a close fails for another reason', async () => {
      const outTradeNo = orderNo();
      await alipay().createQr(request(outTradeNo));
      fake.failNext('alipay.trade.close', {
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'ACQ.SYSTEM_ERROR',
        sub_msg: '系统错误',
      });
      await expect(alipay().closeTrade(outTradeNo)).rejects.toMatchObject({ vendorCode: 'ACQ.SYSTEM_ERROR' });
      const paid = await paidTrade();
      await expect(alipay().closeTrade(paid.outTradeNo)).rejects.toMatchObject({
        vendorCode: 'ACQ.TRADE_STATUS_ERROR',
      });
    });

    it('throws when a query fails for another reason than an unknown trade', async () => {
      fake.failNext('alipay.trade.query', { code: '40004', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: '参数无效' });
      await expect(alipay().queryTrade(orderNo())).rejects.toMatchObject({ vendorCode: 'ACQ.INVALID_PARAMETER' });
    });
  });

  describe('周期扣款', () => {
    const signingRequest = (outTradeNo: string, externalAgreementNo: string) => ({
      ...request(outTradeNo, 1990),
      subject: 'DSO 个人版 连续包月',
      externalAgreementNo,
      periodDays: 30,
      cycleAmountFen: 2990,
      firstChargeDate: '2025-04-01',
    });
    /** Pays the signing QR and signs the agreement at the fake; returns the agreement number. */
    async function signedAgreement(): Promise<{ agreementNo: string; externalAgreementNo: string }> {
      const outTradeNo = orderNo();
      const externalAgreementNo = `AGR${outTradeNo}`;
      await alipay().createSigningQr(signingRequest(outTradeNo, externalAgreementNo));
      await fake.pay(outTradeNo);
      await fake.signAgreement(externalAgreementNo);
      return { agreementNo: fake.agreements.get(externalAgreementNo)!.agreementNo, externalAgreementNo };
    }
    const charge = (agreementNo: string, amountFen = 2990) => {
      const outTradeNo = orderNo();
      return {
        outTradeNo,
        result: alipay().chargeAgreement({
          agreementNo,
          outTradeNo,
          amountFen,
          subject: 'DSO 个人版 连续包月',
          notifyUrl: receiver.url,
        }),
      };
    };

    it('creates a pay-and-sign QR carrying the agreement and its period rule', async () => {
      const outTradeNo = orderNo();
      const qr = await alipay().createSigningQr(signingRequest(outTradeNo, `AGR${outTradeNo}`));

      const trade = fake.trades.get(outTradeNo)!;
      expect(qr.qrText).toBe(trade.qrCode);
      expect(trade.bizContent).toMatchObject({
        total_amount: '19.90',
        product_code: 'CYCLE_PAY_AUTH',
        agreement_sign_params: {
          personal_product_code: 'CYCLE_PAY_AUTH_P',
          sign_scene: 'INDUSTRY|DIGITAL_MEDIA',
          external_agreement_no: `AGR${outTradeNo}`,
          access_params: { channel: 'ALIPAYAPP' },
          sign_notify_url: receiver.url,
          period_rule_params: { period_type: 'DAY', period: 30, execute_time: '2025-04-01', single_amount: '29.90' },
        },
      });
    });

    it('reads the first payment as paid and dut_user_sign as the agreement signed', async () => {
      const outTradeNo = orderNo();
      const externalAgreementNo = `AGR${outTradeNo}`;
      await alipay().createSigningQr(signingRequest(outTradeNo, externalAgreementNo));
      expect(await fake.pay(outTradeNo)).toBe('success');
      expect(receiver.notices.at(-1)).toMatchObject({ kind: 'paid', outTradeNo, amountFen: 1990 });

      expect(await fake.signAgreement(externalAgreementNo)).toBe('success');
      const agreementNo = fake.agreements.get(externalAgreementNo)!.agreementNo;
      expect(agreementNo).toMatch(/^\d{20}$/);
      expect(receiver.notices.at(-1)).toEqual({
        kind: 'agreement',
        status: 'signed',
        agreementNo,
        externalAgreementNo,
      });
    });

    it('charges a period on the signed agreement', async () => {
      const { agreementNo } = await signedAgreement();
      const { outTradeNo, result } = charge(agreementNo);
      const state = await result;

      const trade = fake.trades.get(outTradeNo)!;
      expect(state).toEqual({
        state: 'paid',
        amountFen: 2990,
        vendorTradeNo: trade.tradeNo,
        paidAt: new Date(Math.floor(trade.gmtPayment!.getTime() / 1000) * 1000),
      });
      expect(trade.bizContent).toMatchObject({
        product_code: 'CYCLE_PAY_AUTH',
        agreement_params: { agreement_no: agreementNo },
        total_amount: '29.90',
      });
      expect(trade.notifyUrl).toBe(receiver.url);
    });

    it('answers pending while a charge waits for the payer', async () => {
      const { agreementNo } = await signedAgreement();
      fake.holdCharges = true;
      try {
        expect(await charge(agreementNo).result).toEqual({ state: 'pending' });
      } finally {
        fake.holdCharges = false;
      }
    });

    it('ends the agreement on cancel, after which a charge is refused', async () => {
      const { agreementNo, externalAgreementNo } = await signedAgreement();
      await alipay().cancelAgreement(agreementNo);
      expect(fake.agreements.get(externalAgreementNo)?.status).toBe('UNSIGN');
      expect(fake.calls.at(-1)?.biz_content).toContain('"personal_product_code":"CYCLE_PAY_AUTH_P"');

      const { result } = charge(agreementNo);
      await expect(result).rejects.toBeInstanceOf(PaymentVendorError);
      await expect(result).rejects.toMatchObject({ vendorCode: 'ACQ.AGREEMENT_STATUS_NOT_NORMAL' });
    });

    it('refuses to charge an agreement Alipay does not know', async () => {
      await expect(charge('20990000000000000000').result).rejects.toMatchObject({
        vendorCode: 'ACQ.AGREEMENT_NOT_EXIST',
      });
    });

    it('reads dut_user_unsign as the agreement ended', async () => {
      const { agreementNo, externalAgreementNo } = await signedAgreement();
      expect(await fake.unsignByUser(externalAgreementNo)).toBe('success');
      expect(receiver.notices.at(-1)).toEqual({ kind: 'agreement', status: 'ended', agreementNo, externalAgreementNo });
    });
  });
  describe('refunds', () => {
    /** A trade paid at the fake: our order id, Alipay's trade_no and the refund to ask for. */
    async function paidForRefund(amountFen = 1234) {
      const outTradeNo = orderNo();
      await alipay().createQr(request(outTradeNo, amountFen));
      expect(await fake.pay(outTradeNo)).toBe('success');
      const vendorTradeNo = fake.trades.get(outTradeNo)!.tradeNo;
      const refund = refundsOf({ outTradeNo, vendorTradeNo, totalFen: amountFen, notifyUrl: receiver.url });
      return { outTradeNo, vendorTradeNo, refund };
    }
    const refundNo = () => `RF${orderNo()}`;

    it('asks alipay.trade.refund for the amount in yuan under our out_request_no, signed as every call', async () => {
      const trade = await paidForRefund(1205);
      const sent: string[] = [];
      const gateway = alipay({
        fetch: (url, init) => {
          sent.push(url);
          sent.push(String(init?.body));
          return fetch(url, init);
        },
      });
      const outRefundNo = refundNo();
      const state = await gateway.refund(trade.refund(outRefundNo));

      expect(state).toMatchObject({ state: 'success', vendorRefundId: trade.vendorTradeNo });
      const params = new Map([...new URL(sent[0]!).searchParams, ...new URLSearchParams(sent[1]!)]);
      expect(params.get('method')).toBe('alipay.trade.refund');
      expect(JSON.parse(params.get('biz_content')!)).toEqual({
        out_trade_no: trade.outTradeNo,
        trade_no: trade.vendorTradeNo,
        refund_amount: '12.05',
        out_request_no: outRefundNo,
        refund_reason: '重复支付退款',
      });
      // The fake recomputes the app's RSA2 signature: the call got through it only when it holds.
      expect(fake.calls.at(-1)?.method).toBe('alipay.trade.refund');
      expect(fake.refunds.get(`${trade.outTradeNo} ${outRefundNo}`)?.refundFen).toBe(1205);
    });

    it('refunds once however often the same refund is asked, confirming a repeat by the refund query', async () => {
      const trade = await paidForRefund();
      const outRefundNo = refundNo();
      const first = await alipay().refund(trade.refund(outRefundNo));
      const again = await alipay().refund(trade.refund(outRefundNo));

      expect(first.state).toBe('success');
      expect(again).toMatchObject({ state: 'success', vendorRefundId: trade.vendorTradeNo });
      expect(fake.calls.at(-1)?.method).toBe('alipay.trade.fastpay.refund.query');
      expect([...fake.refunds.values()].filter((refund) => refund.outTradeNo === trade.outTradeNo)).toHaveLength(1);
      // The whole amount went back: the trade is closed after its payment.
      expect(await alipay().queryTrade(trade.outTradeNo)).toEqual({ state: 'refunded' });
    });

    it('answers processing when Alipay answers fund_change N and its query does not show the refund yet', async () => {
      const trade = await paidForRefund();
      fake.failNext('alipay.trade.refund', {
        code: '10000',
        msg: 'Success',
        fund_change: 'N',
      } as FakeAlipayFailure);
      expect(await alipay().refund(trade.refund(refundNo()))).toEqual({
        state: 'processing',
        vendorRefundId: trade.vendorTradeNo,
      });
    });

    it('answers failed with Alipay’s words when the refund is more than what is left on the trade', async () => {
      const trade = await paidForRefund(1000);
      expect((await alipay().refund(trade.refund(refundNo(), 700))).state).toBe('success');
      const refused = await alipay().refund(trade.refund(refundNo(), 301));
      expect(refused).toEqual({ state: 'failed', reason: '退款金额无效 (ACQ.REASON_TRADE_REFUND_FEE_ERR)' });
      expect((await alipay().refund(trade.refund(refundNo(), 300))).state).toBe('success');
    });

    it('answers failed for a trade Alipay does not know, and for a repeated refund id with another amount', async () => {
      const trade = await paidForRefund(1000);
      const unknown = {
        ...trade.refund(refundNo()),
        outTradeNo: orderNo(),
        vendorTradeNo: '2099010122001400000000000000',
      };
      expect(await alipay().refund(unknown)).toEqual({ state: 'failed', reason: '交易不存在 (ACQ.TRADE_NOT_EXIST)' });
      const outRefundNo = refundNo();
      expect((await alipay().refund(trade.refund(outRefundNo, 100))).state).toBe('success');
      expect(await alipay().refund(trade.refund(outRefundNo, 200))).toMatchObject({
        state: 'failed',
        reason: expect.stringContaining('ACQ.DISCORDANT_REPEAT_REQUEST'),
      });
    });

    it('throws on ACQ.SYSTEM_ERROR and on 20000 so the same refund is asked again, which then refunds once', async () => {
      const trade = await paidForRefund();
      const outRefundNo = refundNo();
      fake.failNext('alipay.trade.refund', { code: '40004', sub_code: 'ACQ.SYSTEM_ERROR', sub_msg: '系统错误' });
      await expect(alipay().refund(trade.refund(outRefundNo))).rejects.toMatchObject({
        vendorCode: 'ACQ.SYSTEM_ERROR',
      });
      fake.failNext('alipay.trade.refund', {
        code: '20000',
        msg: 'Service Currently Unavailable',
        sub_code: 'isp.unknow-error',
        sub_msg: '系统繁忙',
      });
      await expect(alipay().refund(trade.refund(outRefundNo))).rejects.toBeInstanceOf(PaymentVendorError);
      expect(await alipay().queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo })).toEqual({ state: 'not_exist' });
      expect((await alipay().refund(trade.refund(outRefundNo))).state).toBe('success');
      expect(fake.refunds.get(`${trade.outTradeNo} ${outRefundNo}`)?.refundFen).toBe(1234);
    });

    it('queries a refund: not_exist before it is made, success with its time after', async () => {
      const trade = await paidForRefund();
      const outRefundNo = refundNo();
      const query = () => alipay().queryRefund({ outTradeNo: trade.outTradeNo, outRefundNo });
      expect(await query()).toEqual({ state: 'not_exist' });
      await alipay().refund(trade.refund(outRefundNo));
      const made = fake.refunds.get(`${trade.outTradeNo} ${outRefundNo}`)!;
      expect(await query()).toEqual({
        state: 'success',
        vendorRefundId: trade.vendorTradeNo,
        refundedAt: new Date(Math.floor(made.gmtRefund.getTime() / 1000) * 1000),
      });
      expect(JSON.parse(fake.calls.at(-1)!.biz_content!)).toMatchObject({ out_request_no: outRefundNo });
      expect(await alipay().queryRefund({ outTradeNo: orderNo(), outRefundNo })).toEqual({ state: 'not_exist' });
    });

    it('reads the refund notification Alipay posts to the trade’s notify_url by itself as the refund settled', async () => {
      const trade = await paidForRefund(1500);
      const outRefundNo = refundNo();
      fake.autoNotifyRefunds = true;
      try {
        await alipay().refund(trade.refund(outRefundNo));
        expect(await fake.refundNotificationsSettled()).toContain('success');
      } finally {
        fake.autoNotifyRefunds = false;
      }
      expect(receiver.notices.at(-1)).toEqual({
        kind: 'refund',
        outTradeNo: trade.outTradeNo,
        outRefundNo,
        status: 'success',
        amountFen: 1500,
        vendorRefundId: trade.vendorTradeNo,
        refundedAt: expect.any(Date),
      });
    });

    it('takes a refund notification whose refund_fee was changed after signing as forged', async () => {
      const trade = await paidForRefund();
      const outRefundNo = refundNo();
      await alipay().refund(trade.refund(outRefundNo, 234));
      const genuine = fake.refundNotification(trade.outTradeNo, outRefundNo);
      expect(await read(genuine)).toMatchObject({ kind: 'refund', outRefundNo, amountFen: 234 });
      const tampered = new URLSearchParams(genuine);
      tampered.set('refund_fee', '12.34');
      expect(await read(tampered.toString())).toMatchObject({ kind: 'forged' });
      expect(await fake.notifyRefund(trade.outTradeNo, outRefundNo)).toBe('success');
    });
  });
});
