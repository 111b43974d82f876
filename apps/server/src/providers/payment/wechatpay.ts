import { formatTime } from '@dso/domain';
import type { FastifyBaseLogger } from 'fastify';
import {
  type PaymentCallback,
  type PaymentGateway,
  type PaymentNotice,
  PaymentVendorError,
  type RefundGateway,
  type RefundState,
  type TradeState,
} from './index';
import {
  apiV3KeyBytes,
  buildAuthorization,
  checkSignature,
  createNonce,
  createPlatformKeyStore,
  decryptAesGcm,
  loadPrivateKey,
  loadPublicKey,
  normaliseSerial,
  type PlatformCertificate,
  readPlatformCertificate,
  type WechatpaySignedHeaders,
} from './wechatpay-crypto';

/**
 * WeChat Pay API v3, Native payment (扫码支付) for a 普通商户. Doc pages followed (pay.weixin.qq.com/doc/v3/merchant):
 * Native下单 4012791877 (`POST /v3/pay/transactions/native` → `code_url`), 商户订单号查询订单 4013070356,
 * 关闭订单 4013070360 (204 without body), 支付成功回调通知 (event TRANSACTION.SUCCESS, resource
 * AEAD_AES_256_GCM; 通知应答: 200/204 without body on success, 4XX/5XX with `{"code":"FAIL","message":"失败"}`
 * to be notified again), 下载平台证书 `GET /v3/certificates`, and the signing/verification rules cited in
 * wechatpay-crypto.ts. Both key modes work: 平台证书 (downloaded, serial = certificate serial) and
 * 微信支付公钥 (configured, serial `PUB_KEY_ID_…`); the answer's `Wechatpay-Serial` decides which.
 */
export interface WechatPayOptions {
  /** 商户号. */
  mchId: string;
  /** The APPID bound to the merchant (公众号 / 小程序 / 移动应用). */
  appId: string;
  /** The APIv3 key (32 characters) that decrypts notifications and certificates. */
  apiV3Key: string;
  /** The serial of the merchant API certificate (商户API证书序列号) matching `merchantPrivateKey`. */
  merchantSerialNo: string;
  /** The merchant API private key (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** 微信支付公钥 ID (`PUB_KEY_ID_…`), for merchants in the public-key mode. */
  publicKeyId?: string;
  /** 微信支付公钥 (PEM), with `publicKeyId`. */
  publicKey?: string;
  /** https://api.mch.weixin.qq.com by default, or a fake server in tests. */
  baseUrl?: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  now?: () => Date;
  log: FastifyBaseLogger;
}

/** Our own code for an answer that does not prove it came from WeChat Pay. */
const UNVERIFIED = 'RESPONSE_SIGNATURE_INVALID';

interface WechatAnswer {
  status: number;
  text: string;
  json: Record<string, unknown> | null;
  signed: WechatpaySignedHeaders;
}

interface TransactionResource {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

export function createWechatPayGateway(options: WechatPayOptions): PaymentGateway & RefundGateway {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const baseUrl = (options.baseUrl ?? 'https://api.mch.weixin.qq.com').replace(/\/+$/, '');
  const key = apiV3KeyBytes(options.apiV3Key);
  const privateKey = loadPrivateKey(options.merchantPrivateKey);
  if (Boolean(options.publicKeyId) !== Boolean(options.publicKey)) {
    throw new Error('WeChat Pay publicKeyId and publicKey go together');
  }

  const send = async (method: 'GET' | 'POST', path: string, payload?: unknown): Promise<WechatAnswer> => {
    const url = new URL(`${baseUrl}${path}`);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': 'DSO-Server WechatPay-APIv3 (Node.js)',
      Authorization: buildAuthorization({
        mchId: options.mchId,
        serialNo: options.merchantSerialNo,
        privateKey,
        method,
        urlPath: `${url.pathname}${url.search}`,
        body,
        timestamp: Math.floor(now().getTime() / 1000),
        nonce: createNonce(),
      }),
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetchImpl(url.toString(), {
        method,
        headers,
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      // Unreachable or timed out: nothing is known of the call's fate, so the caller may ask again.
      options.log.warn({ err: error, path }, 'WeChat Pay unreachable');
      throw new PaymentVendorError('NETWORK_ERROR', '无法连接微信支付');
    }
    const text = await response.text();
    let json: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = text ? JSON.parse(text) : null;
      if (parsed && typeof parsed === 'object') json = parsed as Record<string, unknown>;
    } catch {
      json = null;
    }
    return {
      status: response.status,
      text,
      json,
      signed: {
        timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
        nonce: response.headers.get('wechatpay-nonce') ?? undefined,
        signature: response.headers.get('wechatpay-signature') ?? undefined,
        serial: response.headers.get('wechatpay-serial') ?? undefined,
      },
    };
  };

  const downloadCertificates = async (): Promise<PlatformCertificate[]> => {
    const answer = await send('GET', '/v3/certificates');
    if (answer.status !== 200) throw vendorError(answer);
    const data = Array.isArray(answer.json?.data) ? (answer.json.data as Array<Record<string, unknown>>) : [];
    const list: PlatformCertificate[] = [];
    for (const item of data) {
      try {
        const pem = decryptAesGcm(item.encrypt_certificate as Parameters<typeof decryptAesGcm>[0], key);
        const certificate = readPlatformCertificate(pem);
        // The listed serial_no must be the certificate's own, or a swapped entry could pass as another.
        // Both sides normalised: WeChat Pay lists a serial starting with 0 with its 0 (0A1B…).
        if (certificate.serial === normaliseSerial(String(item.serial_no ?? ''))) list.push(certificate);
      } catch (error) {
        options.log.warn({ err: error, serial: item.serial_no }, 'WeChat Pay certificate could not be read');
      }
    }
    // The download is signed like every answer, by one of the certificates it carries (or the public key).
    const failure = await checkSignature(answer.signed, answer.text, async (serial) => keys.keyIn(list, serial), now());
    if (failure) throw new PaymentVendorError(UNVERIFIED, `平台证书下载应答验签失败：${failure}`);
    return list;
  };

  const keys = createPlatformKeyStore({
    publicKeyId: options.publicKeyId,
    publicKey: options.publicKey ? loadPublicKey(options.publicKey) : undefined,
    download: downloadCertificates,
    now,
  });

  /** Null when the signature verifies; the reason otherwise (a failed certificate download included). */
  const verify = async (signed: WechatpaySignedHeaders, body: string): Promise<string | null> => {
    try {
      return await checkSignature(signed, body, (serial) => keys.keyFor(serial), now());
    } catch (error) {
      options.log.warn({ err: error }, 'WeChat Pay platform certificates unavailable');
      return 'platform certificates unavailable';
    }
  };

  /** Throws unless the answer is provably WeChat Pay's; used for every answer we act upon. */
  const requireVerified = async (answer: WechatAnswer): Promise<void> => {
    const failure = await verify(answer.signed, answer.text);
    if (failure) {
      options.log.warn({ reason: failure, status: answer.status }, 'WeChat Pay answer refused');
      throw new PaymentVendorError(UNVERIFIED, `微信支付应答验签失败：${failure}`);
    }
  };

  const tradePath = (outTradeNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;

  return {
    provider: 'wechatpay',
    channel: 'wechat',

    async createQr(request) {
      const answer = await send('POST', '/v3/pay/transactions/native', {
        appid: options.appId,
        mchid: options.mchId,
        description: request.subject,
        out_trade_no: request.outTradeNo,
        time_expire: toBeijingRfc3339(request.expiresAt),
        notify_url: request.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      });
      if (answer.status !== 200) throw logged(options.log, vendorError(answer), request.outTradeNo);
      await requireVerified(answer);
      const codeUrl = answer.json?.code_url;
      if (typeof codeUrl !== 'string' || !codeUrl) {
        throw new PaymentVendorError('INVALID_RESPONSE', 'Native下单应答缺少 code_url');
      }
      return { qrText: codeUrl };
    },

    async readNotify(callback) {
      try {
        return await readNotice(callback);
      } catch (error) {
        // Nothing a caller sends may throw out of here; an unexpected failure is not a proof of payment.
        options.log.warn({ err: error }, 'WeChat Pay notification could not be read');
        return { kind: 'forged', reason: 'notification could not be read' };
      }
    },

    notifyAnswer(handled) {
      // 通知应答: success is 200/204 with no body; a failure (retry later) is 4XX/5XX with code FAIL.
      return handled
        ? { status: 204, contentType: 'application/json; charset=utf-8', body: '' }
        : {
            status: 500,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify({ code: 'FAIL', message: '失败' }),
          };
    },

    async queryTrade(outTradeNo) {
      const answer = await send('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(options.mchId)}`);
      if (answer.status === 404 && answer.json?.code === 'ORDER_NOT_EXIST') {
        // "Never heard of it" lets the caller treat the order as unpaid, so it must be WeChat Pay saying it.
        await requireVerified(answer);
        return { state: 'not_exist' };
      }
      if (answer.status !== 200) throw logged(options.log, vendorError(answer), outTradeNo);
      await requireVerified(answer);
      const trade = (answer.json ?? {}) as TransactionResource;
      if (trade.mchid !== options.mchId || trade.out_trade_no !== outTradeNo) {
        throw new PaymentVendorError('INVALID_RESPONSE', '查询订单应答的商户号或订单号不符');
      }
      return tradeStateOf(trade);
    },

    /**
     * 退款申请 (`POST /v3/refund/domestic/refunds`, amounts in fen). Its answer only says the refund was
     * taken: SUCCESS, PROCESSING (settled by the notification or the query), CLOSED / ABNORMAL (failed).
     * A refusal WeChat Pay documents as final (NOT_ENOUGH, INVALID_REQUEST, RESOURCE_NOT_EXISTS, …) is
     * `failed`; SYSTEM_ERROR, FREQUENCY_LIMITED, a 5XX or no answer throw, and the refund is asked again
     * with the same out_refund_no, which WeChat Pay refunds once.
     */
    async refund(request) {
      const answer = await send('POST', '/v3/refund/domestic/refunds', {
        transaction_id: request.vendorTradeNo,
        out_refund_no: request.outRefundNo,
        // 退款原因 is at most 80 characters; the payer sees it with the refund.
        reason: [...request.reason].slice(0, 80).join(''),
        notify_url: request.notifyUrl,
        amount: { refund: request.refundFen, total: request.totalFen, currency: 'CNY' },
      });
      return refundAnswer(answer, request);
    },

    async queryRefund(input) {
      const answer = await send('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(input.outRefundNo)}`);
      if (answer.status === 404 && answer.json?.code === 'RESOURCE_NOT_EXISTS') {
        await requireVerified(answer);
        return { state: 'not_exist' };
      }
      return refundAnswer(answer, input);
    },

    async closeTrade(outTradeNo) {
      const answer = await send('POST', `${tradePath(outTradeNo)}/close`, { mchid: options.mchId });
      if (answer.status === 204 || answer.status === 200) {
        await requireVerified(answer);
        return;
      }
      const code = String(answer.json?.code ?? '');
      // Never created (the QR was never requested or scanned) or already closed: it cannot be paid.
      if (code === 'ORDER_NOT_EXIST' || code === 'ORDER_CLOSED') {
        await requireVerified(answer);
        return;
      }
      if (code === 'ORDER_PAID' || code === 'ORDERPAID') {
        throw new PaymentVendorError('ORDER_PAID', String(answer.json?.message ?? '订单已支付'));
      }
      throw logged(options.log, vendorError(answer), outTradeNo);
    },
  };

  /** A refund answer (退款申请 or 查询单笔退款) as our state; throws when it may pass on a retry. */
  async function refundAnswer(
    answer: WechatAnswer,
    asked: { outTradeNo: string; outRefundNo: string },
  ): Promise<RefundState> {
    if (answer.status !== 200) {
      const error = vendorError(answer);
      const retryable =
        answer.status >= 500 || answer.status === 429 || answer.status === 401 || RETRYABLE.has(error.vendorCode);
      if (retryable || !answer.json) throw logged(options.log, error, asked.outTradeNo);
      // Giving a refund up must be WeChat Pay's own word.
      await requireVerified(answer);
      logged(options.log, error, asked.outTradeNo);
      return { state: 'failed', reason: `${error.vendorMessage} (${error.vendorCode})` };
    }
    await requireVerified(answer);
    const refund = (answer.json ?? {}) as RefundResource;
    if (refund.out_refund_no !== asked.outRefundNo || refund.out_trade_no !== asked.outTradeNo) {
      throw new PaymentVendorError('INVALID_RESPONSE', '退款应答的退款单号或订单号不符');
    }
    return refundStateOf(refund.status, refund);
  }

  async function readNotice(callback: PaymentCallback): Promise<PaymentNotice> {
    const failure = await verify(
      {
        timestamp: callback.headers['wechatpay-timestamp'],
        nonce: callback.headers['wechatpay-nonce'],
        signature: callback.headers['wechatpay-signature'],
        serial: callback.headers['wechatpay-serial'],
      },
      callback.body,
    );
    if (failure) return { kind: 'forged', reason: failure };

    let notice: { event_type?: unknown; resource_type?: unknown; resource?: unknown };
    try {
      notice = JSON.parse(callback.body) as typeof notice;
    } catch {
      return { kind: 'forged', reason: 'notification body is not JSON' };
    }
    if (!notice || typeof notice !== 'object') return { kind: 'forged', reason: 'notification body is not an object' };
    const isRefund = typeof notice.event_type === 'string' && notice.event_type.startsWith('REFUND.');
    if (notice.event_type !== 'TRANSACTION.SUCCESS' && !isRefund) {
      return { kind: 'ignored', reason: `event_type ${String(notice.event_type)}` };
    }
    const resource = notice.resource as Parameters<typeof decryptAesGcm>[0] | undefined;
    if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
      return { kind: 'forged', reason: 'notification without an encrypted resource' };
    }

    let trade: TransactionResource;
    try {
      trade = JSON.parse(decryptAesGcm(resource, key)) as TransactionResource;
    } catch {
      return { kind: 'forged', reason: 'resource does not decrypt with the APIv3 key' };
    }
    if (!trade || typeof trade !== 'object') return { kind: 'forged', reason: 'resource is not an object' };
    if (isRefund) return refundNoticeOf(trade as RefundResource, options.mchId);
    if (trade.mchid !== options.mchId) return { kind: 'forged', reason: `mchid ${String(trade.mchid)} is not ours` };
    if (trade.appid !== options.appId) return { kind: 'forged', reason: `appid ${String(trade.appid)} is not ours` };
    const outTradeNo = typeof trade.out_trade_no === 'string' ? trade.out_trade_no : undefined;
    if (!outTradeNo) return { kind: 'ignored', reason: 'resource without out_trade_no' };
    if (trade.trade_state !== 'SUCCESS') {
      return { kind: 'ignored', outTradeNo, reason: `trade_state ${String(trade.trade_state)}` };
    }
    const paid = paidState(trade);
    if (!paid) return { kind: 'ignored', outTradeNo, reason: 'paid notice without amount, transaction_id or time' };
    return {
      kind: 'paid',
      outTradeNo,
      amountFen: paid.amountFen,
      vendorTradeNo: paid.vendorTradeNo,
      paidAt: paid.paidAt,
    };
  }
}

/**
 * The paid facts of a transaction. `amountFen` is `amount.total`, the order amount we asked for, not
 * `payer_total`: a WeChat Pay coupon (代金券/立减) lowers what the payer's wallet paid while the order is
 * still paid in full, so comparing `payer_total` with our order would refuse honest payments. The
 * orders feature compares this with the order's own amount before granting anything.
 */
function paidState(trade: TransactionResource): Extract<TradeState, { state: 'paid' }> | null {
  const total = trade.amount?.total;
  const paidAt = typeof trade.success_time === 'string' ? new Date(trade.success_time) : null;
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total <= 0) return null;
  if (typeof trade.transaction_id !== 'string' || !trade.transaction_id) return null;
  if (!paidAt || Number.isNaN(paidAt.getTime())) return null;
  return { state: 'paid', amountFen: total, vendorTradeNo: trade.transaction_id, paidAt };
}

/** Codes WeChat Pay answers for a call that may pass when made again (same out_refund_no). */
const RETRYABLE = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'NETWORK_ERROR']);

/** A refund as 退款申请 and 查询单笔退款 answer it, and the decrypted resource of its notification. */
interface RefundResource {
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  out_refund_no?: string;
  refund_id?: string;
  /** 退款申请 and the query: SUCCESS, PROCESSING, CLOSED, ABNORMAL. */
  status?: string;
  /** The notification's name for it. */
  refund_status?: string;
  success_time?: string;
  user_received_account?: string;
  amount?: { total?: number; refund?: number; payer_total?: number; payer_refund?: number };
}

function refundStateOf(status: string | undefined, refund: RefundResource): RefundState {
  const vendorRefundId = typeof refund.refund_id === 'string' ? refund.refund_id : '';
  switch (status) {
    case 'SUCCESS': {
      const at = typeof refund.success_time === 'string' ? new Date(refund.success_time) : null;
      return { state: 'success', vendorRefundId, refundedAt: at && !Number.isNaN(at.getTime()) ? at : new Date() };
    }
    case 'PROCESSING':
      return { state: 'processing', vendorRefundId };
    case 'CLOSED':
      return { state: 'failed', reason: '退款关闭 (CLOSED)' };
    case 'ABNORMAL':
      // The payer's account could not take it back; WeChat Pay's 发起异常退款 is done in its merchant platform.
      return { state: 'failed', reason: '退款异常，需在商户平台处理 (ABNORMAL)' };
    default:
      throw new PaymentVendorError('INVALID_RESPONSE', `未知的退款状态 ${String(status)}`);
  }
}

/**
 * A REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED resource (original_type refund) as a RefundNotice;
 * refund_status decides, `amount.refund` is this refund's own amount in fen.
 */
function refundNoticeOf(refund: RefundResource, mchId: string): PaymentNotice {
  if (refund.mchid !== mchId) return { kind: 'forged', reason: `mchid ${String(refund.mchid)} is not ours` };
  const outTradeNo = typeof refund.out_trade_no === 'string' ? refund.out_trade_no : '';
  const outRefundNo = typeof refund.out_refund_no === 'string' ? refund.out_refund_no : '';
  const amountFen = refund.amount?.refund;
  if (!outTradeNo || !outRefundNo || typeof amountFen !== 'number' || !Number.isSafeInteger(amountFen)) {
    return { kind: 'ignored', ...(outTradeNo ? { outTradeNo } : {}), reason: 'refund notice without its refund' };
  }
  const status = refund.refund_status;
  if (status !== 'SUCCESS' && status !== 'ABNORMAL' && status !== 'CLOSED') {
    return { kind: 'ignored', outTradeNo, reason: `refund_status ${String(status)}` };
  }
  const settled = refundStateOf(status, refund);
  return {
    kind: 'refund',
    outTradeNo,
    outRefundNo,
    status: settled.state === 'success' ? 'success' : 'failed',
    amountFen,
    vendorRefundId: typeof refund.refund_id === 'string' ? refund.refund_id : '',
    refundedAt: settled.state === 'success' ? settled.refundedAt : null,
    ...(settled.state === 'failed' ? { reason: settled.reason } : {}),
  };
}

/** trade_state of 查询订单 to our states. */
function tradeStateOf(trade: TransactionResource): TradeState {
  switch (trade.trade_state) {
    case 'SUCCESS': {
      const paid = paidState(trade);
      if (!paid) throw new PaymentVendorError('INVALID_RESPONSE', '已支付订单缺少金额、微信支付订单号或支付时间');
      return paid;
    }
    case 'NOTPAY':
    case 'USERPAYING':
      return { state: 'pending' };
    case 'CLOSED':
    case 'REVOKED':
    case 'PAYERROR':
      return { state: 'closed' };
    case 'REFUND':
      return { state: 'refunded' };
    default:
      throw new PaymentVendorError('INVALID_RESPONSE', `未知的交易状态 ${String(trade.trade_state)}`);
  }
}

/** RFC 3339 in Beijing time, as time_expire wants it: 2025-06-08T10:34:56+08:00. */
export function toBeijingRfc3339(at: Date): string {
  return `${formatTime(at, 'YYYY-MM-DDTHH:mm:ss')}+08:00`;
}

/** WeChat Pay's error body is `{code, message, detail?}`; anything else keeps the HTTP status. */
function vendorError(answer: WechatAnswer): PaymentVendorError {
  const code = typeof answer.json?.code === 'string' ? answer.json.code : `HTTP${answer.status}`;
  const message = typeof answer.json?.message === 'string' ? answer.json.message : answer.text.slice(0, 200);
  return new PaymentVendorError(code, message || `HTTP ${answer.status}`);
}

function logged(log: FastifyBaseLogger, error: PaymentVendorError, outTradeNo: string): PaymentVendorError {
  log.warn({ outTradeNo, vendorCode: error.vendorCode, vendorMessage: error.vendorMessage }, 'WeChat Pay refused');
  return error;
}
