import { execFileSync } from 'node:child_process';
import {
  createCipheriv,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomInt,
  sign,
  verify,
} from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFakeWechatRefunds, type FakeWechatRefunds } from './fake-wechatpay-refunds';

/**
 * Test-only: a local stand-in for api.mch.weixin.qq.com (API v3, Native payment for a 普通商户). It
 * checks every request's `WECHATPAY2-SHA256-RSA2048` Authorization against the merchant public key
 * (401 SIGN_ERROR otherwise), serves `/v3/certificates` encrypted with the APIv3 key, Native下单,
 * 查询订单 and 关闭订单, and signs every answer with its platform key under the right
 * `Wechatpay-Serial`: a real self-signed X.509 certificate's serial (made with the machine's openssl,
 * since node cannot build certificates) in certificate mode, a `PUB_KEY_ID_…` in public-key mode.
 * Its signing and encryption are written here again, independently of the adapter's, so a shared
 * mistake cannot hide.
 */
export interface FakeWechatPayOptions {
  mchId: string;
  appId: string;
  apiV3Key: string;
  /** PEM of the merchant API certificate's public key: request signatures are checked with it. */
  merchantPublicKey: string;
  merchantSerialNo: string;
  mode: 'certificate' | 'publicKey';
  /** Settle each refund as SUCCESS and post its notification by itself right after answering. */
  autoNotifyRefunds?: boolean;
}

/** The decrypted `resource` of a payment notification, and the body of 查询订单. */
export interface FakeTransaction {
  appid: string;
  mchid: string;
  out_trade_no: string;
  transaction_id?: string;
  trade_type: 'NATIVE';
  trade_state: string;
  trade_state_desc: string;
  bank_type?: string;
  attach: string;
  success_time?: string;
  payer?: { openid: string };
  amount: { total: number; payer_total?: number; currency: 'CNY'; payer_currency: 'CNY' };
}

export interface NotificationOverrides {
  /** Replaces `event_type` (TRANSACTION.SUCCESS by default). */
  eventType?: string;
  /** Merged over the decrypted transaction (trade_state, mchid, appid, amount …). */
  resource?: Partial<FakeTransaction> & Record<string, unknown>;
  /** `Wechatpay-Timestamp` in seconds (now by default). */
  timestamp?: number;
  /** `Wechatpay-Serial` as sent (the signing key's serial by default); the signature stays the real key's. */
  serial?: string;
  /** Breaks one part after signing: the ciphertext, the GCM tag, or the body under the signature. */
  tamper?: 'ciphertext' | 'tag' | 'body';
  /** Encrypts the resource with another key. */
  apiV3Key?: string;
  /** Sends this body as is (signed) instead of a notification. */
  rawBody?: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeWechatPay {
  url: string;
  /** Public-key mode: the ID and PEM to configure the adapter with. */
  publicKeyId: string;
  publicKeyPem: string;
  /** Certificate mode: the serial that signs answers now. */
  signingSerial(): string;
  /** How many times `/v3/certificates` was served. */
  certificateDownloads: number;
  /** Every request whose signature was accepted. */
  requests: FakeRequest[];
  /** Spoils the next answer's signature (the body is changed after signing) or dates it 10 minutes back. */
  tamperNextAnswer: 'signature' | 'stale' | null;
  /** Marks the trade paid and posts a signed TRANSACTION.SUCCESS to its notify_url; returns the HTTP status. */
  pay(outTradeNo: string, overrides?: { payerTotal?: number }): Promise<number>;
  /** A notification for the trade (paid by default) without posting it: lower-case headers and body. */
  notification(
    outTradeNo: string,
    overrides?: NotificationOverrides,
  ): { headers: Record<string, string>; body: string };
  /** Sets a trade's state as WeChat Pay would report it (SUCCESS fills in the payment facts). */
  setTradeState(outTradeNo: string, state: string): void;
  /**
   * Certificate mode: a new platform certificate signs from now on; the old one is still served.
   * `leadingZero` gives it a serial whose hex starts with 0.
   */
  rotateCertificate(options?: { leadingZero?: boolean }): string;
  /** 退款申请, 查询单笔退款 and 退款结果通知 (fake-wechatpay-refunds.ts). */
  refunds: FakeWechatRefunds;
  close(): Promise<void>;
}

interface PlatformSigner {
  serial: string;
  privateKey: KeyObject;
  certificatePem?: string;
}

interface TradeRecord {
  request: Record<string, unknown>;
  codeUrl: string;
  notifyUrl: string;
  total: number;
  state: string;
  transactionId?: string;
  successTime?: string;
  payerTotal?: number;
}

const stateDescriptions: Record<string, string> = {
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  NOTPAY: '未支付',
  CLOSED: '已关闭',
  REVOKED: '已撤销（仅付款码支付会返回）',
  USERPAYING: '用户支付中（仅付款码支付会返回）',
  PAYERROR: '支付失败（仅付款码支付会返回）',
};

function newKeyPair() {
  return generateKeyPairSync('rsa', { modulusLength: 2048 });
}

/**
 * A self-signed certificate for the key, with a 40-hex-digit serial like WeChat Pay's. WeChat Pay
 * lists and sends a serial whose first digit is 0 with that 0 (`0A1B…`), while the certificate's own
 * serial reads without it in some tools: `leadingZero` mints one.
 */
function selfSignedCertificate(privateKey: KeyObject, leadingZero = false): { pem: string; serial: string } {
  const serialBytes = randomBytes(20);
  // Positive either way: 0x01–0x0F starts the hex with 0, 0x10–0x7F does not.
  serialBytes[0] = leadingZero ? 0x01 + (serialBytes[0]! % 0x0f) : 0x10 + (serialBytes[0]! % 0x70);
  const serial = serialBytes.toString('hex').toUpperCase();
  const dir = mkdtempSync(join(tmpdir(), 'fake-wechatpay-'));
  try {
    const keyPath = join(dir, 'platform_key.pem');
    writeFileSync(keyPath, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    const pem = execFileSync(
      'openssl',
      [
        'req',
        '-new',
        '-x509',
        '-key',
        keyPath,
        '-sha256',
        '-days',
        '30',
        '-set_serial',
        `0x${serial}`,
        '-subj',
        '/C=CN/O=Tenpay.com/OU=Tenpay.com CA Center/CN=Tenpay.com Fake Platform',
      ],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    return { pem, serial };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function platformCertificateSigner(leadingZero = false): PlatformSigner {
  const { privateKey } = newKeyPair();
  const certificate = selfSignedCertificate(privateKey, leadingZero);
  return { serial: certificate.serial, privateKey, certificatePem: certificate.pem };
}

const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomText(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphanumerics[randomInt(alphanumerics.length)];
  return out;
}

function beijingTime(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3_600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

/** AEAD_AES_256_GCM as WeChat Pay sends it: base64(ciphertext ‖ 16-byte tag). */
function encrypt(plaintext: string, apiV3Key: string, associatedData: string) {
  const nonce = randomText(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    nonce,
    associated_data: associatedData,
    ciphertext: ciphertext.toString('base64'),
  };
}

function flipByte(base64: string, index: (length: number) => number): string {
  const bytes = Buffer.from(base64, 'base64');
  const at = index(bytes.length);
  bytes[at] = bytes[at]! ^ 0x01;
  return bytes.toString('base64');
}

/** Posts a notification as WeChat Pay does; answers the HTTP status of the reply. */
async function postNotification(url: string, notification: { headers: Record<string, string>; body: string }) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...notification.headers, 'user-agent': 'Mozilla/4.0' },
    body: notification.body,
  });
  await response.arrayBuffer();
  return response.status;
}

/** Splits `WECHATPAY2-SHA256-RSA2048 k="v",k="v"` into its fields, or null when the scheme differs. */
function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const prefix = 'WECHATPAY2-SHA256-RSA2048 ';
  if (!header?.startsWith(prefix)) return null;
  const fields: Record<string, string> = {};
  for (const match of header.slice(prefix.length).matchAll(/(\w+)="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return fields;
}

export async function startFakeWechatPay(options: FakeWechatPayOptions): Promise<FakeWechatPay> {
  const merchantKey = createPublicKey(options.merchantPublicKey);
  const usedNonces = new Set<string>();
  const trades = new Map<string, TradeRecord>();

  const publicKeyPair = newKeyPair();
  const publicKeySigner: PlatformSigner = {
    serial: `PUB_KEY_ID_0114${String(randomInt(10 ** 9)).padStart(9, '0')}${String(randomInt(10 ** 9)).padStart(9, '0')}`,
    privateKey: publicKeyPair.privateKey,
  };
  const certificates: PlatformSigner[] = options.mode === 'certificate' ? [platformCertificateSigner()] : [];
  const currentSigner = (): PlatformSigner =>
    options.mode === 'publicKey' ? publicKeySigner : (certificates[certificates.length - 1] as PlatformSigner);

  const signedHeaders = (body: string, timestamp: number, signer = currentSigner()) => {
    const nonce = randomText(32);
    const signature = sign('sha256', Buffer.from(`${timestamp}\n${nonce}\n${body}\n`, 'utf8'), signer.privateKey);
    return {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature.toString('base64'),
      'wechatpay-serial': signer.serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    };
  };

  const transactionOf = (outTradeNo: string, trade: TradeRecord): FakeTransaction => ({
    appid: options.appId,
    mchid: options.mchId,
    out_trade_no: outTradeNo,
    trade_type: 'NATIVE',
    trade_state: trade.state,
    trade_state_desc: stateDescriptions[trade.state] ?? trade.state,
    attach: '',
    amount: { total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
    ...(trade.transactionId
      ? {
          transaction_id: trade.transactionId,
          bank_type: 'OTHERS',
          success_time: trade.successTime,
          payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
          amount: {
            total: trade.total,
            payer_total: trade.payerTotal ?? trade.total,
            currency: 'CNY',
            payer_currency: 'CNY',
          },
        }
      : {}),
  });

  const markPaid = (trade: TradeRecord) => {
    trade.state = 'SUCCESS';
    trade.transactionId ??= `42000${Date.now()}${String(randomInt(10 ** 9)).padStart(9, '0')}`;
    trade.successTime ??= beijingTime(new Date());
  };

  const tradeOrThrow = (outTradeNo: string): TradeRecord => {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake WeChat Pay has no trade ${outTradeNo}`);
    return trade;
  };

  const notification = (outTradeNo: string, overrides: NotificationOverrides = {}) => {
    const trade = tradeOrThrow(outTradeNo);
    const view = { ...trade };
    if (!view.transactionId) markPaid(view);
    const resource = { ...transactionOf(outTradeNo, { ...view, state: 'SUCCESS' }), ...overrides.resource };
    const encrypted = encrypt(JSON.stringify(resource), overrides.apiV3Key ?? options.apiV3Key, 'transaction');
    if (overrides.tamper === 'ciphertext') encrypted.ciphertext = flipByte(encrypted.ciphertext, () => 0);
    if (overrides.tamper === 'tag') encrypted.ciphertext = flipByte(encrypted.ciphertext, (length) => length - 1);
    const body =
      overrides.rawBody ??
      JSON.stringify({
        id: `EV-${randomText(20)}`,
        create_time: beijingTime(new Date()),
        resource_type: 'encrypt-resource',
        event_type: overrides.eventType ?? 'TRANSACTION.SUCCESS',
        summary: '支付成功',
        resource: { original_type: 'transaction', ...encrypted },
      });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...signedHeaders(body, overrides.timestamp ?? Math.floor(Date.now() / 1000)),
    };
    if (overrides.serial) headers['wechatpay-serial'] = overrides.serial;
    const sent = overrides.tamper === 'body' ? body.replace('"summary":"支付成功"', '"summary":"支付成功 "') : body;
    return { headers, body: sent };
  };

  const refunds = createFakeWechatRefunds({
    mchId: options.mchId,
    trades,
    encrypt: (plaintext, associatedData) => encrypt(plaintext, options.apiV3Key, associatedData),
    signedHeaders: (body) => signedHeaders(body, Math.floor(Date.now() / 1000)),
    beijingTime,
    randomText,
    post: postNotification,
  });
  refunds.autoNotify = options.autoNotifyRefunds ?? false;

  type Answer = { status: number; body?: unknown };
  const refuse = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } });

  /** The merchant's Authorization, checked the way WeChat Pay does. */
  const checkAuthorization = (request: IncomingMessage, body: string): Answer | null => {
    const fields = parseAuthorization(request.headers.authorization);
    if (!fields) return refuse(401, 'SIGN_ERROR', 'Authorization 头缺失或格式不正确');
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = fields;
    if (!mchid || !nonce || !signature || !timestamp || !serial) {
      return refuse(401, 'SIGN_ERROR', 'Authorization 缺少 mchid、nonce_str、signature、timestamp 或 serial_no');
    }
    if (mchid !== options.mchId) return refuse(401, 'SIGN_ERROR', '商户号与签名不匹配');
    if (serial.toUpperCase() !== options.merchantSerialNo.toUpperCase()) {
      return refuse(401, 'SIGN_ERROR', '商户证书序列号有误');
    }
    if (!/^\d+$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) {
      return refuse(401, 'SIGN_ERROR', '请求时间戳超过5分钟');
    }
    const message = `${request.method}\n${request.url}\n${timestamp}\n${nonce}\n${body}\n`;
    const valid = verify('sha256', Buffer.from(message, 'utf8'), merchantKey, Buffer.from(signature, 'base64'));
    if (!valid) return refuse(401, 'SIGN_ERROR', '签名错误，请检查后再试');
    if (usedNonces.has(nonce)) return refuse(401, 'SIGN_ERROR', '随机串重复');
    usedNonces.add(nonce);
    if (!request.headers.accept?.includes('application/json'))
      return refuse(400, 'PARAM_ERROR', 'Accept 必须为 application/json');
    if (!request.headers['user-agent']) return refuse(400, 'PARAM_ERROR', '请求缺少 User-Agent');
    return null;
  };

  const nativePrepay = (payload: Record<string, unknown>): Answer => {
    const amount = payload.amount as { total?: unknown; currency?: unknown } | undefined;
    const outTradeNo = payload.out_trade_no;
    const missing = ['appid', 'mchid', 'description', 'out_trade_no', 'notify_url'].find(
      (name) => typeof payload[name] !== 'string' || !payload[name],
    );
    if (missing) return refuse(400, 'PARAM_ERROR', `输入源“/body/${missing}”映射到字段“${missing}”必填性规则校验失败`);
    if (payload.mchid !== options.mchId || payload.appid !== options.appId) {
      return refuse(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    if (typeof outTradeNo !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(outTradeNo)) {
      return refuse(400, 'PARAM_ERROR', '商户订单号格式不正确');
    }
    if (!amount || typeof amount.total !== 'number' || !Number.isInteger(amount.total) || amount.total <= 0) {
      return refuse(400, 'PARAM_ERROR', '订单金额必须为正整数（分）');
    }
    if (amount.currency !== undefined && amount.currency !== 'CNY') return refuse(400, 'PARAM_ERROR', '币种不支持');
    const expire = payload.time_expire;
    if (
      expire !== undefined &&
      (typeof expire !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d([+-]\d\d:\d\d)$/.test(expire))
    ) {
      return refuse(400, 'PARAM_ERROR', 'time_expire 须为 RFC 3339 格式 yyyy-MM-DDTHH:mm:ss+TIMEZONE');
    }
    const existing = trades.get(outTradeNo);
    if (existing) {
      if (existing.state === 'SUCCESS' || existing.state === 'REFUND') return refuse(400, 'ORDER_PAID', '订单已支付');
      if (existing.state === 'CLOSED') return refuse(400, 'ORDER_CLOSED', '订单已关闭');
      if (existing.total !== amount.total) return refuse(400, 'INVALID_REQUEST', '201 商户订单号重复');
      return { status: 200, body: { code_url: existing.codeUrl } };
    }
    const codeUrl = `weixin://wxpay/bizpayurl?pr=${randomText(9)}`;
    trades.set(outTradeNo, {
      request: payload,
      codeUrl,
      notifyUrl: payload.notify_url as string,
      total: amount.total,
      state: 'NOTPAY',
    });
    return { status: 200, body: { code_url: codeUrl } };
  };

  const answer = (request: IncomingMessage, body: string): Answer => {
    const refused = checkAuthorization(request, body);
    if (refused) return refused;
    const url = new URL(request.url ?? '/', 'http://fake');
    state.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body });
    const refundAnswer = refunds.answer(request.method ?? '', url.pathname, body);
    if (refundAnswer) return refundAnswer;

    if (request.method === 'GET' && url.pathname === '/v3/certificates') {
      state.certificateDownloads += 1;
      const data = certificates.map((certificate) => ({
        serial_no: certificate.serial,
        effective_time: beijingTime(new Date(Date.now() - 86_400_000)),
        expire_time: beijingTime(new Date(Date.now() + 30 * 86_400_000)),
        encrypt_certificate: encrypt(certificate.certificatePem ?? '', options.apiV3Key, 'certificate'),
      }));
      return { status: 200, body: { data } };
    }
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      let payload: unknown;
      try {
        payload = JSON.parse(body);
      } catch {
        return refuse(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
      }
      return nativePrepay((payload ?? {}) as Record<string, unknown>);
    }
    const tradeMatch = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (tradeMatch) {
      const outTradeNo = decodeURIComponent(tradeMatch[1]!);
      const trade = trades.get(outTradeNo);
      if (request.method === 'GET' && !tradeMatch[2]) {
        if (url.searchParams.get('mchid') !== options.mchId) return refuse(400, 'PARAM_ERROR', 'mchid 与请求商户不符');
        if (!trade) return refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
        return { status: 200, body: transactionOf(outTradeNo, trade) };
      }
      if (request.method === 'POST' && tradeMatch[2]) {
        let payload: { mchid?: unknown } = {};
        try {
          payload = JSON.parse(body) as typeof payload;
        } catch {
          return refuse(400, 'PARAM_ERROR', '请求体不是合法的 JSON');
        }
        if (payload.mchid !== options.mchId) return refuse(400, 'PARAM_ERROR', 'mchid 与请求商户不符');
        if (!trade) return refuse(404, 'ORDER_NOT_EXIST', '订单不存在');
        if (trade.state === 'SUCCESS' || trade.state === 'REFUND') return refuse(400, 'ORDER_PAID', '订单已支付');
        trade.state = 'CLOSED';
        return { status: 204 };
      }
    }
    return refuse(404, 'NOT_FOUND', '请求的资源不存在');
  };

  const state: FakeWechatPay = {
    url: '',
    publicKeyId: publicKeySigner.serial,
    publicKeyPem: publicKeyPair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    signingSerial: () => currentSigner().serial,
    certificateDownloads: 0,
    requests: [],
    tamperNextAnswer: null,
    async pay(outTradeNo, overrides = {}) {
      const trade = tradeOrThrow(outTradeNo);
      markPaid(trade);
      if (overrides.payerTotal !== undefined) trade.payerTotal = overrides.payerTotal;
      return postNotification(trade.notifyUrl, notification(outTradeNo));
    },
    notification,
    setTradeState(outTradeNo, tradeState) {
      const trade = tradeOrThrow(outTradeNo);
      if (tradeState === 'SUCCESS' || tradeState === 'REFUND') markPaid(trade);
      trade.state = tradeState;
    },
    rotateCertificate(rotation = {}) {
      if (options.mode !== 'certificate') throw new Error('only certificate mode has certificates to rotate');
      const next = platformCertificateSigner(rotation.leadingZero);
      certificates.push(next);
      return next.serial;
    },
    refunds,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = answer(request, Buffer.concat(chunks).toString('utf8'));
      const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
      const tamper = state.tamperNextAnswer;
      state.tamperNextAnswer = null;
      const timestamp = Math.floor(Date.now() / 1000) - (tamper === 'stale' ? 600 : 0);
      const headers = signedHeaders(text, timestamp);
      const sent = tamper === 'signature' && text ? `${text.slice(0, -1)},"x":1}` : text;
      if (tamper === 'signature' && !text)
        headers['wechatpay-signature'] = flipByte(headers['wechatpay-signature'], () => 0);
      response.statusCode = reply.status;
      for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
      response.setHeader('request-id', randomText(40));
      if (reply.status !== 204) response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(reply.status === 204 ? undefined : sent);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
