import { createHmac, randomUUID } from 'node:crypto';
import { smsOutbox } from '../../db/schema';
import type { SendCodeInput, SmsProvider, SmsProviderDeps } from './index';

export interface AliyunSmsOptions extends SmsProviderDeps {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature (签名), shown as 【…】 before the text. */
  signName: string;
  /** An approved verification-code template with one `${code}` variable. */
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com, or a fake server in tests. */
  endpoint: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  now?: () => Date;
}

/** Aliyun refused or failed the send; `vendorCode` is Aliyun's `Code` (isv.BUSINESS_LIMIT_CONTROL, …). */
export class SmsVendorError extends Error {
  constructor(
    readonly vendorCode: string,
    readonly vendorMessage: string,
  ) {
    super(`短信发送失败：${vendorMessage} (${vendorCode})`);
    this.name = 'SmsVendorError';
  }
}

/** Sends codes through Aliyun Dysmsapi `SendSms` (RPC style, signature version 1.0). */
export function createAliyunSms(options: AliyunSmsOptions): SmsProvider {
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  return {
    name: 'aliyun',
    async sendCode(input) {
      const params = sendSmsParams(options, input, now());
      const url = `${options.endpoint.replace(/\/+$/, '')}/?${signedQuery(params, options.accessKeySecret)}`;
      const reply = await readReply(await fetchImpl(url, { signal: AbortSignal.timeout(10_000) }));
      if (reply.Code !== 'OK') {
        options.log.warn(
          { phone: input.phone, vendorCode: reply.Code, requestId: reply.RequestId },
          'Aliyun SMS refused',
        );
        throw new SmsVendorError(reply.Code ?? 'Unknown', reply.Message ?? '未知错误');
      }
      const messageId = reply.BizId ?? null;
      await recordSent(options, input, messageId);
      return { messageId };
    },
  };
}

function sendSmsParams(options: AliyunSmsOptions, input: SendCodeInput, at: Date): Record<string, string> {
  return {
    AccessKeyId: options.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: input.phone,
    RegionId: 'cn-hangzhou',
    SignName: options.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: options.templateCode,
    TemplateParam: JSON.stringify({ code: input.code }),
    // ISO 8601 in UTC without milliseconds: 2017-05-25T12:00:00Z.
    Timestamp: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
}

/** RFC 3986 encoding as Aliyun specifies it: only A-Z a-z 0-9 - _ . ~ stay literal, space is %20. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonicalised query followed by its Signature (HMAC-SHA1 of `GET&%2F&` + the encoded query). */
export function signedQuery(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? '')}`)
    .join('&');
  const stringToSign = `GET&${percentEncode('/')}&${percentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
  return `Signature=${percentEncode(signature)}&${canonical}`;
}

interface AliyunReply {
  Code?: string;
  Message?: string;
  BizId?: string;
  RequestId?: string;
}

/** Aliyun answers JSON for refusals too (with HTTP 4xx for signature and parameter errors). */
async function readReply(response: Response): Promise<AliyunReply> {
  const text = await response.text();
  try {
    return JSON.parse(text) as AliyunReply;
  } catch {
    return { Code: `HTTP${response.status}`, Message: text.slice(0, 200) || response.statusText };
  }
}

/**
 * The audit trail in the outbox. Unlike the sandbox it keeps the code masked: codes are stored hashed
 * elsewhere, and an audit table should not make them readable.
 */
async function recordSent(options: AliyunSmsOptions, input: SendCodeInput, messageId: string | null) {
  await options.db.insert(smsOutbox).values({
    phone: input.phone,
    purpose: input.purpose,
    provider: 'aliyun',
    content: `【${options.signName}】${options.templateCode} ${JSON.stringify({ code: '*'.repeat(input.code.length) })}`,
    providerMessageId: messageId,
  });
}
