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

  it('uses Tencent Cloud 验证码 when chosen with its keys, and names the missing ones otherwise', () => {
    const tencent = {
      CAPTCHA_PROVIDER: 'tencent',
      TENCENT_CAPTCHA_APP_ID: '190000001',
      TENCENT_CAPTCHA_APP_SECRET_KEY: 'k',
      TENCENTCLOUD_SECRET_ID: 'id',
      TENCENTCLOUD_SECRET_KEY: 'key',
    };
    expect(createProviders(context(tencent)).captcha.name).toBe('tencent');
    expect(createProviders(context({})).captcha.name).toBe('sandbox');
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'tencent', TENCENT_CAPTCHA_APP_ID: '190000001' })).toThrow(
      /TENCENT_CAPTCHA_APP_SECRET_KEY[\s\S]*TENCENTCLOUD_SECRET_ID[\s\S]*TENCENTCLOUD_SECRET_KEY/,
    );
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

  it('reads the hot lists from the sandbox unless the Douyin Open Platform is chosen with its key and secret', () => {
    expect(createProviders(context({})).hotList).toMatchObject({ name: 'sandbox', isDemo: true });
    const douyin = { HOT_LIST_PROVIDER: 'douyin', DOUYIN_CLIENT_KEY: 'awkey', DOUYIN_CLIENT_SECRET: 'secret' };
    expect(createProviders(context(douyin)).hotList).toMatchObject({ name: 'douyin', isDemo: false });
    expect(() => loadConfig({ HOT_LIST_PROVIDER: 'douyin' })).toThrow(/DOUYIN_CLIENT_KEY[\s\S]*DOUYIN_CLIENT_SECRET/);
  });

  it('answers platform data from the demo sandbox unless TikHub is chosen with its key', () => {
    expect(createProviders(context({})).platformData.name).toBe('sandbox');
    expect(createProviders(context({})).platformData.isDemo).toBe(true);
    const tikhub = createProviders(context({ PLATFORM_DATA_PROVIDER: 'tikhub', TIKHUB_API_KEY: 'k' })).platformData;
    expect(tikhub.isDemo).toBe(false);
    expect(() => loadConfig({ PLATFORM_DATA_PROVIDER: 'tikhub' })).toThrow(/TIKHUB_API_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'production', PLATFORM_DATA_PROVIDER: 'sandbox' })).toThrow(
      /PLATFORM_DATA_PROVIDER/,
    );
  });
});
