import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { createTestDatabase } from '../../testing';
import { type AliyunSmsOptions, createAliyunSms, SmsVendorError, signedQuery } from './aliyun';
import { type FakeAliyun, startFakeAliyun } from './fake-aliyun-server';

const keys = { accessKeyId: 'LTAI-test-key', accessKeySecret: 'test-secret/with+odd=chars' };

describe('the Aliyun SMS adapter against a fake Aliyun server', () => {
  let fake: FakeAliyun;
  let database: DatabaseHandle;
  const sms = (overrides: Partial<AliyunSmsOptions> = {}) =>
    createAliyunSms({
      db: database.db,
      log: pino({ level: 'silent' }),
      ...keys,
      signName: '迪搜科技',
      templateCode: 'SMS_123456789',
      endpoint: fake.url,
      ...overrides,
    });

  beforeAll(async () => {
    fake = await startFakeAliyun(keys);
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await fake.close();
    await database.close();
  });

  it('matches the signature example of Aliyun’s RPC documentation', () => {
    const query = signedQuery(
      {
        AccessKeyId: 'testid',
        Action: 'DescribeRegions',
        Format: 'XML',
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
        SignatureVersion: '1.0',
        Timestamp: '2016-02-23T12:46:24Z',
        Version: '2014-05-26',
      },
      'testsecret',
    );
    expect(query.startsWith('Signature=OLeaidS1JvxuMvnyHOwuJ%2BuX5qY%3D&AccessKeyId=testid&Action=')).toBe(true);
  });

  it('sends a signed SendSms call with the code as template parameter', async () => {
    const result = await sms().sendCode({ phone: '13900001111', code: '482915', purpose: 'login', validMinutes: 5 });
    expect(result.messageId).toMatch(/\^0$/);
    expect(fake.sent.at(-1)).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      RegionId: 'cn-hangzhou',
      Format: 'JSON',
      PhoneNumbers: '13900001111',
      SignName: '迪搜科技',
      TemplateCode: 'SMS_123456789',
      TemplateParam: '{"code":"482915"}',
    });
  });

  it('records each sent message in the outbox without the code in clear', async () => {
    const { messageId } = await sms().sendCode({
      phone: '13900002222',
      code: '730146',
      purpose: 'bind',
      validMinutes: 5,
    });
    const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13900002222'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'aliyun', purpose: 'bind', providerMessageId: messageId });
    expect(rows[0]!.content).toContain('SMS_123456789');
    expect(rows[0]!.content).not.toContain('730146');
  });

  it('throws Aliyun’s message when the send is refused', async () => {
    fake.limitedPhones.add('13900003333');
    const failure = await sms()
      .sendCode({ phone: '13900003333', code: '111111', purpose: 'login', validMinutes: 5 })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SmsVendorError);
    expect(failure).toMatchObject({
      vendorCode: 'isv.BUSINESS_LIMIT_CONTROL',
      vendorMessage: '触发分钟级流控Permits:1',
    });
    const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, '13900003333'));
    expect(rows).toHaveLength(0);
  });

  it('throws when Aliyun cannot verify the signature', async () => {
    const failure = await sms({ accessKeySecret: 'not-the-secret' })
      .sendCode({ phone: '13900004444', code: '222222', purpose: 'login', validMinutes: 5 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ vendorCode: 'SignatureDoesNotMatch' });
    expect((failure as Error).message).toContain('Specified signature is not matched');
  });
});
