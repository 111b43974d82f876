import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { closeServer, listenLocally } from '../fake-server';

/**
 * Test-only: a local stand-in for dysmsapi.aliyuncs.com. It checks `SendSms` calls the way Aliyun
 * does (common parameters, signature version 1.0 recomputed from the received query, nonce reuse)
 * and answers in Aliyun's JSON shapes. Its encoder is written byte by byte, independently of the
 * adapter's, so a shared mistake cannot hide.
 */
export interface FakeAliyun {
  url: string;
  /** Parameters of every accepted SendSms call. */
  sent: Array<Record<string, string>>;
  /** Phones for which Aliyun's flow control refuses the send. */
  limitedPhones: Set<string>;
  close(): Promise<void>;
}

export interface FakeAliyunOptions {
  accessKeyId: string;
  accessKeySecret: string;
}

const unreserved = /[A-Za-z0-9\-_.~]/;

function rfc3986(text: string): string {
  let out = '';
  for (const char of text) {
    if (unreserved.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function expectedSignature(params: Array<[string, string]>, secret: string): string {
  const sorted = params.filter(([key]) => key !== 'Signature').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const canonical = sorted.map(([key, value]) => `${rfc3986(key)}=${rfc3986(value)}`).join('&');
  const stringToSign = `GET&${rfc3986('/')}&${rfc3986(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign, 'utf8').digest('base64');
}

const required = [
  'AccessKeyId',
  'Action',
  'Format',
  'PhoneNumbers',
  'RegionId',
  'SignName',
  'SignatureMethod',
  'SignatureNonce',
  'SignatureVersion',
  'TemplateCode',
  'TemplateParam',
  'Timestamp',
  'Version',
];

export async function startFakeAliyun(options: FakeAliyunOptions): Promise<FakeAliyun> {
  const usedNonces = new Set<string>();
  const state: FakeAliyun = {
    url: '',
    sent: [],
    limitedPhones: new Set(),
    close: () => closeServer(server),
  };

  const answer = (url: URL): { status: number; body: Record<string, string> } => {
    const pairs = [...url.searchParams.entries()];
    const params = Object.fromEntries(pairs);
    const refuse = (status: number, Code: string, Message: string) => ({
      status,
      body: { RequestId: randomUUID(), Code, Message },
    });
    const missing = required.find((name) => !params[name]);
    if (missing)
      return refuse(
        400,
        'MissingParameter',
        `The input parameter "${missing}" that is mandatory for processing this request is not supplied.`,
      );
    if (params.AccessKeyId !== options.accessKeyId)
      return refuse(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
    if (params.SignatureMethod !== 'HMAC-SHA1' || params.SignatureVersion !== '1.0') {
      return refuse(400, 'InvalidParameter', 'SignatureMethod or SignatureVersion is invalid.');
    }
    if (params.Signature !== expectedSignature(pairs, options.accessKeySecret)) {
      return refuse(400, 'SignatureDoesNotMatch', 'Specified signature is not matched with our calculation.');
    }
    if (usedNonces.has(params.SignatureNonce!))
      return refuse(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');
    usedNonces.add(params.SignatureNonce!);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(params.Timestamp!))
      return refuse(400, 'InvalidTimeStamp.Format', 'Specified time stamp or date value is not well formatted.');
    if (Math.abs(Date.parse(params.Timestamp!) - Date.now()) > 15 * 60_000)
      return refuse(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
    if (params.Action !== 'SendSms' || params.Version !== '2017-05-25')
      return refuse(400, 'InvalidAction.NotFound', 'Specified api is not found.');
    if (state.limitedPhones.has(params.PhoneNumbers!)) {
      return {
        status: 200,
        body: { RequestId: randomUUID(), Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' },
      };
    }
    state.sent.push(params);
    return { status: 200, body: { RequestId: randomUUID(), Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` } };
  };

  const server = createServer((request, response) => {
    const reply =
      request.method === 'GET' ? answer(new URL(request.url ?? '/', 'http://fake')) : { status: 405, body: {} };
    response.statusCode = reply.status;
    response.setHeader('content-type', 'application/json;charset=utf-8');
    response.end(JSON.stringify(reply.body));
  });
  state.url = await listenLocally(server);
  return state;
}
