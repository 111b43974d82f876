import { createHash, createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TencentCaptchaConfig } from '../../config';
import type { CaptchaAnswer, CaptchaProvider, CaptchaVerdict } from './index';

/** The settings (`config.tencentCaptcha`: CaptchaAppId, AppSecretKey, a CAM key, endpoint, script) and the means. */
export interface TencentCaptchaOptions extends TencentCaptchaConfig {
  log: FastifyBaseLogger;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Clock of the signature's timestamp. */
  now?: () => Date;
  timeoutMs?: number;
}

/** The API's fixed names: service `captcha`, action and version of the ticket check. */
const SERVICE = 'captcha';
const ACTION = 'DescribeCaptchaResult';
const VERSION = '2019-07-22';
const CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Where TCaptcha.js loads from and what it opens: the script, its iframe and images come from these
 * (the documented script host, turing.captcha.qcloud.com, and its static host). The page must allow
 * them as script, frame and connect sources.
 */
const WIDGET_ORIGINS = ['https://turing.captcha.qcloud.com', 'https://turing.captcha.gtimg.com'];

export interface Tc3Request {
  secretId: string;
  secretKey: string;
  /** The product's short name, the first label of its host (`cvm`, `captcha`). */
  service: string;
  /** The Host header exactly as sent (with the port when not the default). */
  host: string;
  /** Unix seconds: X-TC-Timestamp. Its UTC date is part of the credential scope. */
  timestamp: number;
  payload: string;
  contentType?: string;
}

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/**
 * The Authorization header of a TencentCloud API 3.0 POST, signature method TC3-HMAC-SHA256:
 * a canonical request (method, `/`, empty query, the content-type and host headers, the payload's
 * SHA-256), a string to sign over its hash and the credential scope `date/service/tc3_request`,
 * and a key derived from `TC3` + SecretKey through the date, the service and `tc3_request`.
 */
export function tc3Authorization(request: Tc3Request): string {
  const contentType = request.contentType ?? CONTENT_TYPE;
  const signedHeaders = 'content-type;host';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${request.host}\n`,
    signedHeaders,
    sha256Hex(request.payload),
  ].join('\n');
  const date = new Date(request.timestamp * 1000).toISOString().slice(0, 10);
  const scope = `${date}/${request.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(request.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${request.secretKey}`, date), request.service), 'tc3_request');
  const signature = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${request.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

interface DescribeCaptchaResultReply {
  Response?: {
    CaptchaCode?: number;
    CaptchaMsg?: string;
    EvilLevel?: number;
    RequestId?: string;
    Error?: { Code?: string; Message?: string };
  };
}

/**
 * Tencent Cloud 验证码: the browser shows TCaptcha.js, the server checks the ticket with
 * DescribeCaptchaResult. A ticket is good once and for five minutes (Tencent's rule), so a check
 * spends it.
 */
export function createTencentCaptcha(options: TencentCaptchaOptions): CaptchaProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const endpoint = new URL(options.endpoint);
  const scriptOrigin = new URL(options.scriptUrl).origin;

  const describe = async (answer: CaptchaAnswer): Promise<CaptchaVerdict> => {
    const payload = JSON.stringify({
      CaptchaType: 9,
      Ticket: answer.ticket,
      UserIp: answer.userIp,
      Randstr: answer.randstr,
      CaptchaAppId: Number(options.appId),
      AppSecretKey: options.appSecretKey,
    });
    const timestamp = Math.floor(now().getTime() / 1000);
    const authorization = tc3Authorization({
      secretId: options.secretId,
      secretKey: options.secretKey,
      service: SERVICE,
      host: endpoint.host,
      timestamp,
      payload,
    });
    let reply: DescribeCaptchaResultReply;
    try {
      const response = await fetchImpl(endpoint.href, {
        method: 'POST',
        headers: {
          authorization,
          'content-type': CONTENT_TYPE,
          'x-tc-action': ACTION,
          'x-tc-version': VERSION,
          'x-tc-timestamp': String(timestamp),
        },
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) {
        options.log.error({ status: response.status }, 'Tencent captcha check failed: HTTP error');
        return { ok: false, reason: 'unavailable', detail: `HTTP ${response.status}` };
      }
      reply = (await response.json()) as DescribeCaptchaResultReply;
    } catch (error) {
      options.log.error({ err: error }, 'Tencent captcha check failed: no answer');
      return { ok: false, reason: 'unavailable', detail: (error as Error).message };
    }
    return readVerdict(reply, options.log);
  };

  return {
    name: 'tencent',
    client: { provider: 'tencent', app_id: options.appId, script_url: options.scriptUrl },
    pageOrigins: [...new Set([scriptOrigin, ...WIDGET_ORIGINS])],
    checkSpendsTicket: true,
    check: describe,
    redeem: describe,
  };
}

/**
 * CaptchaCode 1 is a pass. 8 expired, 9 reused; 7, 15 a wrong randstr or ticket; 16 and 100 a ticket
 * of another app or our app id/secret wrong (logged as errors: a misconfiguration fails everyone);
 * 21 Tencent judged the request risky (including `trerror_` disaster tickets). An API error object
 * (signature, key, rate limit, Tencent's internal error) is our or Tencent's fault, never the user's.
 */
function readVerdict(reply: DescribeCaptchaResultReply, log: FastifyBaseLogger): CaptchaVerdict {
  const body = reply.Response;
  if (!body || body.Error) {
    log.error({ error: body?.Error, requestId: body?.RequestId }, 'Tencent captcha check refused by the API');
    return { ok: false, reason: 'unavailable', detail: body?.Error?.Code ?? 'no Response' };
  }
  const detail = `${body.CaptchaCode} ${body.CaptchaMsg ?? ''}`.trim();
  switch (body.CaptchaCode) {
    case 1:
      return { ok: true };
    case 8:
      return { ok: false, reason: 'expired', detail };
    case 9:
      return { ok: false, reason: 'used', detail };
    case 21:
      return { ok: false, reason: 'risky', detail };
    case 16:
    case 100:
      log.error({ captchaCode: body.CaptchaCode, msg: body.CaptchaMsg }, 'Tencent captcha: app id or key mismatch');
      return { ok: false, reason: 'invalid', detail };
    default:
      return { ok: false, reason: 'invalid', detail };
  }
}
