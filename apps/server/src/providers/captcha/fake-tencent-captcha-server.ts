import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { closeServer, listenLocally, readBody } from '../fake-server';

/**
 * Test-only: a local stand-in for captcha.tencentcloudapi.com. It checks DescribeCaptchaResult calls
 * the way TencentCloud API 3.0 does (X-TC-* headers, the TC3-HMAC-SHA256 Authorization recomputed from
 * the received headers and body, the timestamp window, the credential scope) and answers in its JSON
 * shapes: `{ Response: { CaptchaCode, CaptchaMsg, EvilLevel, RequestId } }`, or
 * `{ Response: { Error: { Code, Message }, RequestId } }`. Its signer is written separately from the
 * adapter's, so a shared mistake cannot hide.
 */
export interface FakeTencentCaptcha {
  url: string;
  /** Tickets the fake widget handed out: ticket → its randstr and when it was issued (ms). */
  issue(options?: { randstr?: string; issuedAt?: number }): { ticket: string; randstr: string };
  /** Bodies of every call that passed the signature check. */
  calls: Array<Record<string, unknown>>;
  /** `http500`: answer 502 with HTML; `hang`: never answer; `internal`: the API's InternalError. */
  outage: 'http500' | 'hang' | 'internal' | null;
  close(): Promise<void>;
}

export interface FakeTencentCaptchaOptions {
  secretId: string;
  secretKey: string;
  appId: string;
  appSecretKey: string;
}

const TICKET_LIFETIME_MS = 5 * 60_000;

function hex(algorithm: 'sha256', text: string) {
  return createHash(algorithm).update(Buffer.from(text, 'utf8')).digest('hex');
}

function expectedSignature(secretKey: string, date: string, stringToSign: string) {
  let key: Buffer = createHmac('sha256', Buffer.from(`TC3${secretKey}`, 'utf8'))
    .update(date)
    .digest();
  key = createHmac('sha256', key).update('captcha').digest();
  key = createHmac('sha256', key).update('tc3_request').digest();
  return createHmac('sha256', key).update(stringToSign).digest('hex');
}

export async function startFakeTencentCaptcha(options: FakeTencentCaptchaOptions): Promise<FakeTencentCaptcha> {
  const tickets = new Map<string, { randstr: string; issuedAt: number; used: boolean }>();
  const hanging = new Set<() => void>();
  const state: FakeTencentCaptcha = {
    url: '',
    calls: [],
    outage: null,
    issue({ randstr = `@${randomUUID().slice(0, 3)}`, issuedAt = Date.now() } = {}) {
      const ticket = `tr0${randomUUID().replaceAll('-', '')}${'x'.repeat(300)}*`;
      tickets.set(ticket, { randstr, issuedAt, used: false });
      return { ticket, randstr };
    },
    close: () => {
      for (const release of hanging) release();
      return closeServer(server);
    },
  };

  const error = (Code: string, Message: string) => ({
    Response: { Error: { Code, Message }, RequestId: randomUUID() },
  });
  const result = (CaptchaCode: number, CaptchaMsg: string) => ({
    Response: {
      CaptchaCode,
      CaptchaMsg,
      EvilLevel: CaptchaCode === 21 ? 100 : 0,
      GetCaptchaTime: 0,
      RequestId: randomUUID(),
    },
  });

  const answer = (request: IncomingMessage, body: string): object => {
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : '';
    };
    const auth =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d\d-\d\d)\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        header('authorization'),
      );
    if (!auth) return error('AuthFailure.InvalidAuthorization', 'Authorization header is invalid.');
    const [, secretId, date, service, signedHeaders, signature] = auth;
    if (secretId !== options.secretId) return error('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
    const timestamp = Number(header('x-tc-timestamp'));
    if (!Number.isInteger(timestamp) || Math.abs(timestamp * 1000 - Date.now()) > 5 * 60_000) {
      return error('AuthFailure.SignatureExpire', 'Signature expired.');
    }
    if (date !== new Date(timestamp * 1000).toISOString().slice(0, 10) || service !== 'captcha') {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    const names = signedHeaders!.split(';');
    if (!names.includes('content-type') || !names.includes('host')) {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    const canonicalHeaders = names.map((name) => `${name}:${header(name).trim().toLowerCase()}\n`).join('');
    const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${hex('sha256', body)}`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/captcha/tc3_request\n${hex('sha256', canonicalRequest)}`;
    if (signature !== expectedSignature(options.secretKey, date!, stringToSign)) {
      return error('AuthFailure.SignatureFailure', 'The provided credentials could not be validated.');
    }
    if (header('x-tc-action') !== 'DescribeCaptchaResult') {
      return error('InvalidAction', 'The requested action does not exist.');
    }
    if (header('x-tc-version') !== '2019-07-22') return error('InvalidParameter', 'The version is not supported.');
    let params: Record<string, unknown>;
    try {
      params = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return error('InvalidParameter', 'The body is not valid JSON.');
    }
    for (const name of ['CaptchaType', 'Ticket', 'UserIp', 'Randstr', 'CaptchaAppId', 'AppSecretKey']) {
      if (params[name] === undefined || params[name] === '') {
        return error('MissingParameter', `The request is missing a required parameter \`${name}\`.`);
      }
    }
    if (params.CaptchaType !== 9 || typeof params.CaptchaAppId !== 'number') {
      return error('InvalidParameter', 'CaptchaType or CaptchaAppId is invalid.');
    }
    state.calls.push(params);
    if (state.outage === 'internal') return error('InternalError', 'An internal error has occurred.');
    if (String(params.CaptchaAppId) !== options.appId || params.AppSecretKey !== options.appSecretKey) {
      return result(100, 'appid-secretkey-ticket mismatch');
    }
    const ticket = String(params.Ticket);
    if (ticket.startsWith('trerror_')) return result(21, 'diff');
    const issued = tickets.get(ticket);
    if (!issued) return result(15, 'decrypt fail');
    if (issued.randstr !== params.Randstr) return result(7, 'captcha no match');
    if (Date.now() - issued.issuedAt > TICKET_LIFETIME_MS) return result(8, 'ticket expired');
    if (issued.used) return result(9, 'ticket reused');
    issued.used = true;
    return result(1, 'OK');
  };

  const server = createServer(async (request, response) => {
    const body = (await readBody(request)).toString('utf8');
    if (state.outage === 'hang') {
      hanging.add(() => response.destroy());
      return;
    }
    if (state.outage === 'http500') {
      response.statusCode = 502;
      response.setHeader('content-type', 'text/html');
      response.end('<html><body>502 Bad Gateway</body></html>');
      return;
    }
    const reply = request.method === 'POST' ? answer(request, body) : error('UnsupportedOperation', 'POST only.');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(reply));
  });
  state.url = await listenLocally(server);
  return state;
}
