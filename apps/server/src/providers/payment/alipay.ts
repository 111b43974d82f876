import type { KeyObject } from 'node:crypto';
import { formatTime, parseTime } from '@dso/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  loadPrivateKey,
  loadPublicKey,
  notifyCheckContent,
  rawJsonMember,
  requestSignContent,
  rsa2Sign,
  rsa2Verify,
} from './alipay-sign';
import {
  fenToYuanText,
  type NotifyAnswer,
  type PaymentCallback,
  type PaymentGateway,
  type PaymentNotice,
  type PaymentRequest,
  PaymentVendorError,
  type RecurringGateway,
  type RecurringRequest,
  type RefundGateway,
  type RefundState,
  type TradeState,
  yuanTextToFen,
} from './index';

/**
 * Alipay through the OpenAPI gateway (gateway.do, RSA2, public-key mode). Doc pages followed
 * (opendocs.alipay.com): 「公共请求参数」「生成签名」「自行实现验签」, alipay.trade.precreate (当面付),
 * alipay.trade.query, alipay.trade.close, 「异步通知说明」 (当面付), and for 周期扣款: 「支付并签约场景」
 * (agreement_sign_params, period_rule_params), alipay.trade.pay with agreement_params,
 * alipay.user.agreement.unsign, and the dut_user_sign / dut_user_unsign notifications.
 */
export interface AlipayOptions {
  /** The open-platform app id (APPID). */
  appId: string;
  /** The app's RSA private key: PEM (PKCS#8 or PKCS#1) or the bare base64 body. */
  privateKey: string;
  /** Alipay's public key for this app (not the app's own public key): PEM or bare base64. */
  alipayPublicKey: string;
  /** The merchant's PID (2088…); a trade notification for another seller is refused when set. */
  sellerId?: string;
  /** Defaults to https://openapi.alipay.com/gateway.do; tests point it at the fake. */
  gateway?: string;
  /** The 周期扣款 signing scene agreed with Alipay; INDUSTRY|DIGITAL_MEDIA by default. */
  signScene?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  now?: () => Date;
  log: FastifyBaseLogger;
}

const DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const CYCLE_PAY_AUTH = 'CYCLE_PAY_AUTH';
const CYCLE_PAY_AUTH_P = 'CYCLE_PAY_AUTH_P';

/** 'yyyy-MM-dd HH:mm:ss' in Asia/Shanghai (UTC+8 all year, no daylight saving). */
export function shanghaiDateTime(at: Date): string {
  return formatTime(at, 'YYYY-MM-DD HH:mm:ss');
}

/** Alipay's 'yyyy-MM-dd HH:mm:ss' (Asia/Shanghai) as a Date, or null when it is not one. */
export function parseShanghaiDateTime(text: string | undefined): Date | null {
  // The domain reads wall-clock text more leniently (no seconds, '/'); Alipay always sends this form.
  if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(text ?? '')) return null;
  const ms = parseTime(text!);
  return ms === null ? null : new Date(ms);
}

type Node = Record<string, unknown>;

function text(node: Node, key: string): string | undefined {
  const value = node[key];
  return typeof value === 'string' ? value : undefined;
}

function parseObject(json: string): Node | null {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Node) : null;
  } catch {
    return null;
  }
}

function refusal(node: Node): PaymentVendorError {
  return new PaymentVendorError(
    text(node, 'sub_code') ?? text(node, 'code') ?? 'UNKNOWN',
    text(node, 'sub_msg') ?? text(node, 'msg') ?? '未知错误',
  );
}

export function createAlipayGateway(options: AlipayOptions): PaymentGateway & RecurringGateway & RefundGateway {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const gateway = options.gateway ?? DEFAULT_GATEWAY;
  const signScene = options.signScene ?? 'INDUSTRY|DIGITAL_MEDIA';
  const appKey: KeyObject = loadPrivateKey(options.privateKey);
  const alipayKey: KeyObject = loadPublicKey(options.alipayPublicKey);
  const log = options.log;

  /**
   * One OpenAPI call. Returns the verified `<method>_response` node whatever its `code`; throws
   * PaymentVendorError when the answer is unreadable or its signature does not hold.
   */
  async function call(method: string, biz: Record<string, unknown>, notifyUrl?: string): Promise<Node> {
    const protocol: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: shanghaiDateTime(now()),
      version: '1.0',
    };
    if (notifyUrl) protocol.notify_url = notifyUrl;
    const bizContent = JSON.stringify(biz);
    protocol.sign = rsa2Sign(requestSignContent({ ...protocol, biz_content: bizContent }), appKey);
    // As the official SDKs do: the protocol parameters in the query string, biz_content in the form body.
    const url = `${gateway}${gateway.includes('?') ? '&' : '?'}${new URLSearchParams(protocol)}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: new URLSearchParams({ biz_content: bizContent }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      log.warn({ method, err: error }, 'Alipay unreachable');
      throw new PaymentVendorError('NETWORK_ERROR', '无法连接支付宝');
    }
    return readResponse(method, response.status, await response.text());
  }

  function readResponse(method: string, status: number, body: string): Node {
    const parsed = parseObject(body);
    if (!parsed) {
      log.warn({ method, status, body: body.slice(0, 200) }, 'Alipay answered something other than a JSON object');
      throw new PaymentVendorError(`HTTP${status}`, '支付宝返回了无法识别的内容');
    }
    const nodeText = rawJsonMember(body, `${method.replaceAll('.', '_')}_response`);
    const node = nodeText === null ? null : parseObject(nodeText);
    if (nodeText === null || !node) {
      // Gateway-level refusals (unknown method, bad app id) come as error_response; never a success.
      const error = parsed.error_response;
      if (error && typeof error === 'object' && !Array.isArray(error)) throw refusal(error as Node);
      throw new PaymentVendorError('BAD_RESPONSE', '支付宝返回了无法识别的内容');
    }
    const sign = text(parsed, 'sign');
    // Alipay signs every answer about a trade (success, waiting, business failure); only protocol
    // refusals such as an unknown app id may come unsigned, and those never change a trade's fate.
    const mustBeSigned = ['10000', '10003', '40004'].includes(String(node.code));
    if (sign !== undefined ? !rsa2Verify(nodeText, sign, alipayKey) : mustBeSigned) {
      log.error({ method }, 'Alipay response signature does not verify');
      throw new PaymentVendorError('SIGN_INVALID', '支付宝响应验签失败');
    }
    if (node.code !== '10000') {
      log.warn(
        { method, code: node.code, subCode: node.sub_code, subMsg: node.sub_msg },
        'Alipay answered with an error code',
      );
    }
    return node;
  }

  function paidState(node: Node, paidAtKey: string): TradeState {
    const amountFen = yuanTextToFen(text(node, 'total_amount'));
    const vendorTradeNo = text(node, 'trade_no');
    if (amountFen === null || !vendorTradeNo)
      throw new PaymentVendorError('BAD_RESPONSE', '支付宝返回的交易信息不完整');
    return {
      state: 'paid',
      amountFen,
      vendorTradeNo,
      paidAt: parseShanghaiDateTime(text(node, paidAtKey)) ?? now(),
    };
  }

  function readTradeNotice(params: Record<string, string>): PaymentNotice {
    if (options.sellerId && params.seller_id !== options.sellerId) {
      return { kind: 'forged', reason: `seller_id ${params.seller_id ?? '(none)'} is not ours` };
    }
    const outTradeNo = params.out_trade_no;
    if (!outTradeNo) return { kind: 'forged', reason: 'no out_trade_no' };
    const status = params.trade_status;
    // A refund is notified on the trade (trade_status TRADE_SUCCESS after a partial one, TRADE_CLOSED
    // after the whole amount) with the refund fields added.
    if (params.refund_fee !== undefined || params.gmt_refund !== undefined) return readRefundNotice(params, outTradeNo);
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED') {
      return { kind: 'ignored', outTradeNo, reason: `trade_status ${status ?? '(none)'}` };
    }
    const amountFen = yuanTextToFen(params.total_amount);
    if (amountFen === null) return { kind: 'forged', reason: `malformed total_amount ${params.total_amount}` };
    if (!params.trade_no) return { kind: 'forged', reason: 'no trade_no' };
    return {
      kind: 'paid',
      outTradeNo,
      amountFen,
      vendorTradeNo: params.trade_no,
      paidAt: parseShanghaiDateTime(params.gmt_payment) ?? parseShanghaiDateTime(params.notify_time) ?? now(),
      ...(params.agreement_no ? { agreementNo: params.agreement_no } : {}),
    };
  }

  /**
   * A refund's notification: out_biz_no is our out_request_no. Alipay's refund_fee is everything refunded
   * on the trade so far, not this refund alone: it is `amountFen` as is, which is this refund's amount
   * when it is the trade's only one (ours give a late or double payment back whole, once).
   */
  function readRefundNotice(params: Record<string, string>, outTradeNo: string): PaymentNotice {
    const amountFen = yuanTextToFen(params.refund_fee);
    if (amountFen === null) return { kind: 'forged', reason: `malformed refund_fee ${params.refund_fee}` };
    if (!params.out_biz_no) return { kind: 'ignored', outTradeNo, reason: 'refund notice without out_biz_no' };
    return {
      kind: 'refund',
      outTradeNo,
      outRefundNo: params.out_biz_no,
      status: 'success',
      amountFen,
      vendorRefundId: params.trade_no ?? '',
      // gmt_refund carries milliseconds ('2015-04-28 15:45:57.320').
      refundedAt: parseShanghaiDateTime(params.gmt_refund?.slice(0, 19)) ?? now(),
    };
  }

  function readAgreementNotice(params: Record<string, string>, status: 'signed' | 'ended'): PaymentNotice {
    const agreementNo = params.agreement_no;
    const externalAgreementNo = params.external_agreement_no;
    if (!agreementNo || !externalAgreementNo) {
      return { kind: 'ignored', reason: `${params.notify_type} without agreement_no or external_agreement_no` };
    }
    if (status === 'signed' && params.status !== 'NORMAL') {
      return { kind: 'ignored', reason: `dut_user_sign with status ${params.status ?? '(none)'}` };
    }
    return { kind: 'agreement', status, agreementNo, externalAgreementNo };
  }

  function readNotice(body: string): PaymentNotice {
    const params = Object.fromEntries(new URLSearchParams(body));
    if (!params.sign) return { kind: 'forged', reason: 'no sign' };
    if (params.sign_type && params.sign_type !== 'RSA2') {
      return { kind: 'forged', reason: `sign_type ${params.sign_type}` };
    }
    if (!rsa2Verify(notifyCheckContent(params), params.sign, alipayKey)) {
      return { kind: 'forged', reason: 'signature does not verify with the Alipay public key' };
    }
    if (params.app_id !== options.appId) return { kind: 'forged', reason: `app_id ${params.app_id} is not ours` };
    switch (params.notify_type) {
      case 'trade_status_sync':
        return readTradeNotice(params);
      case 'dut_user_sign':
        return readAgreementNotice(params, 'signed');
      case 'dut_user_unsign':
        return readAgreementNotice(params, 'ended');
      default:
        return { kind: 'ignored', reason: `notify_type ${params.notify_type ?? '(none)'}` };
    }
  }

  /**
   * A refused refund call: a business refusal (40004 ACQ.*) as `failed`, thrown for what may pass on
   * a retry (20000, ACQ.SYSTEM_ERROR, protocol errors).
   */
  function refundRefusal(node: Node): Extract<RefundState, { state: 'failed' }> | PaymentVendorError {
    const subCode = text(node, 'sub_code') ?? '';
    if (node.code !== '40004' || !subCode.startsWith('ACQ.') || subCode === 'ACQ.SYSTEM_ERROR') return refusal(node);
    return { state: 'failed', reason: `${text(node, 'sub_msg') ?? subCode} (${subCode})` };
  }

  /**
   * alipay.trade.fastpay.refund.query: 10000 with refund_status REFUND_SUCCESS (or, in older answers, no
   * refund_status but the refund's amount) is a refund made; 10000 without the refund is one Alipay
   * does not know (its documented "not refunded, retry the refund with the same out_request_no").
   */
  async function queryRefund(input: { outTradeNo: string; outRefundNo: string }): Promise<RefundState> {
    const node = await call('alipay.trade.fastpay.refund.query', {
      out_trade_no: input.outTradeNo,
      out_request_no: input.outRefundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (node.code !== '10000') {
      if (node.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_exist' };
      const refused = refundRefusal(node);
      if (refused instanceof PaymentVendorError) throw refused;
      return refused;
    }
    const found =
      text(node, 'out_request_no') === input.outRefundNo && yuanTextToFen(text(node, 'refund_amount')) !== null;
    const status = text(node, 'refund_status');
    if (!found || (status !== undefined && status !== 'REFUND_SUCCESS')) return { state: 'not_exist' };
    return {
      state: 'success',
      vendorRefundId: text(node, 'trade_no') ?? '',
      refundedAt: parseShanghaiDateTime(text(node, 'gmt_refund_pay')) ?? now(),
    };
  }

  /** 当面付 预下单 (alipay.trade.precreate) of a trade sold as `productCode`: the QR the payer scans. */
  async function precreate(request: PaymentRequest, productCode: string, extra: Record<string, unknown> = {}) {
    const node = await call(
      'alipay.trade.precreate',
      {
        out_trade_no: request.outTradeNo,
        total_amount: fenToYuanText(request.amountFen),
        subject: request.subject,
        product_code: productCode,
        time_expire: shanghaiDateTime(request.expiresAt),
        ...extra,
      },
      request.notifyUrl,
    );
    if (node.code !== '10000') throw refusal(node);
    const qrText = text(node, 'qr_code');
    if (!qrText) throw new PaymentVendorError('BAD_RESPONSE', '支付宝未返回二维码');
    return { qrText };
  }

  return {
    provider: 'alipay',
    channel: 'alipay',

    async createQr(request) {
      return precreate(request, 'FACE_TO_FACE_PAYMENT');
    },

    async readNotify(callback: PaymentCallback) {
      let notice: PaymentNotice;
      try {
        notice = readNotice(callback.body);
      } catch (error) {
        notice = { kind: 'forged', reason: `unreadable notification: ${(error as Error).message}` };
      }
      if (notice.kind === 'forged') log.warn({ reason: notice.reason }, 'Alipay notification refused');
      return notice;
    },

    notifyAnswer(handled): NotifyAnswer {
      // Alipay keeps retrying (up to 8 times over 25 hours) until the body is exactly `success`.
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: handled ? 'success' : 'fail' };
    },

    async queryTrade(outTradeNo) {
      const node = await call('alipay.trade.query', { out_trade_no: outTradeNo });
      if (node.code !== '10000') {
        // A precreated trade exists at Alipay only once its QR has been scanned.
        if (node.sub_code === 'ACQ.TRADE_NOT_EXIST') return { state: 'not_exist' };
        throw refusal(node);
      }
      switch (node.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED':
          return paidState(node, 'send_pay_date');
        case 'WAIT_BUYER_PAY':
          return { state: 'pending' };
        case 'TRADE_CLOSED':
          // Closed after a payment (send_pay_date set) means fully refunded; otherwise it lapsed unpaid.
          return text(node, 'send_pay_date') ? { state: 'refunded' } : { state: 'closed' };
        default:
          throw new PaymentVendorError('BAD_RESPONSE', `未知的交易状态 ${String(node.trade_status)}`);
      }
    },

    async closeTrade(outTradeNo) {
      const node = await call('alipay.trade.close', { out_trade_no: outTradeNo });
      if (node.code === '10000' || node.sub_code === 'ACQ.TRADE_NOT_EXIST') return;
      throw refusal(node);
    },

    /**
     * 支付并签约 on the 当面付 QR: the first period's trade carries agreement_sign_params, so paying it
     * in the wallet also signs the 周期扣款 agreement; the dut_user_sign notification goes to the same
     * notify URL (sign_notify_url). Caution: Alipay's pages document agreement_sign_params on app pay,
     * page pay and trade.create; that precreate honours it must be confirmed with Alipay for the
     * merchant's 周期扣款 contract before the continuous plan goes live on this adapter.
     */
    async createSigningQr(request: RecurringRequest) {
      return precreate(request, CYCLE_PAY_AUTH, {
        agreement_sign_params: {
          personal_product_code: CYCLE_PAY_AUTH_P,
          sign_scene: signScene,
          external_agreement_no: request.externalAgreementNo,
          // The payer signs inside the Alipay wallet after scanning, not on a separate signing QR.
          access_params: { channel: 'ALIPAYAPP' },
          sign_notify_url: request.notifyUrl,
          period_rule_params: {
            period_type: 'DAY',
            period: request.periodDays,
            execute_time: request.firstChargeDate,
            single_amount: fenToYuanText(request.cycleAmountFen),
          },
        },
      });
    },

    async chargeAgreement(input) {
      const node = await call(
        'alipay.trade.pay',
        {
          out_trade_no: input.outTradeNo,
          total_amount: fenToYuanText(input.amountFen),
          subject: input.subject,
          product_code: CYCLE_PAY_AUTH,
          agreement_params: { agreement_no: input.agreementNo },
        },
        input.notifyUrl,
      );
      switch (node.code) {
        case '10000':
          return paidState(node, 'gmt_payment');
        // 10003: waiting for the payer; 20000: the outcome is unknown. Both are settled by queryTrade
        // or the notification, never by charging again under a new trade number.
        case '10003':
        case '20000':
          return { state: 'pending' };
        default:
          throw refusal(node);
      }
    },

    /**
     * alipay.trade.refund. Code 10000 with fund_change Y: the money moved now. 10000 with fund_change N
     * is what a repeated out_request_no answers (already refunded) and may also mean "not moved yet";
     * Alipay says to confirm it with the refund query, so we do. A business refusal is `failed` with
     * Alipay's words; a system error (20000, ACQ.SYSTEM_ERROR) or anything else throws, so the same
     * refund is asked again later under the same out_request_no.
     */
    async refund(request) {
      const node = await call('alipay.trade.refund', {
        out_trade_no: request.outTradeNo,
        trade_no: request.vendorTradeNo,
        refund_amount: fenToYuanText(request.refundFen),
        out_request_no: request.outRefundNo,
        // refund_reason is at most 256 characters.
        refund_reason: [...request.reason].slice(0, 256).join(''),
      });
      if (node.code === '10000') {
        if (node.fund_change === 'Y') {
          return {
            state: 'success',
            vendorRefundId: text(node, 'trade_no') ?? request.vendorTradeNo,
            refundedAt: parseShanghaiDateTime(text(node, 'gmt_refund_pay')) ?? now(),
          };
        }
        const confirmed = await queryRefund(request);
        // Accepted but not found yet: settling, as a later query or the notification will tell.
        return confirmed.state === 'not_exist'
          ? { state: 'processing', vendorRefundId: request.vendorTradeNo }
          : confirmed;
      }
      const refused = refundRefusal(node);
      if (refused instanceof PaymentVendorError) throw refused;
      return refused;
    },

    queryRefund,

    async cancelAgreement(agreementNo) {
      const node = await call('alipay.user.agreement.unsign', {
        agreement_no: agreementNo,
        personal_product_code: CYCLE_PAY_AUTH_P,
        sign_scene: signScene,
      });
      if (node.code !== '10000') throw refusal(node);
    },
  };
}
