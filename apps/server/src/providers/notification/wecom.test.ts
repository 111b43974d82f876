import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeWecom, startFakeWecom } from './fake-wecom-server';
import { maskWebhookKey, NotificationError, parseWebhookKey } from './index';
import { createSandboxNotification } from './sandbox';
import { createWecomRobot, WECOM_MARKDOWN_MAX_BYTES } from './wecom';

const key = '693a91f6-7a2b-4bc4-97a0-0ec2a1fa5aaa';

async function failureOf(promise: Promise<unknown>): Promise<NotificationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof NotificationError)) throw new Error(`expected a NotificationError, got ${String(error)}`);
  return error;
}

describe('the 企业微信 group robot adapter against a fake 企业微信', () => {
  let fake: FakeWecom;
  const robot = () => createWecomRobot({ baseUrl: fake.url, timeoutMs: 2_000 });

  beforeAll(async () => {
    fake = await startFakeWecom({ keys: [key] });
  });
  afterAll(() => fake.close());

  it('posts a markdown message as JSON to /cgi-bin/webhook/send with the key', async () => {
    await robot().send({ webhookKey: key }, { markdown: '**排名预警**\n> 关键词：露营' });
    const request = fake.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/cgi-bin/webhook/send');
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({
      msgtype: 'markdown',
      markdown: { content: '**排名预警**\n> 关键词：露营' },
    });
    expect(fake.received.at(-1)).toEqual({ key, msgtype: 'markdown', content: '**排名预警**\n> 关键词：露营' });
  });

  it('surfaces a non-zero errcode with its message, as a refusal that is not retried', async () => {
    const error = await failureOf(
      robot().send({ webhookKey: 'ffffffff-0000-0000-0000-000000000000' }, { markdown: 'x' }),
    );
    expect(error.reason).toBe('refused');
    expect(error.vendorCode).toBe(93000);
    expect(error.isRetryable).toBe(false);
    expect(error.message).toMatch(/^企业微信返回：invalid webhook url.*\(93000\)$/);
  });

  it('refuses content over 4096 bytes before sending it', async () => {
    const before = fake.requests.length;
    const error = await failureOf(
      robot().send({ webhookKey: key }, { markdown: '排'.repeat(WECOM_MARKDOWN_MAX_BYTES / 3 + 1) }),
    );
    expect(error.reason).toBe('refused');
    expect(fake.requests.length).toBe(before);
  });

  it('reports a dropped connection, a gateway page and "system busy" as retryable', async () => {
    fake.faults.push('drop', 'garbage', 'busy');
    for (const expected of ['unavailable', 'unavailable', 'unavailable'] as const) {
      const error = await failureOf(robot().send({ webhookKey: key }, { markdown: 'x' }));
      expect(error.reason).toBe(expected);
      expect(error.isRetryable).toBe(true);
    }
  });

  it('reports an unreachable server as unavailable', async () => {
    const closed = createWecomRobot({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2_000 });
    const error = await failureOf(closed.send({ webhookKey: key }, { markdown: 'x' }));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toMatch(/^企业微信无法连接/);
  });

  it('reports the robot frequency limit (45009) as rate limited', async () => {
    const busy = await startFakeWecom({ keys: [key] });
    try {
      const sender = createWecomRobot({ baseUrl: busy.url });
      for (let index = 0; index < 20; index++) await sender.send({ webhookKey: key }, { markdown: `第${index}条` });
      const error = await failureOf(sender.send({ webhookKey: key }, { markdown: '第21条' }));
      expect([error.reason, error.vendorCode, error.isRetryable]).toEqual(['rate_limited', 45009, true]);
    } finally {
      await busy.close();
    }
  });
});

describe('webhook keys', () => {
  it('takes the whole webhook address or the key alone, and nothing pointing elsewhere', () => {
    expect(parseWebhookKey(`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${key}`)).toBe(key);
    expect(parseWebhookKey(`  ${key} `)).toBe(key);
    expect(parseWebhookKey(`http://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${key}`)).toBeNull();
    expect(parseWebhookKey(`https://evil.example/cgi-bin/webhook/send?key=${key}`)).toBeNull();
    expect(parseWebhookKey('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=a b')).toBeNull();
    expect(parseWebhookKey('短')).toBeNull();
  });

  it('shows a saved key by its last four characters', () => {
    expect(maskWebhookKey(key)).toBe('****5aaa');
    expect(maskWebhookKey('')).toBe('');
  });
});

describe('the sandbox notification', () => {
  it('sends nothing out and keeps what it was given', async () => {
    const sandbox = createSandboxNotification();
    await sandbox.send({ webhookKey: key }, { markdown: '预警' });
    expect(sandbox.pushes).toBe(false);
    expect(sandbox.sent.map((entry) => entry.message.markdown)).toEqual(['预警']);
  });
});
