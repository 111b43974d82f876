import { Code } from '@dso/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRedisReachable, testRedisUrl } from '../../../lib/rate-limit/redis-reachable';
import { randomIp, randomPhone, type TestApp } from '../../../testing';
import { createAccountTestApp, requestCode } from '../account.testing';

const reachable = await isRedisReachable();

describe.skipIf(!reachable)('limits shared through Redis', () => {
  let first: TestApp;
  let second: TestApp;
  // Two apps, built one after the other: on a busy machine that takes longer than one suite's default.
  beforeAll(async () => {
    first = await createAccountTestApp({ config: { redisUrl: testRedisUrl } });
    second = await createAccountTestApp({ config: { redisUrl: testRedisUrl } });
  }, 180_000);
  afterAll(async () => Promise.all([first?.close(), second?.close()]));

  it('refuses a resend on one instance within the countdown started on another', async () => {
    const phone = randomPhone();
    expect((await requestCode(first, { phone, ip: randomIp() })).json().code).toBe(Code.OK);
    const body = (await requestCode(second, { phone, ip: randomIp() })).json();
    expect(body.code).toBe(Code.SERVER_ERROR);
    const secondsLeft = Number(body.msg.split(',')[1]);
    expect(body.msg.split(',')[0]).toBe('发送过于频繁');
    expect(secondsLeft).toBeGreaterThan(0);
    expect(secondsLeft).toBeLessThanOrEqual(60);
  });

  it('sends an address back to the captcha on every instance once they together reach a sixth phone', async () => {
    const ip = randomIp();
    for (let index = 0; index < 5; index++) {
      const app = index % 2 === 0 ? first : second;
      expect((await requestCode(app, { phone: randomPhone(), ip })).json().code).toBe(Code.OK);
    }
    expect((await requestCode(second, { phone: randomPhone(), ip })).json().code).toBe(Code.CAPTCHA_REQUIRED);
    expect((await requestCode(first, { phone: randomPhone(), ip })).json().code).toBe(Code.CAPTCHA_REQUIRED);
  });
});
