/**
 * Payment providers (001 §4 payment flow). The orders feature speaks to every vendor through these
 * types only: it creates a QR for an order, reads the vendor's notification, asks for a trade's state
 * and closes an unpaid trade. Amounts are integer fen everywhere; each adapter converts to the
 * vendor's unit (Alipay's yuan string "12.34", WeChat Pay's integer fen) at its own edge.
 */

/** Which channel a payment goes through; the sandbox stands in for both on a fresh machine. */
export type PayChannel = 'alipay' | 'wechat';

/** What the orders feature asks a vendor to collect. */
export interface PaymentRequest {
  /** Our order id, the vendor's `out_trade_no`: 6–32 characters of [0-9A-Za-z]. */
  outTradeNo: string;
  /** What the payer pays, in fen (> 0). */
  amountFen: number;
  /** The line the payer sees in the wallet, e.g. "DSO 个人版 12个月". */
  subject: string;
  /** The trade must not be payable after this moment (the 900 s QR validity, 001 §9). */
  expiresAt: Date;
  /** Where the vendor posts its notification (absolute URL of this server). */
  notifyUrl: string;
}

/** The text the pay QR encodes: Alipay's `qr_code`, WeChat Pay's `code_url`, or the sandbox cashier. */
export interface PaymentQr {
  qrText: string;
}

/** A vendor notification as it reached us: headers (lower-case names) and the raw body. */
export interface PaymentCallback {
  headers: Record<string, string | undefined>;
  body: string;
}

/** What a verified (or refused) notification says. */
export type PaymentNotice =
  /** The trade is paid (Alipay TRADE_SUCCESS / TRADE_FINISHED, WeChat SUCCESS). */
  | {
      kind: 'paid';
      outTradeNo: string;
      /** What the vendor says was paid, in fen: compared with the order before granting anything. */
      amountFen: number;
      vendorTradeNo: string;
      paidAt: Date;
      /** Alipay 周期扣款: the agreement signed together with this payment, when there is one. */
      agreementNo?: string;
    }
  /** The payer cancelled at the cashier (only the sandbox reports this; vendors just let the QR lapse). */
  | { kind: 'cancelled'; outTradeNo: string }
  /** Authentic, but not a payment (WAIT_BUYER_PAY, TRADE_CLOSED …). */
  | { kind: 'ignored'; outTradeNo?: string; reason: string }
  /** Alipay 周期扣款: an agreement was signed (dut_user_sign) or ended (dut_user_unsign). */
  | {
      kind: 'agreement';
      status: 'signed' | 'ended';
      agreementNo: string;
      /** Our id for the agreement (`external_agreement_no`). */
      externalAgreementNo: string;
    }
  /**
   * Not provably from the vendor: a bad or missing signature, an unknown serial, another app_id or
   * seller_id. Never acted upon; the reason is logged.
   */
  | { kind: 'forged'; reason: string }
  /** A refund settled (or given up) at the vendor. */
  | RefundNotice;

/** The HTTP answer a vendor expects to a notification. */
export interface NotifyAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A trade's state at the vendor. */
export type TradeState =
  | { state: 'paid'; amountFen: number; vendorTradeNo: string; paidAt: Date; agreementNo?: string }
  /** Created and not paid yet (includes Alipay WAIT_BUYER_PAY, WeChat NOTPAY / USERPAYING). */
  | { state: 'pending' }
  /** Closed or revoked without payment. */
  | { state: 'closed' }
  /** The vendor never heard of it (the QR was not scanned: Alipay ACQ.TRADE_NOT_EXIST, WeChat ORDER_NOT_EXIST). */
  | { state: 'not_exist' }
  /** Paid and fully refunded. */
  | { state: 'refunded' };

/** Money given back on one paid trade (a late or double payment, 001 §9's refund-due list). */
export interface RefundRequest {
  /** The order the trade paid (the vendor's `out_trade_no`). */
  outTradeNo: string;
  /** The vendor's id of the trade to refund (Alipay `trade_no`, WeChat Pay `transaction_id`). */
  vendorTradeNo: string;
  /**
   * Our id for this refund (Alipay `out_request_no`, WeChat Pay `out_refund_no`; 6–64 of [0-9A-Za-z]):
   * the same for every try of one refund, so the vendor refunds it once however often it is asked.
   */
  outRefundNo: string;
  /** What to give back, in fen (> 0, at most `totalFen`). */
  refundFen: number;
  /** What the trade took, in fen (WeChat Pay's `amount.total`). */
  totalFen: number;
  /** The line the payer sees with the refund. */
  reason: string;
  /** Where the vendor posts the refund's notification (WeChat Pay; Alipay notifies the trade's own notify_url). */
  notifyUrl: string;
}

/** A refund's state at the vendor. */
export type RefundState =
  /** The money is on its way back (Alipay fund_change Y / REFUND_SUCCESS, WeChat Pay SUCCESS). */
  | { state: 'success'; vendorRefundId: string; refundedAt: Date }
  /** Accepted, settling later (WeChat Pay PROCESSING); a notification or a query tells the end. */
  | { state: 'processing'; vendorRefundId: string }
  /** The vendor will not pay it back (WeChat Pay CLOSED / ABNORMAL, an Alipay business refusal). */
  | { state: 'failed'; reason: string }
  /** The vendor never heard of this refund (queried before the request reached it). */
  | { state: 'not_exist' };

/** A verified refund notification: which refund it settles and how. */
export interface RefundNotice {
  kind: 'refund';
  outTradeNo: string;
  outRefundNo: string;
  /** `success` once the money went back; `failed` when the vendor gave up (ABNORMAL, CLOSED). */
  status: 'success' | 'failed';
  /** What the vendor says it refunded, in fen. */
  amountFen: number;
  vendorRefundId: string;
  refundedAt: Date | null;
  /** The vendor's words when it failed. */
  reason?: string;
}

/** A vendor (or the sandbox) answering for one channel. */
export interface PaymentGateway {
  readonly provider: 'sandbox' | 'alipay' | 'wechatpay';
  readonly channel: PayChannel;
  /** Creates the trade and returns what the pay QR encodes. Throws PaymentVendorError on refusal. */
  createQr(request: PaymentRequest): Promise<PaymentQr>;
  /** Verifies and reads one notification. Never throws for bad input: that is `forged`. */
  readNotify(callback: PaymentCallback): Promise<PaymentNotice>;
  /** The answer to send back: `handled` false makes the vendor retry later. */
  notifyAnswer(handled: boolean): NotifyAnswer;
  /** The trade's state at the vendor (for pending orders polled past a while, and the daily reconcile). */
  queryTrade(outTradeNo: string): Promise<TradeState>;
  /** Closes an unpaid trade so a late scan cannot pay it. A trade the vendor never saw counts as closed. */
  closeTrade(outTradeNo: string): Promise<void>;
}

/** 周期扣款 (Alipay recurring deduction) for the continuous monthly plan. */
export interface RecurringRequest extends PaymentRequest {
  /** Our id for the agreement (`external_agreement_no`). */
  externalAgreementNo: string;
  /** Days between charges (30 for the continuous monthly plan, 001 §9). */
  periodDays: number;
  /** What each later charge takes, in fen (the plan's cycle_price). */
  cycleAmountFen: number;
  /** The first later charge's date (Asia/Shanghai, YYYY-MM-DD). */
  firstChargeDate: string;
}

/** The recurring side of a gateway: sign with the first payment, charge each period, unsign. */
export interface RecurringGateway {
  /** The first period's payment and the agreement signing in one QR (支付并签约). */
  createSigningQr(request: RecurringRequest): Promise<PaymentQr>;
  /** Charges one period on a signed agreement; answers the resulting trade state. */
  chargeAgreement(input: {
    agreementNo: string;
    outTradeNo: string;
    amountFen: number;
    subject: string;
    notifyUrl: string;
  }): Promise<TradeState>;
  /** Ends an agreement (the member cancels the continuous plan). */
  cancelAgreement(agreementNo: string): Promise<void>;
}

/** Refunds: money given back on a paid trade, asked for and then settled by query or notification. */
export interface RefundGateway {
  /**
   * Asks the vendor to give money back (Alipay `alipay.trade.refund`, WeChat Pay v3
   * `POST /v3/refund/domestic/refunds`). Idempotent by `outRefundNo`. Throws PaymentVendorError when the
   * vendor cannot be asked (network, system error): the refund may be retried with the same id.
   */
  refund(request: RefundRequest): Promise<RefundState>;
  /**
   * A refund's state at the vendor (Alipay `alipay.trade.fastpay.refund.query`, WeChat Pay v3
   * `GET /v3/refund/domestic/refunds/{out_refund_no}`).
   */
  queryRefund(input: { outTradeNo: string; outRefundNo: string }): Promise<RefundState>;
}

/** A vendor refused a call; `vendorCode` is its own code (ACQ.SYSTEM_ERROR, PARAM_ERROR, …). */
export class PaymentVendorError extends Error {
  constructor(
    readonly vendorCode: string,
    readonly vendorMessage: string,
  ) {
    super(`支付服务返回错误：${vendorMessage} (${vendorCode})`);
    this.name = 'PaymentVendorError';
  }
}

/** Fen to the yuan string Alipay wants ("12.34"). */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Alipay's yuan string ("12.3", "12.34", "12") to fen, or null when it is not an amount. */
export function yuanTextToFen(text: string | undefined | null): number | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The gateways the orders feature pays through, one per channel. */
export interface PaymentProviders {
  alipay: PaymentGateway & RecurringGateway & RefundGateway;
  wechat: PaymentGateway & RefundGateway;
}
