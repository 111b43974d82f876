import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTencentCaptcha, startFakeTencentCaptcha } from './fake-tencent-captcha-server';
import { createTencentCaptcha, type TencentCaptchaOptions, tc3Authorization } from './tencent';

const keys = {
  secretId: 'AKIDtestsecretid',
  secretKey: 'test-secret-key/+=',
  appId: '190000001',
  appSecretKey: 'app-secret',
};

describe('the TC3-HMAC-SHA256 signer', () => {
  it('matches the worked example of Tencent Cloud’s signature v3 documentation', () => {
    const authorization = tc3Authorization({
      secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
      secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
      service: 'cvm',
      host: 'cvm.tencentcloudapi.com',
      timestamp: 1551113065,
      payload: String.raw`{"Limit": 1, "Filters": [{"Values": ["\u672a\u547d\u540d"], "Name": "instance-name"}]}`,
    });
    expect(authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('dates the credential scope in UTC, not local time', () => {
    // 2019-02-26 00:44:25 in Beijing is still the 25th in UTC.
    const authorization = tc3Authorization({
      ...keys,
      service: 'captcha',
      host: 'h',
      timestamp: 1551113065,
      payload: '',
    });
    expect(authorization).toContain('/2019-02-25/captcha/tc3_request');
  });
});

describe('the Tencent captcha adapter against a fake Tencent Cloud', () => {
  let fake: FakeTencentCaptcha;
  const captcha = (overrides: Partial<TencentCaptchaOptions> = {}) =>
    createTencentCaptcha({
      ...keys,
      endpoint: fake.url,
      scriptUrl: 'https://turing.captcha.qcloud.com/TCaptcha.js',
      log: pino({ level: 'silent' }),
      ...overrides,
    });
  const answer = (pair: { ticket: string; randstr: string }) => ({ ...pair, userIp: '203.0.113.9', now: new Date() });

  beforeAll(async () => {
    fake = await startFakeTencentCaptcha(keys);
  });
  afterEach(() => {
    fake.outage = null;
  });
  afterAll(async () => fake.close());

  it('passes a fresh ticket, sending the documented parameters', async () => {
    const pair = fake.issue();
    expect(await captcha().redeem(answer(pair))).toEqual({ ok: true });
    expect(fake.calls.at(-1)).toEqual({
      CaptchaType: 9,
      Ticket: pair.ticket,
      UserIp: '203.0.113.9',
      Randstr: pair.randstr,
      CaptchaAppId: 190000001,
      AppSecretKey: 'app-secret',
    });
  });

  it('refuses a ticket the second time', async () => {
    const pair = fake.issue();
    await captcha().redeem(answer(pair));
    expect(await captcha().redeem(answer(pair))).toMatchObject({ ok: false, reason: 'used' });
  });

  it('refuses a forged ticket and a randstr that does not belong to the ticket', async () => {
    expect(await captcha().redeem(answer({ ticket: 'tr0forged', randstr: '@abc' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    const pair = fake.issue();
    expect(await captcha().redeem(answer({ ...pair, randstr: '@zzz' }))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a ticket older than five minutes as expired', async () => {
    const pair = fake.issue({ issuedAt: Date.now() - 6 * 60_000 });
    expect(await captcha().redeem(answer(pair))).toMatchObject({ ok: false, reason: 'expired' });
  });

  it('refuses a disaster-recovery ticket as risky', async () => {
    const verdict = await captcha().redeem(answer({ ticket: 'trerror_1001_190000001_1700000000', randstr: '@x' }));
    expect(verdict).toMatchObject({ ok: false, reason: 'risky' });
  });

  it('reports a wrong app secret as a refusal, not a pass', async () => {
    const pair = fake.issue();
    expect(await captcha({ appSecretKey: 'wrong' }).redeem(answer(pair))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('counts a signature Tencent cannot verify as the service being unavailable, not the user’s fault', async () => {
    const verdict = await captcha({ secretKey: 'not-the-key' }).redeem(answer(fake.issue()));
    expect(verdict).toEqual({ ok: false, reason: 'unavailable', detail: 'AuthFailure.SignatureFailure' });
  });

  it('counts a clock more than five minutes off as unavailable (the signature expired)', async () => {
    const verdict = await captcha({ now: () => new Date(Date.now() - 10 * 60_000) }).redeem(answer(fake.issue()));
    expect(verdict).toEqual({ ok: false, reason: 'unavailable', detail: 'AuthFailure.SignatureExpire' });
  });

  it.each([
    ['a 502 page', 'http500', 'HTTP 502'],
    ['the API’s InternalError', 'internal', 'InternalError'],
  ] as const)('answers unavailable on %s', async (_, outage, detail) => {
    fake.outage = outage;
    expect(await captcha().redeem(answer(fake.issue()))).toEqual({ ok: false, reason: 'unavailable', detail });
  });

  it('gives up on a Tencent that does not answer', async () => {
    fake.outage = 'hang';
    const verdict = await captcha({ timeoutMs: 200 }).redeem(answer(fake.issue()));
    expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('tells the browser the app id and script, and the page which origins to allow', () => {
    const provider = captcha({ scriptUrl: 'https://cdn.example.com/TCaptcha.js' });
    expect(provider.client).toEqual({
      provider: 'tencent',
      app_id: '190000001',
      script_url: 'https://cdn.example.com/TCaptcha.js',
    });
    expect(provider.pageOrigins).toEqual([
      'https://cdn.example.com',
      'https://turing.captcha.qcloud.com',
      'https://turing.captcha.gtimg.com',
    ]);
  });
});
