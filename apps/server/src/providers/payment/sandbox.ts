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
  TradeState,
} from './index';

/**
 * The sandbox payment provider (the default): it keeps trades as a vendor would, in the database so
 * every instance sees them, and its QR opens the web app's cashier page (支付 / 取消, for the order's
 * owner only). Paying there sends a notification signed with the sandbox secret (HMAC-SHA256 over the
 * body; a random one per database unless pinned) to the order's notify URL, through the same route and
 * checks a vendor's would take. Production refuses to start with it.
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
  /** TRADE_SUCCESS, CANCELLED, AGREEMENT_SIGNED, AGREEMENT_ENDED. */
  trade_status: string;
  total_fen?: number;
  trade_no?: string;
  paid_at?: string;
  agreement_no?: string;
  external_agreement_no?: string;
}

/** A notification ready to send: where to, its headers and body. */
export interface SandboxNotification {
  notifyUrl: string;
  headers: Record<string, string>;
  body: string;
}

export interface SandboxPayment {
  alipay: PaymentGateway & RecurringGateway;
  wechat: PaymentGateway;
  /** The cashier's 支付: marks the trade paid and returns the signed notification to deliver. */
  pay(outTradeNo: string): Promise<SandboxNotification | null>;
  /** The cashier's 取消. */
  cancel(outTradeNo: string): Promise<SandboxNotification | null>;
  /** A trade as the cashier page shows it, or undefined. */
  findTrade(outTradeNo: string): Promise<typeof sandboxTrades.$inferSelect | undefined>;
  /** Signs a body as the sandbox does (tests forge with another secret). */
  sign(body: string): Promise<string>;
}

export function createSandboxPayment(options: SandboxPaymentOptions): SandboxPayment {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const sign = async (body: string) =>
    createHmac('sha256', await options.secret())
      .update(body)
      .digest('hex');

  const notification = async (
    trade: typeof sandboxTrades.$inferSelect,
    body: SandboxNotifyBody,
  ): Promise<SandboxNotification> => {
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

  const gateway = (channel: PayChannel): PaymentGateway => ({
    provider: 'sandbox',
    channel,
    createQr: (request) => createTrade(channel, request),
    readNotify,
    notifyAnswer: (handled) => ({ status: 200, contentType: 'text/plain', body: handled ? 'success' : 'fail' }),
    queryTrade,
    closeTrade,
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
