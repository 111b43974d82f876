import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sandboxCashierPageUrl } from '@dso/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sandboxTrades } from '../../db/schema';
import type {
  PayChannel,
  PaymentCallback,
  PaymentGateway,
  PaymentNotice,
  PaymentQr,
  PaymentRequest,
  RecurringGateway,
  RecurringRequest,
  RefundGateway,
  RefundRequest,
  RefundState,
  TradeState,
} from './index';

/**
 * The sandbox payment provider (the default): it keeps trades as a vendor would, in the database so
 * every instance sees them, and its QR opens the web app's cashier page (支付 / 取消, for the order's
 * owner only). Paying there sends a notification signed with the sandbox secret (HMAC-SHA256 over the
 * body; a random one per database unless pinned) to the order's notify URL, through the same route and
 * checks a vendor's would take. Production refuses to start with it.
 *
 * Refunds succeed at once (the sandbox's money always goes back) and are kept per `outRefundNo` in this
 * process, so asking twice refunds once; the sandbox then sends a signed REFUND_SUCCESS notification to
 * the refund's notify URL through `deliver` (set by whoever can reach the notify route: the server wires
 * it to its own HTTP stack; by default it is posted to the URL), as a vendor would after its answer.
 * Another instance on the same database does not know a refund this one made: its query answers
 * not_exist and a repeated request refunds (fake money) again under the same refund id.
 */

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

export interface SandboxPaymentOptions {
  db: Database;
  /** The secret the sandbox's notifications are signed with (loaded once, on first use). */
  secret: () => Promise<Buffer | string>;
  now?: () => Date;
}

/** The body of a sandbox notification. */
interface SandboxNotifyBody {
  out_trade_no: string;
  /** TRADE_SUCCESS, CANCELLED, AGREEMENT_SIGNED, AGREEMENT_ENDED, REFUND_SUCCESS. */
  trade_status: string;
  total_fen?: number;
  trade_no?: string;
  paid_at?: string;
  agreement_no?: string;
  external_agreement_no?: string;
  /** REFUND_SUCCESS: our refund id, what went back (fen), the sandbox's refund id and when. */
  out_refund_no?: string;
  refund_fen?: number;
  refund_id?: string;
  refunded_at?: string;
}

/** A refund the sandbox made. */
interface SandboxRefund {
  outTradeNo: string;
  refundFen: number;
  vendorRefundId: string;
  refundedAt: Date;
}

/** A notification ready to send: where to, its headers and body. */
export interface SandboxNotification {
  notifyUrl: string;
  headers: Record<string, string>;
  body: string;
}

export interface SandboxPayment {
  alipay: PaymentGateway & RecurringGateway & RefundGateway;
  wechat: PaymentGateway & RefundGateway;
  /** The cashier's 支付: marks the trade paid and returns the signed notification to deliver. */
  pay(outTradeNo: string): Promise<SandboxNotification | null>;
  /** The cashier's 取消. */
  cancel(outTradeNo: string): Promise<SandboxNotification | null>;
  /** A trade as the cashier page shows it, or undefined. */
  findTrade(outTradeNo: string): Promise<typeof sandboxTrades.$inferSelect | undefined>;
  /** Signs a body as the sandbox does (tests forge with another secret). */
  sign(body: string): Promise<string>;
  /**
   * Sets how the sandbox's own notifications (a refund's, sent right after it is made) reach the
   * notify route; the default posts to the notify URL. Returns the previous one.
   */
  deliverNotificationsWith(deliver: NotificationDelivery): NotificationDelivery;
  /** The signed notification of a refund the sandbox made, or null (tests deliver it again). */
  refundNotification(outRefundNo: string): Promise<SandboxNotification | null>;
}

/** Sends one notification to its notify route; failures are the sender's to log. */
export type NotificationDelivery = (notification: SandboxNotification) => Promise<void>;

/** The default delivery: an HTTP POST to the notify URL, as a vendor would. */
const postNotification: NotificationDelivery = async (notification) => {
  await fetch(notification.notifyUrl, {
    method: 'POST',
    headers: notification.headers,
    body: notification.body,
    signal: AbortSignal.timeout(10_000),
  });
};

export function createSandboxPayment(options: SandboxPaymentOptions): SandboxPayment {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const sign = async (body: string) =>
    createHmac('sha256', await options.secret())
      .update(body)
      .digest('hex');

  const notification = async (trade: { notifyUrl: string }, body: SandboxNotifyBody): Promise<SandboxNotification> => {
    const text = JSON.stringify(body);
    return {
      notifyUrl: trade.notifyUrl,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: await sign(text) },
      body: text,
    };
  };

  async function createTrade(channel: PayChannel, request: PaymentRequest, agreement?: string): Promise<PaymentQr> {
    await db
      .insert(sandboxTrades)
      .values({
        outTradeNo: request.outTradeNo,
        channel,
        amountFen: request.amountFen,
        subject: request.subject,
        notifyUrl: request.notifyUrl,
        vendorTradeNo: `SBX${randomBytes(10).toString('hex').toUpperCase()}`,
        externalAgreementNo: agreement ?? null,
        expiresAt: request.expiresAt,
      })
      // One row stands for the order's trade at either vendor. The payer switching between 支付宝 and
      // 微信支付 asks for the other channel's QR: the waiting trade follows, so the cashier it opens is
      // that channel's (it kept the first channel asked for, and the Alipay QR opened 微信支付收银台).
      .onConflictDoUpdate({
        target: sandboxTrades.outTradeNo,
        set: { channel },
        setWhere: eq(sandboxTrades.status, 'WAIT_BUYER_PAY'),
      });
    // The cashier is a page of this installation's web app, reached where the vendor would post back.
    return { qrText: sandboxCashierPageUrl(new URL(request.notifyUrl).origin, request.outTradeNo) };
  }

  const refunds = new Map<string, SandboxRefund & { notifyUrl: string }>();
  let deliver: NotificationDelivery = postNotification;

  const refundNotification = async (outRefundNo: string): Promise<SandboxNotification | null> => {
    const refund = refunds.get(outRefundNo);
    if (!refund) return null;
    return notification(refund, {
      out_trade_no: refund.outTradeNo,
      trade_status: 'REFUND_SUCCESS',
      out_refund_no: outRefundNo,
      refund_fen: refund.refundFen,
      refund_id: refund.vendorRefundId,
      refunded_at: refund.refundedAt.toISOString(),
    });
  };

  const refundState = (refund: SandboxRefund): RefundState => ({
    state: 'success',
    vendorRefundId: refund.vendorRefundId,
    refundedAt: refund.refundedAt,
  });

  async function refund(request: RefundRequest): Promise<RefundState> {
    const known = refunds.get(request.outRefundNo);
    if (known) {
      // One refund id is one refund: asked again (even with other figures) it answers the first.
      return known.outTradeNo === request.outTradeNo
        ? refundState(known)
        : { state: 'failed', reason: '退款单号已用于其他交易' };
    }
    const [trade] = await db
      .select()
      .from(sandboxTrades)
      .where(eq(sandboxTrades.outTradeNo, request.outTradeNo))
      .limit(1);
    if (trade?.status !== 'TRADE_SUCCESS' || trade.vendorTradeNo !== request.vendorTradeNo) {
      return { state: 'failed', reason: '交易不存在或未支付' };
    }
    let refunded = 0;
    for (const other of refunds.values()) if (other.outTradeNo === trade.outTradeNo) refunded += other.refundFen;
    if (!Number.isSafeInteger(request.refundFen) || request.refundFen <= 0) {
      return { state: 'failed', reason: '退款金额无效' };
    }
    if (request.refundFen > trade.amountFen - refunded) return { state: 'failed', reason: '退款金额超过可退金额' };
    const made = {
      outTradeNo: trade.outTradeNo,
      refundFen: request.refundFen,
      vendorRefundId: `SBXR${randomBytes(10).toString('hex').toUpperCase()}`,
      refundedAt: now(),
      notifyUrl: request.notifyUrl,
    };
    refunds.set(request.outRefundNo, made);
    const notice = await refundNotification(request.outRefundNo);
    // After the answer, as a vendor's notification follows its answer; a lost one is the query's to mend.
    if (notice) setImmediate(() => deliver(notice).catch(() => {}));
    return refundState(made);
  }

  async function queryRefund(input: { outTradeNo: string; outRefundNo: string }): Promise<RefundState> {
    const known = refunds.get(input.outRefundNo);
    return known && known.outTradeNo === input.outTradeNo ? refundState(known) : { state: 'not_exist' };
  }

  async function readNotify(callback: PaymentCallback): Promise<PaymentNotice> {
    const given = callback.headers[SANDBOX_SIGNATURE_HEADER] ?? '';
    const expected = await sign(callback.body);
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
      return { kind: 'forged', reason: 'sandbox signature mismatch' };
    }
    let body: SandboxNotifyBody;
    try {
      body = JSON.parse(callback.body) as SandboxNotifyBody;
    } catch {
      return { kind: 'forged', reason: 'unreadable body' };
    }
    if (typeof body.out_trade_no !== 'string') return { kind: 'forged', reason: 'no out_trade_no' };
    switch (body.trade_status) {
      case 'TRADE_SUCCESS':
        if (!Number.isInteger(body.total_fen)) return { kind: 'forged', reason: 'no amount' };
        return {
          kind: 'paid',
          outTradeNo: body.out_trade_no,
          amountFen: body.total_fen as number,
          vendorTradeNo: body.trade_no ?? '',
          paidAt: new Date(body.paid_at ?? now()),
          ...(body.agreement_no ? { agreementNo: body.agreement_no } : {}),
        };
      case 'CANCELLED':
        return { kind: 'cancelled', outTradeNo: body.out_trade_no };
      case 'REFUND_SUCCESS':
        if (!Number.isInteger(body.refund_fen) || !body.out_refund_no) return { kind: 'forged', reason: 'no refund' };
        return {
          kind: 'refund',
          outTradeNo: body.out_trade_no,
          outRefundNo: body.out_refund_no,
          status: 'success',
          amountFen: body.refund_fen as number,
          vendorRefundId: body.refund_id ?? '',
          refundedAt: new Date(body.refunded_at ?? now()),
        };
      case 'AGREEMENT_SIGNED':
      case 'AGREEMENT_ENDED':
        return {
          kind: 'agreement',
          status: body.trade_status === 'AGREEMENT_SIGNED' ? 'signed' : 'ended',
          agreementNo: body.agreement_no ?? '',
          externalAgreementNo: body.external_agreement_no ?? '',
        };
      default:
        return { kind: 'ignored', outTradeNo: body.out_trade_no, reason: body.trade_status };
    }
  }

  async function queryTrade(outTradeNo: string): Promise<TradeState> {
    const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)).limit(1);
    if (!trade) return { state: 'not_exist' };
    if (trade.status === 'TRADE_SUCCESS') {
      return {
        state: 'paid',
        amountFen: trade.amountFen,
        vendorTradeNo: trade.vendorTradeNo,
        paidAt: trade.paidAt ?? now(),
        ...(trade.agreementNo ? { agreementNo: trade.agreementNo } : {}),
      };
    }
    if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt > now()) return { state: 'pending' };
    return { state: 'closed' };
  }

  async function closeTrade(outTradeNo: string) {
    await db
      .update(sandboxTrades)
      .set({ status: 'TRADE_CLOSED' })
      .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'WAIT_BUYER_PAY')));
  }

  const gateway = (channel: PayChannel): PaymentGateway & RefundGateway => ({
    provider: 'sandbox',
    channel,
    createQr: (request) => createTrade(channel, request),
    readNotify,
    notifyAnswer: (handled) => ({ status: 200, contentType: 'text/plain', body: handled ? 'success' : 'fail' }),
    queryTrade,
    closeTrade,
    refund,
    queryRefund,
  });

  const recurring: RecurringGateway = {
    createSigningQr: (request: RecurringRequest) => createTrade('alipay', request, request.externalAgreementNo),
    async chargeAgreement(input) {
      // The sandbox's agreements always have funds: a charge is paid at once, as a successful
      // 周期扣款 answers 10000 synchronously.
      const paidAt = now();
      const vendorTradeNo = `SBX${randomBytes(10).toString('hex').toUpperCase()}`;
      await db
        .insert(sandboxTrades)
        .values({
          outTradeNo: input.outTradeNo,
          channel: 'alipay',
          amountFen: input.amountFen,
          subject: input.subject,
          notifyUrl: input.notifyUrl,
          vendorTradeNo,
          agreementNo: input.agreementNo,
          status: 'TRADE_SUCCESS',
          paidAt,
          expiresAt: paidAt,
        })
        .onConflictDoNothing();
      return queryTrade(input.outTradeNo);
    },
    async cancelAgreement() {},
  };

  return {
    alipay: { ...gateway('alipay'), ...recurring },
    wechat: gateway('wechat'),
    sign,
    refundNotification,
    deliverNotificationsWith(next) {
      const previous = deliver;
      deliver = next;
      return previous;
    },
    async findTrade(outTradeNo) {
      const [trade] = await db.select().from(sandboxTrades).where(eq(sandboxTrades.outTradeNo, outTradeNo)).limit(1);
      return trade;
    },
    async pay(outTradeNo) {
      const at = now();
      const [trade] = await db
        .update(sandboxTrades)
        .set({
          status: 'TRADE_SUCCESS',
          paidAt: at,
          // A signing trade (支付并签约) gets its agreement when paid.
          agreementNo: sql`case when ${sandboxTrades.externalAgreementNo} is not null then ${`SBXA${outTradeNo}`} end`,
        })
        .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'WAIT_BUYER_PAY')))
        .returning();
      if (!trade) return null;
      if (trade.expiresAt <= at) {
        // Too late: the trade lapsed; a vendor would refuse the scan.
        await db
          .update(sandboxTrades)
          .set({ status: 'TRADE_CLOSED', paidAt: null })
          .where(eq(sandboxTrades.outTradeNo, outTradeNo));
        return null;
      }
      return notification(trade, {
        out_trade_no: trade.outTradeNo,
        trade_status: 'TRADE_SUCCESS',
        total_fen: trade.amountFen,
        trade_no: trade.vendorTradeNo,
        paid_at: at.toISOString(),
        ...(trade.agreementNo ? { agreement_no: trade.agreementNo } : {}),
      });
    },
    async cancel(outTradeNo) {
      const [trade] = await db
        .update(sandboxTrades)
        .set({ status: 'CANCELLED' })
        .where(and(eq(sandboxTrades.outTradeNo, outTradeNo), eq(sandboxTrades.status, 'WAIT_BUYER_PAY')))
        .returning();
      if (!trade) return null;
      return notification(trade, { out_trade_no: trade.outTradeNo, trade_status: 'CANCELLED' });
    },
  };
}
