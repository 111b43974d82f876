import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import type { CaptchaProvider } from './captcha/index';
import { createSandboxCaptcha } from './captcha/sandbox';
import { createTencentCaptcha } from './captcha/tencent';
import { createAliyunSms } from './sms/aliyun';
import type { SmsProvider } from './sms/index';
import { createSandboxSms } from './sms/sandbox';
import type { WechatLoginProvider } from './wechat/index';
import { createOfficialWechat } from './wechat/official';
import { createSandboxWechat } from './wechat/sandbox';

/** Every outside service the server talks to, each behind its interface. */
export interface Providers {
  sms: SmsProvider;
  wechat: WechatLoginProvider;
  captcha: CaptchaProvider;
}

export interface ProviderContext {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
}

/** Picks each provider by configuration; the sandboxes are the defaults. */
export function createProviders({ config, db, log }: ProviderContext): Providers {
  return {
    sms:
      config.smsProvider === 'aliyun'
        ? createAliyunSms({ db, log, ...config.aliyunSms })
        : createSandboxSms({ db, log }),
    wechat:
      config.wechatProvider === 'official'
        ? createOfficialWechat(config.wechat)
        : createSandboxWechat({ publicUrl: config.publicUrl }),
    captcha:
      config.captchaProvider === 'tencent'
        ? createTencentCaptcha({ ...config.tencentCaptcha, log })
        : createSandboxCaptcha({ db }),
  };
}
