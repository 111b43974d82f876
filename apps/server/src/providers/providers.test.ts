import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import type { Database } from '../db/client';
import { createProviders } from './index';

// Choosing providers touches neither the database nor the network.
const context = (env: Record<string, string>) => ({
  config: loadConfig(env),
  db: {} as Database,
  log: pino({ level: 'silent' }),
});

const officialEnv = { WECHAT_PROVIDER: 'official', WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TOKEN: 't' };
const aliyunEnv = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_ACCESS_KEY_ID: 'id',
  ALIYUN_ACCESS_KEY_SECRET: 'secret',
  ALIYUN_SMS_SIGN_NAME: '迪搜',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
};

describe('provider selection', () => {
  it('uses the sandboxes when nothing is configured', () => {
    const providers = createProviders(context({}));
    expect(providers.sms.name).toBe('sandbox');
    expect(providers.wechat.name).toBe('sandbox');
  });

  it('uses the real adapters when they are chosen with their credentials', () => {
    const providers = createProviders(context({ ...officialEnv, ...aliyunEnv }));
    expect(providers.sms.name).toBe('aliyun');
    expect(providers.wechat.name).toBe('official');
  });

  it('refuses to start a real adapter without its credentials, naming each missing variable', () => {
    let caught: unknown;
    try {
      loadConfig({ WECHAT_PROVIDER: 'official', WECHAT_APP_ID: 'wx1', SMS_PROVIDER: 'aliyun' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const names = (caught as ConfigError).problems.map((problem) => problem.split(':')[0]).sort();
    expect(names).toEqual([
      'ALIYUN_ACCESS_KEY_ID',
      'ALIYUN_ACCESS_KEY_SECRET',
      'ALIYUN_SMS_SIGN_NAME',
      'ALIYUN_SMS_TEMPLATE_CODE',
      'WECHAT_APP_SECRET',
      'WECHAT_TOKEN',
    ]);
  });
});
