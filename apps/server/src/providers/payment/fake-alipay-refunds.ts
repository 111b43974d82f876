import { fenToYuanText, yuanTextToFen } from './index';

/**
 * Test-only: the refund side of the fake Alipay (fake-alipay-server.ts), as Alipay documents it
 * (opendocs.alipay.com: alipay.trade.refund, alipay.trade.fastpay.refund.query, 「异步通知说明」):
 * - refunds are kept per trade and `out_request_no` (absent, it is the out_trade_no: a full refund);
 *   the same request asked again refunds nothing more and answers code 10000 with fund_change N,
 *   asked again with another amount it is ACQ.DISCORDANT_REPEAT_REQUEST;
 * - more than what is left on the trade is ACQ.REASON_TRADE_REFUND_FEE_ERR (ACQ.REFUND_AMT_NOT_EQUAL_TOTAL
 *   without out_request_no), an unknown trade ACQ.TRADE_NOT_EXIST, an unpaid one ACQ.TRADE_STATUS_ERROR;
 * - the whole amount given back closes the trade (TRADE_CLOSED);
 * - the query answers 10000 without refund fields for a refund it does not know, refund_status
 *   REFUND_SUCCESS for one it made;
 * - the refund notification is the trade's trade_status_sync posted to the trade's notify_url with
 *   refund_fee (everything refunded on the trade so far), gmt_refund and out_biz_no (= out_request_no).
 */

/** A trade as the refunds see it (FakeTrade of fake-alipay-server.ts). */
export interface RefundableTrade {
  outTradeNo: string;
  tradeNo: string;
  status: string;
  totalAmount: string;
  notifyUrl?: string;
  gmtPayment?: Date;
}

export interface FakeAlipayRefund {
  outTradeNo: string;
  tradeNo: string;
  outRequestNo: string;
  refundFen: number;
  refundReason?: string;
  gmtRefund: Date;
}

export interface FakeAlipayRefundsDeps {
  trades: Map<string, RefundableTrade>;
  now: () => Date;
  /** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai. */
  shanghai: (at: Date) => string;
  /** A signed trade_status_sync for the trade with these fields added. */
  notification: (outTradeNo: string, overrides: Record<string, string | undefined>) => string;
  /** Posts a form to a notify URL; answers the reply body. */
  post: (url: string | undefined, body: string) => Promise<string>;
}

/** The answer node of a method, as fake-alipay-server.ts signs and sends it. */
type Node = Record<string, unknown>;

export interface FakeAlipayRefunds {
  /** By `<out_trade_no> <out_request_no>`. */
  refunds: Map<string, FakeAlipayRefund>;
  /** Posts each refund's notification by itself shortly after answering (for journeys). */
  autoNotify: boolean;
  handlers: Record<string, (biz: Node) => Node>;
  /** The signed refund notification of one refund, with fields overridden (undefined removes one). */
  notification(outTradeNo: string, outRequestNo: string, overrides?: Record<string, string | undefined>): string;
  /** Posts the refund's notification to the trade's notify_url; answers the reply body. */
  notify(outTradeNo: string, outRequestNo: string): Promise<string>;
  /** Waits for every automatic notification posted so far; answers their reply bodies. */
  settled(): Promise<string[]>;
}

const amountPattern = /^\d{1,9}(\.\d{1,2})?$/;
const business = (subCode: string, subMsg: string, extra: Node = {}): Node => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
  ...extra,
});

export function createFakeAlipayRefunds(deps: FakeAlipayRefundsDeps): FakeAlipayRefunds {
  const refunds = new Map<string, FakeAlipayRefund>();
  const autoPosts: Array<Promise<string>> = [];
  const keyOf = (outTradeNo: string, outRequestNo: string) => `${outTradeNo} ${outRequestNo}`;

  const findTrade = (biz: Node): RefundableTrade | undefined => {
    const byOut = typeof biz.out_trade_no === 'string' ? deps.trades.get(biz.out_trade_no) : undefined;
    // trade_no wins when both are given, as Alipay says.
    if (typeof biz.trade_no === 'string') {
      const byNo = [...deps.trades.values()].find((trade) => trade.tradeNo === biz.trade_no);
      return byOut && byOut !== byNo ? undefined : byNo;
    }
    return byOut;
  };

  const refundedFen = (trade: RefundableTrade) =>
    [...refunds.values()]
      .filter((refund) => refund.outTradeNo === trade.outTradeNo)
      .reduce((sum, r) => sum + r.refundFen, 0);

  const refundAnswer = (trade: RefundableTrade, fundChange: 'Y' | 'N', at: Date): Node => ({
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: '159****5620',
    fund_change: fundChange,
    refund_fee: fenToYuanText(refundedFen(trade)),
    gmt_refund_pay: deps.shanghai(at),
    buyer_user_id: '2088101117955611',
  });

  function refund(biz: Node): Node {
    const amount = biz.refund_amount;
    if (typeof amount !== 'string' || !amountPattern.test(amount))
      return business('ACQ.INVALID_PARAMETER', '参数无效 refund_amount');
    const trade = findTrade(biz);
    if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (!trade.gmtPayment) return business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    const outRequestNo = typeof biz.out_request_no === 'string' && biz.out_request_no ? biz.out_request_no : undefined;
    const refundFen = yuanTextToFen(amount) ?? 0;
    const known = refunds.get(keyOf(trade.outTradeNo, outRequestNo ?? trade.outTradeNo));
    if (known) {
      if (known.refundFen !== refundFen) return business('ACQ.DISCORDANT_REPEAT_REQUEST', '不一致的请求');
      return refundAnswer(trade, 'N', known.gmtRefund);
    }
    const left = (yuanTextToFen(trade.totalAmount) ?? 0) - refundedFen(trade);
    if (refundFen <= 0 || refundFen > left) {
      const empty = { refund_fee: '0.00', send_back_fee: '0.00' };
      return outRequestNo
        ? business('ACQ.REASON_TRADE_REFUND_FEE_ERR', '退款金额无效', empty)
        : business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '撤销或退款金额与订单金额不一致', empty);
    }
    const made: FakeAlipayRefund = {
      outTradeNo: trade.outTradeNo,
      tradeNo: trade.tradeNo,
      outRequestNo: outRequestNo ?? trade.outTradeNo,
      refundFen,
      ...(typeof biz.refund_reason === 'string' ? { refundReason: biz.refund_reason } : {}),
      gmtRefund: deps.now(),
    };
    refunds.set(keyOf(made.outTradeNo, made.outRequestNo), made);
    if (refundFen === left) trade.status = 'TRADE_CLOSED';
    if (state.autoNotify) autoPosts.push(notifyUntilAccepted(made));
    return refundAnswer(trade, 'Y', made.gmtRefund);
  }

  function query(biz: Node): Node {
    const trade = findTrade(biz);
    if (!trade) return business('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const outRequestNo = typeof biz.out_request_no === 'string' ? biz.out_request_no : '';
    const known = refunds.get(keyOf(trade.outTradeNo, outRequestNo));
    const base = { code: '10000', msg: 'Success', trade_no: trade.tradeNo, out_trade_no: trade.outTradeNo };
    // An unknown refund is not an error: the answer just carries no refund.
    if (!known) return base;
    const options = Array.isArray(biz.query_options) ? biz.query_options : [];
    return {
      ...base,
      out_request_no: known.outRequestNo,
      total_amount: trade.totalAmount,
      refund_amount: fenToYuanText(known.refundFen),
      refund_status: 'REFUND_SUCCESS',
      ...(options.includes('gmt_refund_pay') ? { gmt_refund_pay: deps.shanghai(known.gmtRefund) } : {}),
    };
  }

  const refundOf = (outTradeNo: string, outRequestNo: string): FakeAlipayRefund => {
    const known = refunds.get(keyOf(outTradeNo, outRequestNo));
    if (!known) throw new Error(`fake Alipay: no refund ${outRequestNo} on ${outTradeNo}`);
    return known;
  };

  /**
   * After the answer has gone back, as Alipay's notification follows its answer, and again (a few
   * times, not Alipay's 25 hours) until the reply is `success`.
   */
  async function notifyUntilAccepted(made: FakeAlipayRefund): Promise<string> {
    let reply = '';
    for (let attempt = 0; attempt < 4 && reply !== 'success'; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, attempt === 0 ? 50 : 500));
      reply = await state.notify(made.outTradeNo, made.outRequestNo).catch((error: Error) => error.message);
    }
    return reply;
  }

  const state: FakeAlipayRefunds = {
    refunds,
    autoNotify: false,
    handlers: { 'alipay.trade.refund': refund, 'alipay.trade.fastpay.refund.query': query },
    notification(outTradeNo, outRequestNo, overrides = {}) {
      const made = refundOf(outTradeNo, outRequestNo);
      const trade = deps.trades.get(outTradeNo)!;
      const at = made.gmtRefund;
      return deps.notification(outTradeNo, {
        out_biz_no: made.outRequestNo,
        refund_fee: fenToYuanText(refundedFen(trade)),
        gmt_refund: `${deps.shanghai(at)}.${String(at.getMilliseconds()).padStart(3, '0')}`,
        ...overrides,
      });
    },
    async notify(outTradeNo, outRequestNo) {
      const body = state.notification(outTradeNo, outRequestNo);
      return deps.post(deps.trades.get(outTradeNo)?.notifyUrl, body);
    },
    settled: () => Promise.all(autoPosts),
  };
  return state;
}
