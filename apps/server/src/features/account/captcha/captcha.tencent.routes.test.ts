import { AccountPath, Code } from '@dso/contract';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeTencentCaptcha,
  startFakeTencentCaptcha,
} from '../../../providers/captcha/fake-tencent-captcha-server';
import { createTencentCaptcha } from '../../../providers/captcha/tencent';
import { nextPhone, type TestApp } from '../../../testing';
import { createAccountTestApp, fromIp, lastCode, nextIp, requestCode } from '../account.testing';

const keys = { secretId: 'AKIDroutes', secretKey: 'routes-secret', appId: '190000002', appSecretKey: 'app-secret' };

describe('SMS sends with Tencent Cloud 验证码 as the captcha', () => {
  let fake: FakeTencentCaptcha;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeTencentCaptcha(keys);
    const captcha = createTencentCaptcha({
      ...keys,
      endpoint: fake.url,
      scriptUrl: 'https://turing.captcha.qcloud.com/TCaptcha.js',
      log: pino({ level: 'silent' }),
      timeoutMs: 300,
    });
    t = await createAccountTestApp({ providers: { captcha } });
  });
  afterEach(() => {
    fake.outage = null;
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const check = (pair: { randstr: string; ticket: string }, ip: string) =>
    t.request({
      method: 'GET',
      url: `${AccountPath.sliderCheck}?randstr=${encodeURIComponent(pair.randstr)}&ticket=${encodeURIComponent(pair.ticket)}`,
      headers: fromIp(ip),
    });

  it('tells the browser to load TCaptcha.js with the app id', async () => {
    const body = (await t.request({ method: 'GET', url: AccountPath.captchaConfig })).json();
    expect(body.data).toEqual({
      provider: 'tencent',
      app_id: '190000002',
      script_url: 'https://turing.captcha.qcloud.com/TCaptcha.js',
    });
  });

  it('lets the page load Tencent’s script and frame through the CSP', async () => {
    const response = await t.request({ method: 'GET', url: AccountPath.captchaConfig });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' https:\/\/turing\.captcha\.qcloud\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/turing\.captcha\.qcloud\.com/);
  });

  it('sends a code for a ticket Tencent passes, with the user’s address in the check', async () => {
    const ip = nextIp();
    const phone = nextPhone();
    const response = await requestCode(t, { phone, ip, captcha: fake.issue() });
    expect(response.json()).toMatchObject({ code: Code.OK, msg: '发送成功' });
    expect(fake.calls.at(-1)).toMatchObject({ UserIp: ip });
    expect(await lastCode(t, phone)).toMatch(/^\d{6}$/);
  });

  it('asks for the captcha again when the ticket is forged or already used', async () => {
    const ip = nextIp();
    const forged = await requestCode(t, { phone: nextPhone(), ip, captcha: { randstr: '@x', ticket: 'tr0forged' } });
    expect(forged.json()).toEqual({ code: Code.CAPTCHA_REQUIRED, msg: '请完成安全验证', data: null });
    const pair = fake.issue();
    expect((await requestCode(t, { phone: nextPhone(), ip, captcha: pair })).json().code).toBe(Code.OK);
    expect((await requestCode(t, { phone: nextPhone(), ip, captcha: pair })).json().code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('says so when the ticket expired', async () => {
    const pair = fake.issue({ issuedAt: Date.now() - 6 * 60_000 });
    const body = (await requestCode(t, { phone: nextPhone(), ip: nextIp(), captcha: pair })).json();
    expect(body).toEqual({ code: Code.CAPTCHA_REQUIRED, msg: '安全验证已过期，请重新验证', data: null });
  });

  it.each(['http500', 'hang', 'internal'] as const)(
    'answers a Chinese toast, not a 500, when Tencent is down (%s)',
    async (outage) => {
      fake.outage = outage;
      const response = await requestCode(t, { phone: nextPhone(), ip: nextIp(), captcha: fake.issue() });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ code: Code.TOAST, msg: '安全验证服务暂时不可用，请稍后再试', data: null });
    },
  );

  it('checks a pair with slider_c and still lets exactly one send spend it', async () => {
    const ip = nextIp();
    const pair = fake.issue();
    expect((await check(pair, ip)).json()).toEqual({ code: Code.OK, msg: 'success', data: { valid: true } });
    expect((await check(pair, ip)).json().code).toBe(Code.OK);
    const sends = await Promise.all(
      [nextPhone(), nextPhone()].map((phone) => requestCode(t, { phone, ip, captcha: pair })),
    );
    expect(sends.map((send) => send.json().code).sort()).toEqual([Code.OK, Code.CAPTCHA_REQUIRED]);
    expect((await check(pair, ip)).json().code).toBe(Code.CAPTCHA_REQUIRED);
  });

  it('does not serve the built-in slider’s puzzles', async () => {
    const response = await t.request({ method: 'GET', url: AccountPath.captchaNew, headers: fromIp(nextIp()) });
    expect(response.json().code).toBe(Code.NOT_FOUND);
  });
});
