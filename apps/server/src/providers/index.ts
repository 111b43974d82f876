import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { loadSharedSecret, memoize } from '../features/account/login/server-keys.service';
import type { CaptchaProvider } from './captcha/index';
import { createSandboxCaptcha } from './captcha/sandbox';
import { createTencentCaptcha } from './captcha/tencent';
import { createDouyinOpenHotList } from './hot-list/douyin-open';
import type { HotListProvider } from './hot-list/index';
import { createSandboxHotList } from './hot-list/sandbox';
import type { ImageProvider } from './image/index';
import { createOpenAiImages } from './image/openai-images';
import { createSandboxImages } from './image/sandbox';
import type { InvoiceProvider } from './invoice/index';
import { createSandboxInvoice } from './invoice/sandbox';
import type { LlmProvider } from './llm/index';
import { createOpenAiCompatibleLlm } from './llm/openai-compatible';
import { createSandboxLlm } from './llm/sandbox';
import type { NotificationProvider } from './notification/index';
import { createSandboxNotification } from './notification/sandbox';
import { createWecomRobot } from './notification/wecom';
import { createAlipayGateway } from './payment/alipay';
import type { PaymentProviders } from './payment/index';
import { createSandboxPayment, type SandboxPayment } from './payment/sandbox';
import { createWechatPayGateway } from './payment/wechatpay';
import type { PlatformDataProvider } from './platform-data/index';
import type { PlatformKeywordSource } from './platform-data/keywords';
import { createSandboxPlatformData } from './platform-data/sandbox';
import { createTikhubPlatformData } from './platform-data/tikhub';
import { createDouyinPublishing } from './publishing/douyin';
import type { PublishingProvider } from './publishing/index';
import { createSandboxPublishing } from './publishing/sandbox';
import type { RankSource } from './rank-source/index';
import { createPlatformDataRankSource } from './rank-source/platform-data';
import { createSandboxRankSource } from './rank-source/sandbox';
import { createAliyunSms } from './sms/aliyun';
import type { SmsProvider } from './sms/index';
import { createSandboxSms } from './sms/sandbox';
import type { SpeechProvider } from './speech/index';
import { createOpenAiChatAudioSpeech } from './speech/openai-chat-audio';
import { createOpenAiCompatibleSpeech } from './speech/openai-compatible';
import { createSandboxSpeech } from './speech/sandbox';
import type { WechatLoginProvider } from './wechat/index';
import { createOfficialWechat } from './wechat/official';
import { createSandboxWechat } from './wechat/sandbox';

/** Every outside service the server talks to, each behind its interface. */
export interface Providers {
  sms: SmsProvider;
  wechat: WechatLoginProvider;
  captcha: CaptchaProvider;
  payment: PaymentProviders;
  /** Issues invoices; null when the finance team issues them by hand (INVOICE_PROVIDER=manual). */
  invoice: InvoiceProvider | null;
  /** The sandbox payment's cashier, when a channel pays through the sandbox. */
  sandboxPayment: SandboxPayment | null;
  /** Video and creator figures for the refresh job (docs/videos.md). */
  platformData: PlatformDataProvider & PlatformKeywordSource;
  /** Douyin's own hot boards, a second source for the DSO boards (docs/providers.md, "Hot lists"). */
  hotList: HotListProvider;
  /** The writing model (docs/writing.md). */
  llm: LlmProvider;
  /** Speech-to-text for copy extraction (docs/extraction.md). */
  speech: SpeechProvider;
  /** Keyword rankings for rank monitoring (docs/monitoring.md). */
  rankSource: RankSource;
  /** Douyin account authorisation and publishing (docs/publishing.md). */
  publishing: PublishingProvider;
  /** Pictures of AI 图文 works (docs/image-text.md). */
  image: ImageProvider;
  /** Where alerts of big rank moves go besides the in-app list (docs/monitoring.md, "Alerts"). */
  notification: NotificationProvider;
}

export interface ProviderContext {
  config: AppConfig;
  db: Database;
  log: FastifyBaseLogger;
}

/** The `server_keys` row of the sandbox payment's secret. */
export const SANDBOX_PAY_SECRET_KEY = 'sandbox-pay-hmac';

/** Picks each provider by configuration; the sandboxes are the defaults. */
export function createProviders({ config, db, log }: ProviderContext): Providers {
  const usesSandboxPayment = config.alipayProvider === 'sandbox' || config.wechatpayProvider === 'sandbox';
  const pinnedSecret = config.sandboxPaySecret;
  const sandboxPayment = usesSandboxPayment
    ? createSandboxPayment({
        db,
        // Unpinned, each database (so each data folder) makes its own on first use, shared by every
        // instance on it: a forger cannot know it.
        secret: pinnedSecret ? async () => pinnedSecret : memoize(() => loadSharedSecret(db, SANDBOX_PAY_SECRET_KEY)),
      })
    : null;
  const platformData =
    config.platformDataProvider === 'tikhub'
      ? createTikhubPlatformData({ apiKey: config.tikhub.apiKey, baseUrl: config.tikhub.baseUrl })
      : createSandboxPlatformData({ db });
  return {
    payment: {
      alipay:
        config.alipayProvider === 'alipay'
          ? createAlipayGateway({ ...config.alipay, sellerId: config.alipay.sellerId || undefined, log })
          : sandboxPayment!.alipay,
      wechat:
        config.wechatpayProvider === 'wechatpay'
          ? createWechatPayGateway({
              ...config.wechatpay,
              publicKeyId: config.wechatpay.publicKeyId || undefined,
              publicKey: config.wechatpay.publicKey || undefined,
              log,
            })
          : sandboxPayment!.wechat,
    },
    sandboxPayment,
    invoice:
      config.invoiceProvider === 'sandbox'
        ? createSandboxInvoice({
            seller: config.invoiceSeller,
            ...(config.invoiceFontPath ? { fontPath: config.invoiceFontPath } : {}),
          })
        : null,
    sms:
      config.smsProvider === 'aliyun'
        ? createAliyunSms({ db, log, ...config.aliyunSms })
        : createSandboxSms({ db, log }),
    wechat:
      config.wechatProvider === 'official'
        ? createOfficialWechat(config.wechat)
        : createSandboxWechat({ publicUrl: config.publicUrl }),
    platformData,
    hotList:
      config.hotListProvider === 'douyin'
        ? createDouyinOpenHotList({
            clientKey: config.douyinOpen.clientKey,
            clientSecret: config.douyinOpen.clientSecret,
            baseUrl: config.douyinOpen.baseUrl,
          })
        : createSandboxHotList(),
    rankSource:
      config.rankSourceProvider === 'platform-data'
        ? createPlatformDataRankSource({ platformData })
        : createSandboxRankSource({ db }),
    llm:
      config.llmProvider === 'openai'
        ? createOpenAiCompatibleLlm({ ...config.llm, idleTimeoutMs: config.llm.timeoutMs })
        : createSandboxLlm(),
    speech:
      config.speechProvider === 'openai'
        ? createOpenAiCompatibleSpeech(config.speech)
        : config.speechProvider === 'openai-chat'
          ? createOpenAiChatAudioSpeech(config.speech)
          : createSandboxSpeech({ db }),
    image:
      config.imageProvider === 'openai'
        ? createOpenAiImages(config.image)
        : createSandboxImages(config.imageFontPath ? { fontPath: config.imageFontPath } : {}),
    publishing:
      config.publishingProvider === 'douyin' ? createDouyinPublishing(config.douyinOpen) : createSandboxPublishing(),
    notification:
      config.notificationProvider === 'wecom'
        ? createWecomRobot({ baseUrl: config.wecomWebhookBaseUrl })
        : createSandboxNotification({ log }),
    captcha:
      config.captchaProvider === 'tencent'
        ? createTencentCaptcha({ ...config.tencentCaptcha, log })
        : createSandboxCaptcha({ db }),
  };
}
