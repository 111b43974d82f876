import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject, randomInt } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from '../fake-server';
import { createFakeAlipayRefunds, type FakeAlipayRefund } from './fake-alipay-refunds';

/**
 * Test-only: a local stand-in for openapi.alipay.com/gateway.do. It checks calls the way Alipay does
 * (common parameters, the app's RSA2 signature recomputed from what arrived, the app id), keeps trades
 * and 周期扣款 agreements, answers in Alipay's shape `{"<method>_response":{…},"sign":"…"}` signed with
 * its own "Alipay" private key, and sends signed async notifications. Its signing code is written
 * separately from the adapter's so that a shared mistake cannot hide.
 *
 * Like Alipay, a precreated trade only exists once its QR is scanned: before that, query and close
 * answer ACQ.TRADE_NOT_EXIST. Refunds, their query and notification: fake-alipay-refunds.ts.
 *
 * Recipe: a journey's server paying and refunding through this fake (the server runs in the journey's
 * process, so the fake reaches its notify route on localhost):
 *   const appKeys = rsaPemPair(), alipayKeys = rsaPemPair();               // testing/keys.ts
 *   const fake = await startFakeAlipay({ appId: '2021004100000001', appPublicKey: appKeys.publicKey,
 *     alipayPrivateKey: alipayKeys.privateKey, sellerId: '2088102146225135', autoNotifyRefunds: true });
 *   const server = await startJourneyServer({ selfLinked: true, variables: {  // selfLinked: PUBLIC_URL, needed
 *     ALIPAY_PROVIDER: 'alipay', ALIPAY_APP_ID: '2021004100000001', ALIPAY_APP_PRIVATE_KEY: appKeys.privateKey,
 *     ALIPAY_PUBLIC_KEY: alipayKeys.publicKey, ALIPAY_SELLER_ID: '2088102146225135', ALIPAY_GATEWAY: fake.url } });
 * A double payment kept for refund, with the Alipay trade the one to give back: the payer's phone opens
 * the order's Alipay QR page (`fetch(server.url + OrderPath.alipayPage + '?orderId=' + id, { redirect:
 * 'manual' })` answers 302: the fake now holds the trade, with the server's notify_url), the order is paid
 * through the sandbox 微信支付 cashier (WeChat Pay stays the sandbox), then `await fake.pay(orderId)` pays
 * the Alipay trade too and posts its signed TRADE_SUCCESS, which the server keeps as refund_due
 * ('success' is the reply). When staff refund it, the server calls alipay.trade.refund here; with `autoNotifyRefunds` the
 * fake then posts the refund's notification (trade_status_sync with out_biz_no, refund_fee, gmt_refund)
 * to the trade's notify_url by itself, again until the reply is `success`; `fake.refundNotificationsSettled()`
 * waits for those posts and gives their replies, `fake.refunds` holds what was refunded. Close the fake
 * after the server.
 */
export interface FakeAlipayOptions {
  appId: string;
  /** The app's public key (PEM): requests must verify with it. */
  appPublicKey: string;
  /** The fake Alipay's private key (PEM): responses and notifications are signed with it. */
  alipayPrivateKey: string;
  /** The merchant PID put in trades and notifications as seller_id. */
  sellerId: string;
  now?: () => Date;
  /** Post each refund's notification by itself right after answering the refund (for journeys). */
  autoNotifyRefunds?: boolean;
}

export type FakeTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  status: FakeTradeStatus;
  /** Whether the payer has scanned the QR (only then does Alipay know the trade). */
  scanned: boolean;
  totalAmount: string;
  subject: string;
  notifyUrl?: string;
  qrCode?: string;
  /** The biz_content as received. */
  bizContent: Record<string, unknown>;
  gmtCreate: Date;
  gmtPayment?: Date;
  /** external_agreement_no of the agreement signed by paying this trade (支付并签约). */
  externalAgreementNo?: string;
}

export interface FakeAgreement {
  /** Empty until signed. */
  agreementNo: string;
  externalAgreementNo: string;
  /** TEMP until signed, NORMAL while in force, UNSIGN once ended. */
  status: 'TEMP' | 'NORMAL' | 'UNSIGN';
  personalProductCode: string;
  signScene: string;
  notifyUrl?: string;
  periodRule: Record<string, unknown>;
}

/** What the fake answers instead of the next call to a method. */
export interface FakeAlipayFailure {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
}

export interface FakeAlipay {
  /** The gateway URL (…/gateway.do). */
  url: string;
  trades: Map<string, FakeTrade>;
  /** By external_agreement_no. */
  agreements: Map<string, FakeAgreement>;
  /** The parameters of every call that passed the signature check. */
  calls: Array<Record<string, string>>;
  /** While true, agreement charges answer 10003 (waiting for the payer) and stay unpaid. */
  holdCharges: boolean;
  /** The next call to `method` gets this answer instead (once). */
  failNext(method: string, failure: FakeAlipayFailure): void;
  /** The payer scans the QR: the trade becomes known to Alipay, still unpaid. */
  scan(outTradeNo: string): void;
  /** The payer pays: the trade is paid (and its agreement signed) and the notification is posted. */
  pay(outTradeNo: string): Promise<string>;
  /** Posts dut_user_sign for the agreement (signing it first if still pending); returns the reply body. */
  signAgreement(externalAgreementNo: string): Promise<string>;
  /** The payer ends the agreement in the wallet: posts dut_user_unsign; returns the reply body. */
  unsignByUser(externalAgreementNo: string): Promise<string>;
  /** A signed trade_status_sync body for the trade, with fields overridden (undefined removes one). */
  notification(outTradeNo: string, overrides?: Record<string, string | undefined>): string;
  /** Refunds made (fake-alipay-refunds.ts), by `<out_trade_no> <out_request_no>`. */
  refunds: Map<string, FakeAlipayRefund>;
  /** Whether a refund's notification is posted by itself right after the refund (and retried until `success`). */
  autoNotifyRefunds: boolean;
  /** The signed refund notification (trade_status_sync with the refund fields), fields overridden. */
  refundNotification(outTradeNo: string, outRequestNo: string, overrides?: Record<string, string | undefined>): string;
  /** Posts a refund's notification to the trade's notify_url; returns the reply body. */
  notifyRefund(outTradeNo: string, outRequestNo: string): Promise<string>;
  /** Waits for the automatic refund notifications posted so far; their reply bodies. */
  refundNotificationsSettled(): Promise<string[]>;
  close(): Promise<void>;
}

function shanghai(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 60 * 60 * 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())} ` +
    `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:${pad(shifted.getUTCSeconds())}`
  );
}

function digits(count: number): string {
  let out = '';
  for (let index = 0; index < count; index++) out += String(randomInt(10));
  return out;
}

/** Sorted `k=v` pairs joined by `&`, leaving out the names in `skip` and, for requests, empty values. */
function canonical(params: Map<string, string>, skip: string[], keepEmpty: boolean): string {
  const names: string[] = [];
  for (const [name, value] of params) {
    if (skip.includes(name)) continue;
    if (!keepEmpty && value.length === 0) continue;
    names.push(name);
  }
  names.sort((a, b) => {
    for (let index = 0; index < Math.min(a.length, b.length); index++) {
      const diff = a.charCodeAt(index) - b.charCodeAt(index);
      if (diff !== 0) return diff;
    }
    return a.length - b.length;
  });
  return names.map((name) => `${name}=${params.get(name)}`).join('&');
}

function signWith(key: KeyObject, content: string): string {
  const signer = createSign('sha256WithRSAEncryption');
  signer.write(Buffer.from(content, 'utf8'));
  signer.end();
  return signer.sign(key).toString('base64');
}

function verifyWith(key: KeyObject, content: string, signature: string): boolean {
  const verifier = createVerify('sha256WithRSAEncryption');
  verifier.write(Buffer.from(content, 'utf8'));
  verifier.end();
  try {
    return verifier.verify(key, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

interface Answer {
  node: Record<string, unknown>;
  /** Alipay cannot sign for an app it does not know. */
  unsigned?: boolean;
  /** Answer under error_response instead of the method's node. */
  gatewayError?: boolean;
}

const success = (fields: Record<string, unknown>): Answer => ({ node: { code: '10000', msg: 'Success', ...fields } });
const business = (subCode: string, subMsg: string): Answer => ({
  node: { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg },
});
const invalid = (subCode: string, subMsg: string): Answer => ({
  node: { code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg },
});

const amountPattern = /^\d{1,9}(\.\d{1,2})?$/;
const timePattern = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

export async function startFakeAlipay(options: FakeAlipayOptions): Promise<FakeAlipay> {
  const appKey = createPublicKey(options.appPublicKey);
  const alipayKey = createPrivateKey(options.alipayPrivateKey);
  const now = options.now ?? (() => new Date());
  const trades = new Map<string, FakeTrade>();
  const agreements = new Map<string, FakeAgreement>();
  const failures = new Map<string, FakeAlipayFailure>();
  const calls: Array<Record<string, string>> = [];

  const agreementByNo = (agreementNo: string) =>
    [...agreements.values()].find((agreement) => agreement.agreementNo === agreementNo);

  const newTradeNo = () => `${shanghai(now()).slice(0, 10).replaceAll('-', '')}22001${digits(15)}`;

  function precreate(biz: Record<string, unknown>, notifyUrl: string | undefined): Answer {
    const outTradeNo = biz.out_trade_no;
    const totalAmount = biz.total_amount;
    const subject = biz.subject;
    if (typeof outTradeNo !== 'string' || !outTradeNo)
      return invalid('isv.missing-parameter', '缺少必选参数 out_trade_no');
    if (typeof totalAmount !== 'string' || !amountPattern.test(totalAmount))
      return business('ACQ.INVALID_PARAMETER', '参数无效 total_amount');
    if (typeof subject !== 'string' || !subject) return invalid('isv.missing-parameter', '缺少必选参数 subject');
    if (biz.time_expire !== undefined && (typeof biz.time_expire !== 'string' || !timePattern.test(biz.time_expire)))
      return business('ACQ.INVALID_PARAMETER', '参数无效 time_expire');
    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED')
        return business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      if (existing.status === 'TRADE_CLOSED') return business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (existing.totalAmount !== totalAmount) return business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      return success({ out_trade_no: outTradeNo, qr_code: existing.qrCode });
    }
    let externalAgreementNo: string | undefined;
    if (biz.product_code === 'CYCLE_PAY_AUTH') {
      const sign = biz.agreement_sign_params as Record<string, unknown> | undefined;
      const rule = sign?.period_rule_params as Record<string, unknown> | undefined;
      if (
        sign?.personal_product_code !== 'CYCLE_PAY_AUTH_P' ||
        typeof sign.external_agreement_no !== 'string' ||
        !rule ||
        !['DAY', 'MONTH'].includes(String(rule.period_type)) ||
        typeof rule.period !== 'number' ||
        typeof rule.execute_time !== 'string' ||
        !/^\d{4}-\d\d-\d\d$/.test(rule.execute_time) ||
        typeof rule.single_amount !== 'string' ||
        !amountPattern.test(rule.single_amount)
      ) {
        return business('ACQ.INVALID_PARAMETER', '参数无效 agreement_sign_params');
      }
      externalAgreementNo = sign.external_agreement_no;
      agreements.set(externalAgreementNo, {
        agreementNo: '',
        externalAgreementNo,
        status: 'TEMP',
        personalProductCode: sign.personal_product_code,
        signScene: String(sign.sign_scene ?? 'DEFAULT|DEFAULT'),
        notifyUrl: typeof sign.sign_notify_url === 'string' ? sign.sign_notify_url : notifyUrl,
        periodRule: rule,
      });
    }
    const qrCode = `https://qr.alipay.com/bax0${digits(4)}${Math.random().toString(36).slice(2, 14)}`;
    trades.set(outTradeNo, {
      outTradeNo,
      tradeNo: newTradeNo(),
      status: 'WAIT_BUYER_PAY',
      scanned: false,
      totalAmount,
      subject,
      notifyUrl,
      qrCode,
      bizContent: biz,
      gmtCreate: now(),
      externalAgreementNo,
    });
    return success({ out_trade_no: outTradeNo, qr_code: qrCode });
  }

  function query(biz: Record<string, unknown>): Answer {
    const trade = trades.get(String(biz.out_trade_no));
    if (!trade?.scanned) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const paid = trade.gmtPayment !== undefined;
    return success({
      trade_no: trade.tradeNo,
      out_trade_no: trade.outTradeNo,
      buyer_logon_id: '159****5620',
      trade_status: trade.status,
      total_amount: trade.totalAmount,
      ...(paid ? { receipt_amount: trade.totalAmount, send_pay_date: shanghai(trade.gmtPayment!) } : {}),
      buyer_user_id: '2088101117955611',
    });
  }

  function closeTrade(biz: Record<string, unknown>): Answer {
    const trade = trades.get(String(biz.out_trade_no));
    if (!trade?.scanned) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (trade.status !== 'WAIT_BUYER_PAY') return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    trade.status = 'TRADE_CLOSED';
    return success({ trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo });
  }

  function payOnAgreement(biz: Record<string, unknown>, notifyUrl: string | undefined): Answer {
    const outTradeNo = biz.out_trade_no;
    const totalAmount = biz.total_amount;
    const agreementNo = (biz.agreement_params as Record<string, unknown> | undefined)?.agreement_no;
    if (typeof outTradeNo !== 'string' || typeof totalAmount !== 'string' || !amountPattern.test(totalAmount))
      return business('ACQ.INVALID_PARAMETER', '参数无效');
    if (biz.product_code !== 'CYCLE_PAY_AUTH' || typeof agreementNo !== 'string')
      return business('ACQ.INVALID_PARAMETER', '此假网关只支持周期扣款的协议扣款');
    const agreement = agreementByNo(agreementNo);
    if (!agreement) return business('ACQ.AGREEMENT_NOT_EXIST', '用户协议不存在');
    if (agreement.status !== 'NORMAL') return business('ACQ.AGREEMENT_STATUS_NOT_NORMAL', '用户协议状态非NORMAL');
    const existing = trades.get(outTradeNo);
    if (existing?.gmtPayment) return business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
    const trade: FakeTrade = existing ?? {
      outTradeNo,
      tradeNo: newTradeNo(),
      status: 'WAIT_BUYER_PAY',
      scanned: true,
      totalAmount,
      subject: String(biz.subject ?? ''),
      notifyUrl,
      bizContent: biz,
      gmtCreate: now(),
    };
    trades.set(outTradeNo, trade);
    if (state.holdCharges) {
      return {
        node: { code: '10003', msg: ' order success pay inprocess', trade_no: trade.tradeNo, out_trade_no: outTradeNo },
      };
    }
    trade.status = 'TRADE_SUCCESS';
    trade.gmtPayment = now();
    return success({
      trade_no: trade.tradeNo,
      out_trade_no: outTradeNo,
      buyer_logon_id: '159****5620',
      total_amount: totalAmount,
      receipt_amount: totalAmount,
      gmt_payment: shanghai(trade.gmtPayment),
      buyer_user_id: '2088101117955611',
    });
  }

  function unsign(biz: Record<string, unknown>): Answer {
    const agreement = agreementByNo(String(biz.agreement_no ?? ''));
    // The sub_code Alipay uses for an unknown agreement here is not in the pages read; this one is a stand-in.
    if (!agreement || agreement.status === 'TEMP') return business('USER_AGREEMENT_NOT_EXIST', '用户协议不存在');
    if (agreement.status === 'UNSIGN') return business('USER_AGREEMENT_ALREADY_UNSIGN', '用户协议已解约');
    agreement.status = 'UNSIGN';
    return success({});
  }

  const refunds = createFakeAlipayRefunds({
    trades,
    now,
    shanghai,
    notification: (outTradeNo, overrides) => state.notification(outTradeNo, overrides),
    post: (url, body) => post(url, body),
  });
  refunds.autoNotify = options.autoNotifyRefunds ?? false;

  const handlers: Record<string, (biz: Record<string, unknown>, notifyUrl: string | undefined) => Answer> = {
    'alipay.trade.precreate': precreate,
    'alipay.trade.query': query,
    'alipay.trade.close': closeTrade,
    'alipay.trade.pay': payOnAgreement,
    'alipay.user.agreement.unsign': unsign,
    ...Object.fromEntries(
      Object.entries(refunds.handlers).map(([method, handle]) => [
        method,
        (biz: Record<string, unknown>) => ({ node: handle(biz) }),
      ]),
    ),
  };

  function answer(params: Map<string, string>): { method: string; reply: Answer } {
    const method = params.get('method') ?? '';
    for (const name of ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version']) {
      if (!params.get(name)) return { method, reply: { ...invalid(`isv.missing-${name}`, `缺少${name}参数`) } };
    }
    if (params.get('app_id') !== options.appId)
      return { method, reply: { ...invalid('isv.invalid-app-id', '无效的AppID参数'), unsigned: true } };
    if (params.get('sign_type') !== 'RSA2')
      return { method, reply: invalid('isv.invalid-signature-type', '无效的签名类型') };
    if (!timePattern.test(params.get('timestamp')!))
      return { method, reply: invalid('isv.invalid-timestamp', '非法的时间戳参数') };
    if (!verifyWith(appKey, canonical(params, ['sign'], false), params.get('sign')!)) {
      return {
        method,
        reply: invalid('isv.invalid-signature', '验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配'),
      };
    }
    const handler = handlers[method];
    if (!handler) return { method, reply: { ...invalid('isv.invalid-method', '不存在的方法名'), gatewayError: true } };
    calls.push(Object.fromEntries(params));
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      return { method, reply: { node: { msg: 'Business Failed', ...failure } } };
    }
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.get('biz_content') ?? '') as Record<string, unknown>;
    } catch {
      return { method, reply: invalid('isv.invalid-parameter', 'biz_content 不是合法的 JSON') };
    }
    return { method, reply: handler(biz, params.get('notify_url')) };
  }

  function responseBody(method: string, reply: Answer): string {
    const name = reply.gatewayError ? 'error_response' : `${method.replaceAll('.', '_')}_response`;
    // Escaped slashes, as some Alipay answers have them: an adapter that verifies a re-serialised node fails.
    const nodeText = JSON.stringify(reply.node).replaceAll('/', '\\/');
    if (reply.unsigned || reply.gatewayError) return `{"${name}":${nodeText}}`;
    return `{"${name}":${nodeText},"sign":"${signWith(alipayKey, nodeText)}"}`;
  }

  function signedForm(fields: Record<string, string | undefined>): string {
    const params = new Map<string, string>();
    for (const [name, value] of Object.entries(fields)) if (value !== undefined) params.set(name, value);
    params.set('sign', signWith(alipayKey, canonical(params, ['sign', 'sign_type'], true)));
    return new URLSearchParams([...params]).toString();
  }

  async function post(url: string | undefined, body: string): Promise<string> {
    if (!url) throw new Error('fake Alipay: no notify_url to post to');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    });
    return response.text();
  }

  const tradeOf = (outTradeNo: string): FakeTrade => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay: no trade ${outTradeNo}`);
    return trade;
  };

  const agreementOf = (externalAgreementNo: string): FakeAgreement => {
    const agreement = agreements.get(externalAgreementNo);
    if (!agreement) throw new Error(`fake Alipay: no agreement ${externalAgreementNo}`);
    return agreement;
  };

  function activate(agreement: FakeAgreement) {
    if (agreement.status !== 'TEMP') return;
    agreement.status = 'NORMAL';
    agreement.agreementNo = `2025${digits(16)}`;
  }

  function agreementForm(agreement: FakeAgreement, notifyType: 'dut_user_sign' | 'dut_user_unsign'): string {
    const at = shanghai(now());
    return signedForm({
      notify_time: at,
      notify_type: notifyType,
      notify_id: digits(20),
      app_id: options.appId,
      auth_app_id: options.appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      agreement_no: agreement.agreementNo,
      external_agreement_no: agreement.externalAgreementNo,
      personal_product_code: agreement.personalProductCode,
      sign_scene: agreement.signScene,
      status: agreement.status,
      alipay_user_id: '2088101117955611',
      alipay_logon_id: '159****5620',
      sign_time: at,
      valid_time: at,
      invalid_time: '2115-02-01 00:00:00',
      ...(notifyType === 'dut_user_unsign' ? { unsign_time: at } : {}),
    });
  }

  const state: FakeAlipay = {
    url: '',
    trades,
    agreements,
    calls,
    holdCharges: false,
    failNext(method, failure) {
      failures.set(method, failure);
    },
    scan(outTradeNo) {
      tradeOf(outTradeNo).scanned = true;
    },
    async pay(outTradeNo) {
      const trade = tradeOf(outTradeNo);
      if (trade.status !== 'WAIT_BUYER_PAY') throw new Error(`fake Alipay: trade ${outTradeNo} is ${trade.status}`);
      trade.scanned = true;
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = now();
      if (trade.externalAgreementNo) activate(agreementOf(trade.externalAgreementNo));
      return post(trade.notifyUrl, state.notification(outTradeNo));
    },
    async signAgreement(externalAgreementNo) {
      const agreement = agreementOf(externalAgreementNo);
      activate(agreement);
      return post(agreement.notifyUrl, agreementForm(agreement, 'dut_user_sign'));
    },
    async unsignByUser(externalAgreementNo) {
      const agreement = agreementOf(externalAgreementNo);
      agreement.status = 'UNSIGN';
      return post(agreement.notifyUrl, agreementForm(agreement, 'dut_user_unsign'));
    },
    notification(outTradeNo, overrides = {}) {
      const trade = tradeOf(outTradeNo);
      const paidAt = trade.gmtPayment ?? now();
      return signedForm({
        notify_time: shanghai(now()),
        notify_type: 'trade_status_sync',
        notify_id: `${digits(10)}${Math.random().toString(36).slice(2, 12)}`,
        app_id: options.appId,
        auth_app_id: options.appId,
        charset: 'utf-8',
        version: '1.0',
        sign_type: 'RSA2',
        trade_no: trade.tradeNo,
        out_trade_no: trade.outTradeNo,
        buyer_id: '2088101117955611',
        buyer_logon_id: '159****5620',
        seller_id: options.sellerId,
        trade_status: trade.status,
        total_amount: trade.totalAmount,
        receipt_amount: trade.totalAmount,
        invoice_amount: trade.totalAmount,
        buyer_pay_amount: trade.totalAmount,
        point_amount: '0.00',
        gmt_create: shanghai(trade.gmtCreate),
        gmt_payment: shanghai(paidAt),
        subject: trade.subject,
        fund_bill_list: JSON.stringify([{ amount: trade.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]),
        ...overrides,
      });
    },
    refunds: refunds.refunds,
    get autoNotifyRefunds() {
      return refunds.autoNotify;
    },
    set autoNotifyRefunds(value: boolean) {
      refunds.autoNotify = value;
    },
    refundNotification: (outTradeNo, outRequestNo, overrides) =>
      refunds.notification(outTradeNo, outRequestNo, overrides),
    notifyRefund: (outTradeNo, outRequestNo) => refunds.notify(outTradeNo, outRequestNo),
    refundNotificationsSettled: () => refunds.settled(),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method !== 'POST' || url.pathname !== '/gateway.do') {
      response.statusCode = 404;
      response.end();
      return;
    }
    readBody(request)
      .then((body) => {
        // Alipay reads parameters from the query string and the form body alike.
        const params = new Map<string, string>(url.searchParams);
        for (const [name, value] of new URLSearchParams(body.toString('utf8'))) params.set(name, value);
        const { method, reply } = answer(params);
        response.statusCode = 200;
        response.setHeader('content-type', 'text/html;charset=utf-8');
        response.end(responseBody(method, reply));
      })
      .catch((error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/gateway.do`;
  return state;
}
