import { randomInt } from 'node:crypto';

/**
 * Test-only: the refund side of the fake WeChat Pay (fake-wechatpay-server.ts), after the v3 pages
 * 退款申请 (`POST /v3/refund/domestic/refunds`), 查询单笔退款 (`GET /v3/refund/domestic/refunds/{out_refund_no}`)
 * and 退款结果通知 (REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED, resource original_type `refund`):
 * - a refund is kept per out_refund_no: asked again with the same amount it refunds nothing more and
 *   answers the same refund; with another amount it is 400 INVALID_REQUEST;
 * - an unknown transaction is 404 RESOURCE_NOT_EXISTS; more than what is left on the trade is 400
 *   INVALID_REQUEST (申请退款金额超过订单可退金额); a `total` other than the trade's is 400 PARAM_ERROR;
 *   the merchant's balance running short (403 NOT_ENOUGH) or any other refusal comes from `failNext`;
 * - a new refund answers PROCESSING (WeChat Pay's usual answer) unless `instantSuccess`, and `settle`
 *   ends it (SUCCESS, ABNORMAL, CLOSED) and posts the signed notification to the refund's notify_url;
 *   with `autoNotify` that happens by itself right after the answer, as SUCCESS.
 */

/** A trade as the refunds see it (TradeRecord of fake-wechatpay-server.ts). */
export interface RefundableWechatTrade {
  total: number;
  state: string;
  transactionId?: string;
}

export type FakeRefundStatus = 'SUCCESS' | 'PROCESSING' | 'CLOSED' | 'ABNORMAL';

export interface FakeWechatRefund {
  outTradeNo: string;
  transactionId: string;
  outRefundNo: string;
  refundId: string;
  refund: number;
  total: number;
  reason?: string;
  notifyUrl?: string;
  status: FakeRefundStatus;
  createTime: string;
  successTime?: string;
}

/** Overrides of a refund notification, as the payment notification's (fake-wechatpay-server.ts). */
export interface RefundNotificationOverrides {
  /** REFUND.SUCCESS, REFUND.ABNORMAL or REFUND.CLOSED by the refund's status by default. */
  eventType?: string;
  /** Merged over the decrypted refund (refund_status, mchid, amount …). */
  resource?: Record<string, unknown>;
  /** Changes the body after it was signed. */
  tamper?: 'body';
}

type Answer = { status: number; body?: unknown };

export interface FakeWechatRefundsDeps {
  mchId: string;
  trades: Map<string, RefundableWechatTrade>;
  /** AEAD_AES_256_GCM with the APIv3 key, as the fake's notifications are encrypted. */
  encrypt: (plaintext: string, associatedData: string) => Record<string, string>;
  /** The Wechatpay-* headers signing a body. */
  signedHeaders: (body: string) => Record<string, string>;
  beijingTime: (at: Date) => string;
  randomText: (length: number) => string;
  /** Posts a notification to a notify URL; answers the reply's HTTP status. */
  post: (url: string, notification: { headers: Record<string, string>; body: string }) => Promise<number>;
}

export interface FakeWechatRefunds {
  /** By out_refund_no. */
  refunds: Map<string, FakeWechatRefund>;
  /** New refunds answer SUCCESS at once instead of PROCESSING. */
  instantSuccess: boolean;
  /** A new refund is settled as SUCCESS and notified by itself right after the answer. */
  autoNotify: boolean;
  /** The next 退款申请 gets this answer instead (once): e.g. 403 NOT_ENOUGH, 500 SYSTEM_ERROR. */
  failNext(status: number, code: string, message: string): void;
  /** Serves a refund path, or null when the path is not a refund's. */
  answer(method: string, pathname: string, body: string): Answer | null;
  /** The signed notification of the refund as it stands, with overrides. */
  notification(
    outRefundNo: string,
    overrides?: RefundNotificationOverrides,
  ): { headers: Record<string, string>; body: string };
  /** Ends the refund (SUCCESS by default) and posts its notification; returns the HTTP status. */
  settle(outRefundNo: string, status?: Exclude<FakeRefundStatus, 'PROCESSING'>): Promise<number>;
  /** Waits for the automatic notifications posted so far; their HTTP statuses. */
  settled(): Promise<number[]>;
}

const summaries: Record<string, string> = { SUCCESS: '退款成功', ABNORMAL: '退款异常', CLOSED: '退款关闭' };

export function createFakeWechatRefunds(deps: FakeWechatRefundsDeps): FakeWechatRefunds {
  const refunds = new Map<string, FakeWechatRefund>();
  const autoPosts: Array<Promise<number>> = [];
  let failure: Answer | null = null;
  const refuse = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });

  const findTrade = (transactionId: unknown): [string, RefundableWechatTrade] | undefined =>
    [...deps.trades].find(([, trade]) => trade.transactionId !== undefined && trade.transactionId === transactionId);

  const refundedOn = (outTradeNo: string) =>
    [...refunds.values()]
      .filter((refund) => refund.outTradeNo === outTradeNo && refund.status !== 'CLOSED')
      .reduce((sum, refund) => sum + refund.refund, 0);

  const view = (refund: FakeWechatRefund) => ({
    refund_id: refund.refundId,
    out_refund_no: refund.outRefundNo,
    transaction_id: refund.transactionId,
    out_trade_no: refund.outTradeNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(refund.successTime ? { success_time: refund.successTime } : {}),
    create_time: refund.createTime,
    status: refund.status,
    funds_account: 'AVAILABLE',
    amount: {
      total: refund.total,
      refund: refund.refund,
      payer_total: refund.total,
      payer_refund: refund.refund,
      settlement_refund: refund.refund,
      settlement_total: refund.total,
      discount_refund: 0,
      currency: 'CNY',
    },
    promotion_detail: [],
  });

  function create(body: string): Answer {
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
    }
    const amount = (payload.amount ?? {}) as { refund?: unknown; total?: unknown; currency?: unknown };
    const outRefundNo = payload.out_refund_no;
    if (typeof outRefundNo !== 'string' || !/^[0-9A-Za-z_\-|*@]{1,64}$/.test(outRefundNo))
      return refuse(400, 'PARAM_ERROR', '商户退款单号格式不正确');
    if (typeof payload.transaction_id !== 'string' && typeof payload.out_trade_no !== 'string')
      return refuse(400, 'PARAM_ERROR', 'transaction_id 与 out_trade_no 必填其一');
    if (!Number.isInteger(amount.refund) || (amount.refund as number) <= 0 || !Number.isInteger(amount.total))
      return refuse(400, 'PARAM_ERROR', '退款金额与原订单金额须为正整数（分）');
    if (amount.currency !== 'CNY') return refuse(400, 'PARAM_ERROR', '币种须为 CNY');
    if (failure) {
      const answer = failure;
      failure = null;
      return answer;
    }
    const found =
      findTrade(payload.transaction_id) ??
      (typeof payload.out_trade_no === 'string' && deps.trades.has(payload.out_trade_no)
        ? ([payload.out_trade_no, deps.trades.get(payload.out_trade_no)!] as const)
        : undefined);
    const [outTradeNo, trade] = found ?? [];
    if (!outTradeNo || !trade?.transactionId) return refuse(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    const refundFen = amount.refund as number;
    const known = refunds.get(outRefundNo);
    if (known) {
      if (known.refund !== refundFen || known.outTradeNo !== outTradeNo)
        return refuse(400, 'INVALID_REQUEST', '订单金额或退款金额与之前请求不一致，请核实后再试');
      return { status: 200, body: view(known) };
    }
    if (amount.total !== trade.total) return refuse(400, 'PARAM_ERROR', '订单金额 total 与原订单不一致');
    if (refundFen > trade.total - refundedOn(outTradeNo))
      return refuse(400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
    const at = deps.beijingTime(new Date());
    const made: FakeWechatRefund = {
      outTradeNo,
      transactionId: trade.transactionId,
      outRefundNo,
      refundId: `50${String(Date.now()).slice(-10)}${String(randomInt(10 ** 9)).padStart(17, '0')}`,
      refund: refundFen,
      total: trade.total,
      ...(typeof payload.reason === 'string' ? { reason: payload.reason } : {}),
      ...(typeof payload.notify_url === 'string' ? { notifyUrl: payload.notify_url } : {}),
      status: state.instantSuccess ? 'SUCCESS' : 'PROCESSING',
      createTime: at,
      ...(state.instantSuccess ? { successTime: at } : {}),
    };
    refunds.set(outRefundNo, made);
    trade.state = 'REFUND';
    if (state.autoNotify) {
      // After the answer has gone back, as WeChat Pay's notification follows its answer.
      autoPosts.push(new Promise((resolve) => setTimeout(resolve, 50)).then(() => state.settle(outRefundNo)));
    }
    return { status: 200, body: view(made) };
  }

  const refundOf = (outRefundNo: string): FakeWechatRefund => {
    const refund = refunds.get(outRefundNo);
    if (!refund) throw new Error(`fake WeChat Pay has no refund ${outRefundNo}`);
    return refund;
  };

  const state: FakeWechatRefunds = {
    refunds,
    instantSuccess: false,
    autoNotify: false,
    failNext(status, code, message) {
      failure = refuse(status, code, message);
    },
    answer(method, pathname, body) {
      if (method === 'POST' && pathname === '/v3/refund/domestic/refunds') return create(body);
      const match = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(pathname);
      if (method !== 'GET' || !match) return null;
      const refund = refunds.get(decodeURIComponent(match[1]!));
      return refund ? { status: 200, body: view(refund) } : refuse(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    },
    notification(outRefundNo, overrides = {}) {
      const refund = refundOf(outRefundNo);
      const resource = {
        mchid: deps.mchId,
        out_trade_no: refund.outTradeNo,
        transaction_id: refund.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: refund.status,
        ...(refund.successTime ? { success_time: refund.successTime } : {}),
        user_received_account: '支付用户零钱',
        amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
        ...overrides.resource,
      };
      const body = JSON.stringify({
        id: `EV-${deps.randomText(20)}`,
        create_time: deps.beijingTime(new Date()),
        resource_type: 'encrypt-resource',
        event_type: overrides.eventType ?? `REFUND.${refund.status}`,
        summary: summaries[refund.status] ?? refund.status,
        resource: { original_type: 'refund', ...deps.encrypt(JSON.stringify(resource), 'refund') },
      });
      const headers = { 'content-type': 'application/json', ...deps.signedHeaders(body) };
      return { headers, body: overrides.tamper === 'body' ? body.replace('"summary":"', '"summary":" ') : body };
    },
    async settle(outRefundNo, status = 'SUCCESS') {
      const refund = refundOf(outRefundNo);
      if (refund.status === 'PROCESSING') {
        refund.status = status;
        if (status === 'SUCCESS') refund.successTime = deps.beijingTime(new Date());
      }
      if (!refund.notifyUrl) throw new Error(`fake WeChat Pay: refund ${outRefundNo} has no notify_url`);
      return deps.post(refund.notifyUrl, state.notification(outRefundNo));
    },
    settled: () => Promise.all(autoPosts),
  };
  return state;
}
