import path from 'node:path';
import type { SiteInfo } from '@dso/contract';
import { z } from 'zod';

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

const optionalUrl = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.url({ message: '必须是合法的 URL' }).optional(),
);

/** Every environment variable the server reads, with its default (see `.env.example`). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The commit this build was made from, shown on the console's 系统 page; set by the deployment. */
  GIT_COMMIT: z.string().default(''),
  HOST: z.string().default('0.0.0.0'),
  /** Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDRs); none by default. */
  TRUST_PROXY: z.string().default(''),
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /**
   * A streaming replica of DATABASE_URL's PostgreSQL for the heavy reads of the libraries (search, lists, boards);
   * unset, they run on DATABASE_URL too (docs/scale.md, "Reads from the replica"). Ignored on PGlite.
   */
  READ_DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  /**
   * Where browsers and phones reach this server (links that leave the page: the sandbox's QR scan page,
   * vendor callbacks). Unset: the sandbox links use the address the browser came from.
   */
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The bearer token Prometheus sends for `/metrics` (docs/frame.md, "Health and metrics"); unset, `/metrics`
   * answers 404 and nothing is measured.
   */
  METRICS_TOKEN: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().min(16, '至少 16 个字符').optional(),
  ),
  DEMO: booleanFlag.default(true),
  /**
   * The share of the full first-run demo set a first start seeds (tests and benchmarks of the first start
   * use a small one; below 1 the video library is the journeys' small one).
   */
  DEMO_SCALE: z.coerce.number().gt(0).max(1).default(1),
  /** Run the job worker inside the server process (off when `npm run worker` processes run the queue). */
  JOBS_IN_PROCESS: booleanFlag.default(true),
  /**
   * Request limits on every /api call, per address and per signed-in user (docs/frame.md): requests in
   * flight at once and per minute answer 650 when exceeded; requests per hour shut the client out for
   * 24 hours with 661. REQUEST_LIMITS=false turns them off.
   */
  REQUEST_LIMITS: booleanFlag.default(true),
  LIMIT_IP_IN_FLIGHT: z.coerce.number().int().min(1).default(16),
  LIMIT_IP_SEARCHES_IN_FLIGHT: z.coerce.number().int().min(1).default(4),
  LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LIMIT_IP_PER_HOUR: z.coerce.number().int().min(1).default(20_000),
  LIMIT_USER_IN_FLIGHT: z.coerce.number().int().min(1).default(12),
  LIMIT_USER_SEARCHES_IN_FLIGHT: z.coerce.number().int().min(1).default(3),
  LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  LIMIT_USER_PER_HOUR: z.coerce.number().int().min(1).default(6_000),
  /** How long a refused call waits for its 650/661, so a client cannot turn refusals into a busy loop. */
  LIMIT_REFUSAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The operator's details for the footer and the contact dialog (000 §2.4); empty ones are not shown. */
  SITE_COMPANY_NAME: z.string().default(''),
  SITE_COMPANY_ADDRESS: z.string().default(''),
  SITE_PHONE: z.string().default(''),
  SITE_EMAIL: z.string().default(''),
  /** The site's ICP registration number (备案号), linked to the MIIT registry; required in production. */
  SITE_ICP: z.string().default(''),
  SITE_ICP_URL: z.url().default('https://beian.miit.gov.cn'),
  /** What the footer's and contact dialog's QR codes open: the official account and the support chat. */
  SITE_OFFICIAL_ACCOUNT_URL: optionalUrl,
  SITE_SUPPORT_WECHAT_URL: optionalUrl,
  SITE_SISTER_PRODUCT_NAME: z.string().default(''),
  SITE_SISTER_PRODUCT_URL: optionalUrl,
  /**
   * A folder of the operator's own 用户协议 and 隐私政策 (`user-agreement.md`, `privacy-policy.md`); a file
   * missing there falls back to the default the product ships (apps/server/legal, docs/legal.md).
   */
  LEGAL_DIR: z.string().optional(),
  /** HMAC-SHA256 secret shared with the sister product for cross-site login (docs/accounts.md). */
  DCC_SHARED_SECRET: z.string().min(16, '至少 16 个字符').default('dso-sandbox-dcc-shared-secret'),
  WEB_DIST: z.string().optional(),
  SMS_PROVIDER: z.enum(['sandbox', 'aliyun']).default('sandbox'),
  WECHAT_PROVIDER: z.enum(['sandbox', 'official']).default('sandbox'),
  PAY_PROVIDER: z.enum(['sandbox', 'alipay', 'wxpay']).default('sandbox'),
  /** The writing model (docs/providers.md, "LLM"): the sandbox, or any OpenAI-compatible chat API. */
  LLM_PROVIDER: z.enum(['sandbox', 'openai']).default('sandbox'),
  /** Up to the version, e.g. https://api.deepseek.com/v1; `/chat/completions` is appended. */
  LLM_BASE_URL: z.url().default('https://api.deepseek.com/v1'),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  /** Sends `stream_options: { include_usage: true }` (vendors that accept it). */
  LLM_STREAM_OPTIONS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** How long the model may take to start answering, and to stay silent between two pieces. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /**
   * Speech-to-text for copy extraction (docs/providers.md, "Speech"): the sandbox, an OpenAI-compatible
   * `/audio/transcriptions` API (openai), or a chat completions API that hears audio (openai-chat).
   */
  SPEECH_PROVIDER: z.enum(['sandbox', 'openai', 'openai-chat']).default('sandbox'),
  /** Up to the version, e.g. https://api.openai.com/v1; `/audio/transcriptions` (or `/chat/completions`) is appended. */
  SPEECH_BASE_URL: z.url().default('https://api.openai.com/v1'),
  SPEECH_API_KEY: z.string().optional(),
  SPEECH_MODEL: z.string().optional(),
  /** How long one transcription (download, upload and recognition) may take. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** How many transcriptions run at once (the vendor's concurrency limit). */
  SPEECH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** openai-chat: the audio's bytes as bare Base64 (OpenAI, Zhipu) or a `data:;base64,` URL (DashScope). */
  SPEECH_CHAT_AUDIO_DATA: z.enum(['base64', 'data-url']).default('base64'),
  /** openai-chat: asks for a streamed answer (Qwen-Omni answers only that way). */
  SPEECH_CHAT_STREAM: booleanFlag.default(true),
  /** openai-chat: the format audio is cut to for the `input_audio` part. */
  SPEECH_AUDIO_FORMAT: z.enum(['mp3', 'wav']).default('mp3'),
  /** Pictures of AI 图文 (docs/providers.md, "Image generation"): the sandbox's own cards, or an OpenAI-compatible images API. */
  IMAGE_PROVIDER: z.enum(['sandbox', 'openai']).default('sandbox'),
  /** Up to the version, e.g. https://api.openai.com/v1; `/images/generations` is appended. */
  IMAGE_BASE_URL: z.url().default('https://api.openai.com/v1'),
  IMAGE_API_KEY: z.string().optional(),
  IMAGE_MODEL: z.string().optional(),
  /** The vendor's size string (e.g. 1024x1536); empty sends none. */
  IMAGE_SIZE: z.string().max(32).default(''),
  /** `b64_json`, `url`, or empty to send no response_format (gpt-image-1 refuses it). */
  IMAGE_RESPONSE_FORMAT: z.enum(['b64_json', 'url', '']).default(''),
  IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(120_000),
  /** How many pictures are made at once (the vendor's concurrency limit). */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** A CJK font for the sandbox's cards; fonts-noto-cjk's is found without it. */
  IMAGE_FONT_PATH: z.string().optional(),
  CAPTCHA_PROVIDER: z.enum(['sandbox', 'tencent']).default('sandbox'),
  /** WeChat Official Account (WECHAT_PROVIDER=official); see docs/providers.md. */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** The token set on the Official Account's server-address page; it signs every callback. */
  WECHAT_TOKEN: z.string().optional(),
  WECHAT_API_BASE: z.url().default('https://api.weixin.qq.com'),
  /** How long one QR-login long poll is held, and how often it re-reads the ticket meanwhile. */
  WECHAT_POLL_HOLD_MS: z.coerce.number().int().min(0).max(60_000).default(25_000),
  WECHAT_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(10_000).default(500),
  /** Aliyun SMS (SMS_PROVIDER=aliyun): a RAM user's AccessKey, the approved sign and code template. */
  ALIYUN_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  ALIYUN_SMS_ENDPOINT: z.url().default('https://dysmsapi.aliyuncs.com'),
  /** Tencent Cloud 验证码 (CAPTCHA_PROVIDER=tencent): the captcha's CaptchaAppId and AppSecretKey. */
  TENCENT_CAPTCHA_APP_ID: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().regex(/^\d+$/, '必须是数字（CaptchaAppId）').optional(),
  ),
  TENCENT_CAPTCHA_APP_SECRET_KEY: z.string().optional(),
  /** A CAM key allowed to call DescribeCaptchaResult; it signs the ticket checks. */
  TENCENTCLOUD_SECRET_ID: z.string().optional(),
  TENCENTCLOUD_SECRET_KEY: z.string().optional(),
  TENCENT_CAPTCHA_ENDPOINT: z.url().default('https://captcha.tencentcloudapi.com'),
  TENCENT_CAPTCHA_SCRIPT_URL: z.url().default('https://turing.captcha.qcloud.com/TCaptcha.js'),
  /** Payment channels (docs/orders.md): each the sandbox cashier, or the vendor's real API. */
  ALIPAY_PROVIDER: z.enum(['sandbox', 'alipay']).default('sandbox'),
  WECHATPAY_PROVIDER: z.enum(['sandbox', 'wechatpay']).default('sandbox'),
  /** Alipay open platform (ALIPAY_PROVIDER=alipay): the app id, the app's private key, Alipay's public key, the PID. */
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_APP_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_SELLER_ID: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default('https://openapi.alipay.com/gateway.do'),
  /** WeChat Pay API v3 (WECHATPAY_PROVIDER=wechatpay): 商户号, the bound APPID, the APIv3 key, the merchant API key and its serial. */
  WECHATPAY_MCH_ID: z.string().optional(),
  WECHATPAY_APP_ID: z.string().optional(),
  WECHATPAY_API_V3_KEY: z.string().optional(),
  WECHATPAY_MERCHANT_SERIAL_NO: z.string().optional(),
  WECHATPAY_MERCHANT_PRIVATE_KEY: z.string().optional(),
  /** The 微信支付公钥 mode: its id (PUB_KEY_ID_…) and PEM; without them platform certificates are used. */
  WECHATPAY_PUBLIC_KEY_ID: z.string().optional(),
  WECHATPAY_PUBLIC_KEY: z.string().optional(),
  WECHATPAY_BASE_URL: z.url().default('https://api.mch.weixin.qq.com'),
  /**
   * Invoices (docs/invoicing.md): the sandbox renders sample PDFs itself; `manual` records requests
   * for the finance team, who issue them on their tax platform and upload the PDF (`npm run orders`).
   */
  INVOICE_PROVIDER: z.enum(['sandbox', 'manual']).default('sandbox'),
  /** A CJK font for the sandbox's PDFs; fonts-noto-cjk's is found without it. */
  INVOICE_FONT_PATH: z.string().optional(),
  /** The seller (销售方) printed on invoices; the company name defaults to SITE_COMPANY_NAME. */
  INVOICE_SELLER_NAME: z.string().default(''),
  INVOICE_SELLER_TAX_NO: z.string().default(''),
  INVOICE_SELLER_ADDRESS: z.string().default(''),
  INVOICE_SELLER_PHONE: z.string().default(''),
  INVOICE_SELLER_BANK: z.string().default(''),
  /**
   * TikHub (PLATFORM_DATA_PROVIDER=tikhub; docs/videos.md, "Platform data providers"): the API key from
   * the TikHub user console, and the API address (the mainland mirror is https://api.tikhub.dev).
   */
  TIKHUB_API_KEY: z.string().optional(),
  /** Where video and creator figures come from (the refresh job): the demo generator, or TikHub. */
  PLATFORM_DATA_PROVIDER: z.enum(['sandbox', 'tikhub']).default('sandbox'),
  TIKHUB_BASE_URL: z.url().default('https://api.tikhub.io'),
  /**
   * Rank monitoring (docs/monitoring.md): where keyword rankings come from — the sandbox ranks the demo
   * video library; `platform-data` reads search results through PLATFORM_DATA_PROVIDER (TikHub).
   */
  RANK_SOURCE_PROVIDER: z.enum(['sandbox', 'platform-data']).default('sandbox'),
  /** The Asia/Shanghai hour (0–23) the daily check round starts. */
  MONITOR_CHECK_HOUR: z.coerce.number().int().min(0).max(23).default(6),
  /** Rankings each worker process reads from the source per second at most. */
  MONITOR_CHECKS_PER_SECOND: z.coerce.number().positive().max(1_000).default(5),
  /**
   * Alerts of big rank moves (docs/monitoring.md, "Alerts"): every alert goes to the user's in-app list; the
   * sandbox sends nothing else, `wecom` also posts to the 企业微信 group robot whose webhook the user saved.
   */
  NOTIFICATION_PROVIDER: z.enum(['sandbox', 'wecom']).default('sandbox'),
  /** Where 企业微信's webhook API is (a fake server in tests, or an egress proxy); robot keys are per user. */
  WECOM_WEBHOOK_BASE_URL: z.url().default('https://qyapi.weixin.qq.com'),
  /** One-key publishing (docs/publishing.md): the sandbox's local authorise page, or the Douyin Open Platform. */
  PUBLISHING_PROVIDER: z.enum(['sandbox', 'douyin']).default('sandbox'),
  /** The Douyin Open Platform application (移动/网站应用): its Client Key and Client Secret (publishing, hot lists). */
  DOUYIN_CLIENT_KEY: z.string().optional(),
  DOUYIN_CLIENT_SECRET: z.string().optional(),
  DOUYIN_OPEN_BASE_URL: z.url().default('https://open.douyin.com'),
  /**
   * Douyin's own hot lists, a second source for the DSO boards (docs/providers.md, "Hot lists"): the sandbox's demo
   * boards, or the Douyin Open Platform's data-open hot lists read with the application's client token.
   */
  HOT_LIST_PROVIDER: z.enum(['sandbox', 'douyin']).default('sandbox'),
  /**
   * Seals the authorised accounts' OAuth tokens at rest (AES-256-GCM, docs/publishing.md). Rotate by moving
   * the old value into TOKEN_ENCRYPTION_PREVIOUS_KEYS; production refuses the default.
   */
  TOKEN_ENCRYPTION_KEY: z.string().min(16, '至少 16 个字符').default('dso-sandbox-token-encryption-key'),
  /** Earlier TOKEN_ENCRYPTION_KEY values (comma-separated), still read until every row is resealed. */
  TOKEN_ENCRYPTION_PREVIOUS_KEYS: z.string().default(''),
  /**
   * Signs the sandbox payment's notifications (the sandbox cashier); production refuses the sandbox.
   * Unset, each database gets its own random secret on first use (kept in `server_keys`).
   */
  SANDBOX_PAY_SECRET: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(16).optional()),
  /**
   * Scheduled collection (docs/collection.md): `name=cron;name=off`, overriding the defaults of
   * {@link scheduledCollections}; crons are read in Asia/Shanghai.
   */
  COLLECT_SCHEDULES: z.string().default(''),
  /** Vendor calls each source may make per Asia/Shanghai day: `source=n;…` over the defaults of {@link collectionSources}. */
  COLLECT_DAILY_CALLS: z.string().default(''),
  /** Vendor calls per second each source is paced to: `source=n;…` over the defaults of {@link collectionSources}. */
  COLLECT_CALLS_PER_SECOND: z.string().default(''),
});

export type Env = z.infer<typeof envSchema>;

/** A real adapter without its credentials would fail at the first login or SMS; refuse to start instead. */
function missingVendorCredentials(env: Env): string[] {
  const needed: Array<keyof Env> = [];
  if (env.WECHAT_PROVIDER === 'official') needed.push('WECHAT_APP_ID', 'WECHAT_APP_SECRET', 'WECHAT_TOKEN');
  if (env.SMS_PROVIDER === 'aliyun') {
    needed.push('ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE');
  }
  if (env.CAPTCHA_PROVIDER === 'tencent') {
    needed.push(
      'TENCENT_CAPTCHA_APP_ID',
      'TENCENT_CAPTCHA_APP_SECRET_KEY',
      'TENCENTCLOUD_SECRET_ID',
      'TENCENTCLOUD_SECRET_KEY',
    );
  }
  if (env.PLATFORM_DATA_PROVIDER === 'tikhub') needed.push('TIKHUB_API_KEY');
  // Douyin sends the browser back to PUBLIC_URL's callback, which the application registers with Douyin.
  if (env.PUBLISHING_PROVIDER === 'douyin') needed.push('DOUYIN_CLIENT_KEY', 'DOUYIN_CLIENT_SECRET', 'PUBLIC_URL');
  // The hot lists need no user's authorisation, so no callback address: the application's key and secret only.
  if (env.HOT_LIST_PROVIDER === 'douyin') needed.push('DOUYIN_CLIENT_KEY', 'DOUYIN_CLIENT_SECRET');
  if (env.LLM_PROVIDER === 'openai') needed.push('LLM_API_KEY', 'LLM_MODEL');
  if (env.SPEECH_PROVIDER !== 'sandbox') needed.push('SPEECH_API_KEY', 'SPEECH_MODEL');
  if (env.IMAGE_PROVIDER === 'openai') needed.push('IMAGE_API_KEY', 'IMAGE_MODEL');
  if (env.ALIPAY_PROVIDER === 'alipay') needed.push('ALIPAY_APP_ID', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY');
  if (env.WECHATPAY_PROVIDER === 'wechatpay') {
    needed.push(
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_MERCHANT_SERIAL_NO',
      'WECHATPAY_MERCHANT_PRIVATE_KEY',
    );
  }
  // Vendors post notifications to PUBLIC_URL: without it a payment would never be seen.
  if (env.ALIPAY_PROVIDER !== 'sandbox' || env.WECHATPAY_PROVIDER !== 'sandbox') needed.push('PUBLIC_URL');
  return [...new Set(needed)].filter((name) => !env[name]).map((name) => `${name}: 所选服务商需要此项配置`);
}

/** Variables holding secrets: a default or example value of one is public knowledge. */
const secretNames = (Object.keys(envSchema.shape) as Array<keyof Env>).filter((name) =>
  /SECRET|TOKEN|PASSWORD/.test(name),
);
/** Values that only ever appear in examples and defaults (`.env.example`, docs). */
const exampleSecretPattern = /sandbox|example|changeme|change-me|default|placeholder/i;

/** The variables that pick an outside service's provider. */
export type ProviderVariable = Extract<keyof Env, `${string}_PROVIDER`>;

/**
 * Every outside service, by the variable that picks its provider: its name in the console and the configuration
 * key the providers are made from (null for PAY_PROVIDER, which nothing reads since each payment channel has its
 * own). Production refuses each one left at `sandbox`, and the console's 系统 page lists them, both from here; the
 * type holds the table to exactly the `*_PROVIDER` variables of {@link envSchema}.
 */
export const outsideServices = {
  SMS_PROVIDER: { label: '短信', configKey: 'smsProvider' },
  CAPTCHA_PROVIDER: { label: '验证码', configKey: 'captchaProvider' },
  WECHAT_PROVIDER: { label: '微信登录', configKey: 'wechatProvider' },
  ALIPAY_PROVIDER: { label: '支付宝', configKey: 'alipayProvider' },
  WECHATPAY_PROVIDER: { label: '微信支付', configKey: 'wechatpayProvider' },
  LLM_PROVIDER: { label: '大模型', configKey: 'llmProvider' },
  SPEECH_PROVIDER: { label: '语音转文字', configKey: 'speechProvider' },
  IMAGE_PROVIDER: { label: '图片生成', configKey: 'imageProvider' },
  PLATFORM_DATA_PROVIDER: { label: '平台数据', configKey: 'platformDataProvider' },
  RANK_SOURCE_PROVIDER: { label: '排名数据', configKey: 'rankSourceProvider' },
  PUBLISHING_PROVIDER: { label: '抖音开放平台', configKey: 'publishingProvider' },
  HOT_LIST_PROVIDER: { label: '抖音热榜', configKey: 'hotListProvider' },
  NOTIFICATION_PROVIDER: { label: '企业微信', configKey: 'notificationProvider' },
  INVOICE_PROVIDER: { label: '发票', configKey: 'invoiceProvider' },
  PAY_PROVIDER: { label: '支付（旧变量，未使用）', configKey: null },
} as const satisfies Record<ProviderVariable, { label: string; configKey: keyof AppConfig | null }>;

export * from './collection-config';

import { type CollectionName, collectionSettings, collectionSources, scheduledCollections } from './collection-config';

/** One check a production start must pass, and whether the configuration passes it. */
export interface ProductionCheck {
  /** The variable checked. */
  variable: string;
  passed: boolean;
  /** What the start-up error says when it fails. */
  problem: string;
}

/**
 * A production server must not run on stand-ins: every `*_PROVIDER` set to its sandbox (anyone could
 * log in or pay through the sandbox pages) and every secret left at its default or example value fails,
 * as does a site without its ICP registration. Evaluated whatever NODE_ENV says, so the console can show
 * what a production start would refuse.
 */
export function productionChecks(env: Env): ProductionCheck[] {
  const checks: ProductionCheck[] = [];
  for (const variable of Object.keys(outsideServices) as ProviderVariable[]) {
    checks.push({
      variable,
      passed: env[variable] !== 'sandbox',
      problem: `${variable}: 生产环境不能使用沙箱服务（sandbox），请配置真实服务商`,
    });
  }
  for (const name of secretNames) {
    const value = env[name];
    const schemaDefault = envSchema.shape[name].safeParse(undefined).data;
    const known =
      typeof value === 'string' && value !== '' && (value === schemaDefault || exampleSecretPattern.test(value));
    checks.push({ variable: name, passed: !known, problem: `${name}: 生产环境不能使用默认或示例密钥，请设置自己的值` });
  }
  // A scheduled collection would fill the libraries with the sandbox's made-up figures.
  const { crons } = collectionSettings(env);
  for (const name of Object.keys(scheduledCollections) as CollectionName[]) {
    const variable = collectionSources[scheduledCollections[name].source].variable;
    checks.push({
      variable: `COLLECT_SCHEDULES:${name}`,
      passed: crons[name] === null || env[variable] !== 'sandbox',
      problem: `COLLECT_SCHEDULES: ${name} 的数据源 ${variable} 是沙箱（sandbox），生产环境请配置真实服务商或设为 ${name}=off`,
    });
  }
  // A site served in mainland China must show its ICP registration and its operator.
  for (const name of ['SITE_ICP', 'SITE_COMPANY_NAME'] as const) {
    checks.push({ variable: name, passed: Boolean(env[name]), problem: `${name}: 生产环境需要填写网站备案信息` });
  }
  return checks;
}

/** What a production start refuses, all at once; nothing outside production. */
function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  return productionChecks(env)
    .filter((check) => !check.passed)
    .map((check) => check.problem);
}

/**
 * The configuration as the code reads it. Each variable is declared once, in {@link envSchema} (type,
 * default, meaning), and mapped once, in {@link configFromEnv}; the types below are that mapping's.
 */
export type AppConfig = ReturnType<typeof configFromEnv>;
/** Per-address and per-user request limits on /api calls; see plugins/request-limits.ts. */
export type RequestLimits = NonNullable<AppConfig['requestLimits']>;
/** What one client (an address, or a signed-in user) may do. */
export type ClientLimits = RequestLimits['address'];
/** Tencent Cloud 验证码 settings; empty strings unless CAPTCHA_PROVIDER=tencent. */
export type TencentCaptchaConfig = AppConfig['tencentCaptcha'];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const env = parsed.data;
  const problems = [...missingVendorCredentials(env), ...collectionSettings(env).problems, ...productionProblems(env)];
  if (problems.length > 0) throw new ConfigError(problems);
  return configFromEnv(env);
}

/** The validated environment in the shape the code reads: camelCase, grouped by service. */
function configFromEnv(env: Env) {
  return {
    env: env.NODE_ENV,
    /** The checks a production start must pass, as this configuration fares (the console's 系统 page). */
    productionChecks: productionChecks(env),
    /** The commit the deployment says it runs, or null. */
    gitCommit: env.GIT_COMMIT || null,
    host: env.HOST,
    /** Addresses of trusted reverse proxies; empty means the socket address is the client's. */
    trustProxy: env.TRUST_PROXY.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    /** The replica heavy reads go to (`app.readDb`); undefined: the primary. Only beside a DATABASE_URL. */
    readDatabaseUrl: env.DATABASE_URL ? env.READ_DATABASE_URL : undefined,
    redisUrl: env.REDIS_URL,
    /** Undefined means "the address the request came from" (see `PUBLIC_URL`). */
    publicUrl: env.PUBLIC_URL,
    logLevel: env.LOG_LEVEL,
    /** The bearer token `/metrics` asks for; null: no metrics (the path answers 404). */
    metricsToken: env.METRICS_TOKEN ?? null,
    demo: env.DEMO,
    demoScale: env.DEMO_SCALE,
    jobsInProcess: env.JOBS_IN_PROCESS,
    /** Per-address and per-user request limits on /api calls; null when turned off. */
    requestLimits: env.REQUEST_LIMITS
      ? {
          address: {
            /** Requests running at once; more answer 650 at once. */
            inFlight: env.LIMIT_IP_IN_FLIGHT,
            /** Library searches (search, root words) running at once; more answer 650 at once. */
            searchesInFlight: env.LIMIT_IP_SEARCHES_IN_FLIGHT,
            /** Requests per minute; more answer 650 until the minute is over. */
            perMinute: env.LIMIT_IP_PER_MINUTE,
            /** Requests per hour; more shut the client out for 24 hours (661). */
            perHour: env.LIMIT_IP_PER_HOUR,
          },
          user: {
            inFlight: env.LIMIT_USER_IN_FLIGHT,
            searchesInFlight: env.LIMIT_USER_SEARCHES_IN_FLIGHT,
            perMinute: env.LIMIT_USER_PER_MINUTE,
            perHour: env.LIMIT_USER_PER_HOUR,
          },
          /** A refused call is answered after this long (a tarpit): refusing then costs the client time, not the server. */
          refusalDelayMs: env.LIMIT_REFUSAL_DELAY_MS,
        }
      : null,
    /** Live sessions a user may hold; a newer login kicks the oldest (803 on its next request). */
    maxSessionsPerUser: env.MAX_SESSIONS_PER_USER,
    sessionTtlMs: env.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    /** Signs the sister product's hand-over tokens (`/api/user/dcc_login`); the default is for the sandbox only. */
    dccSharedSecret: env.DCC_SHARED_SECRET,
    /** Built web app to serve; absent in route tests. */
    webDist: env.WEB_DIST ? path.resolve(env.WEB_DIST) : undefined,
    smsProvider: env.SMS_PROVIDER,
    wechatProvider: env.WECHAT_PROVIDER,
    wechatPollHoldMs: env.WECHAT_POLL_HOLD_MS,
    wechatPollIntervalMs: env.WECHAT_POLL_INTERVAL_MS,
    /** The WeChat Official Account; empty strings unless WECHAT_PROVIDER=official. */
    wechat: {
      appId: env.WECHAT_APP_ID ?? '',
      appSecret: env.WECHAT_APP_SECRET ?? '',
      token: env.WECHAT_TOKEN ?? '',
      apiBase: env.WECHAT_API_BASE,
    },
    /** Aliyun SMS; empty strings unless SMS_PROVIDER=aliyun. */
    aliyunSms: {
      accessKeyId: env.ALIYUN_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.ALIYUN_ACCESS_KEY_SECRET ?? '',
      signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    },
    /** The operator's details as the browser gets them (`/api/web/site_info`). */
    site: {
      company_name: env.SITE_COMPANY_NAME,
      company_address: env.SITE_COMPANY_ADDRESS,
      phone: env.SITE_PHONE,
      email: env.SITE_EMAIL,
      icp: env.SITE_ICP,
      icp_url: env.SITE_ICP_URL,
      official_account_url: env.SITE_OFFICIAL_ACCOUNT_URL ?? '',
      support_wechat_url: env.SITE_SUPPORT_WECHAT_URL ?? '',
      sister_product_name: env.SITE_SISTER_PRODUCT_NAME,
      sister_product_url: env.SITE_SISTER_PRODUCT_URL ?? '',
    } satisfies SiteInfo,
    /** LEGAL_DIR resolved; undefined: the shipped documents only. */
    legalDir: env.LEGAL_DIR ? path.resolve(env.LEGAL_DIR) : undefined,
    captchaProvider: env.CAPTCHA_PROVIDER,
    /** Tencent Cloud 验证码; empty strings unless CAPTCHA_PROVIDER=tencent. */
    tencentCaptcha: {
      appId: env.TENCENT_CAPTCHA_APP_ID ?? '',
      appSecretKey: env.TENCENT_CAPTCHA_APP_SECRET_KEY ?? '',
      secretId: env.TENCENTCLOUD_SECRET_ID ?? '',
      secretKey: env.TENCENTCLOUD_SECRET_KEY ?? '',
      endpoint: env.TENCENT_CAPTCHA_ENDPOINT,
      scriptUrl: env.TENCENT_CAPTCHA_SCRIPT_URL,
    },
    // No public default: with one, anyone could sign a payment for any non-production instance.
    sandboxPaySecret: env.SANDBOX_PAY_SECRET,
    /** The secrets OAuth tokens are sealed under: the current one and earlier ones still opened. */
    tokenEncryption: {
      currentSecret: env.TOKEN_ENCRYPTION_KEY,
      previousSecrets: env.TOKEN_ENCRYPTION_PREVIOUS_KEYS.split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    },
    invoiceProvider: env.INVOICE_PROVIDER,
    invoiceFontPath: env.INVOICE_FONT_PATH,
    invoiceSeller: {
      name: env.INVOICE_SELLER_NAME || env.SITE_COMPANY_NAME || 'DSO 示例科技有限公司',
      taxNo: env.INVOICE_SELLER_TAX_NO || '91110000MA00000000',
      address: env.INVOICE_SELLER_ADDRESS || env.SITE_COMPANY_ADDRESS,
      phone: env.INVOICE_SELLER_PHONE || env.SITE_PHONE,
      bank: env.INVOICE_SELLER_BANK,
    },
    alipayProvider: env.ALIPAY_PROVIDER,
    wechatpayProvider: env.WECHATPAY_PROVIDER,
    /** Alipay open-platform credentials; empty strings unless ALIPAY_PROVIDER=alipay. */
    alipay: {
      appId: env.ALIPAY_APP_ID ?? '',
      privateKey: env.ALIPAY_APP_PRIVATE_KEY ?? '',
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? '',
      sellerId: env.ALIPAY_SELLER_ID ?? '',
      gateway: env.ALIPAY_GATEWAY,
    },
    /** WeChat Pay API v3 credentials; empty strings unless WECHATPAY_PROVIDER=wechatpay. */
    wechatpay: {
      mchId: env.WECHATPAY_MCH_ID ?? '',
      appId: env.WECHATPAY_APP_ID ?? '',
      apiV3Key: env.WECHATPAY_API_V3_KEY ?? '',
      merchantSerialNo: env.WECHATPAY_MERCHANT_SERIAL_NO ?? '',
      merchantPrivateKey: env.WECHATPAY_MERCHANT_PRIVATE_KEY ?? '',
      publicKeyId: env.WECHATPAY_PUBLIC_KEY_ID ?? '',
      publicKey: env.WECHATPAY_PUBLIC_KEY ?? '',
      baseUrl: env.WECHATPAY_BASE_URL,
    },
    platformDataProvider: env.PLATFORM_DATA_PROVIDER,
    rankSourceProvider: env.RANK_SOURCE_PROVIDER,
    /** The daily check round: its Shanghai hour and the source reads per second per worker process. */
    monitoring: { checkHour: env.MONITOR_CHECK_HOUR, checksPerSecond: env.MONITOR_CHECKS_PER_SECOND },
    /** Scheduled collection: each collection's cron (null when off), each source's daily calls and pace. */
    collection: (({ crons, realSourceCrons, limits }) => ({ crons, realSourceCrons, limits }))(collectionSettings(env)),
    /** TikHub's Douyin data API; the key is empty unless configured. */
    tikhub: { apiKey: env.TIKHUB_API_KEY ?? '', baseUrl: env.TIKHUB_BASE_URL },
    notificationProvider: env.NOTIFICATION_PROVIDER,
    wecomWebhookBaseUrl: env.WECOM_WEBHOOK_BASE_URL,
    publishingProvider: env.PUBLISHING_PROVIDER,
    hotListProvider: env.HOT_LIST_PROVIDER,
    /** The Douyin Open Platform application; key and secret are empty unless PUBLISHING_PROVIDER or HOT_LIST_PROVIDER is douyin. */
    douyinOpen: {
      clientKey: env.DOUYIN_CLIENT_KEY ?? '',
      clientSecret: env.DOUYIN_CLIENT_SECRET ?? '',
      baseUrl: env.DOUYIN_OPEN_BASE_URL,
    },
    llmProvider: env.LLM_PROVIDER,
    /** The OpenAI-compatible chat API; key and model are empty unless LLM_PROVIDER=openai. */
    llm: {
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY ?? '',
      model: env.LLM_MODEL ?? '',
      streamOptions: env.LLM_STREAM_OPTIONS,
      timeoutMs: env.LLM_TIMEOUT_MS,
    },
    speechProvider: env.SPEECH_PROVIDER,
    /** The OpenAI-compatible speech API (either form); key and model are empty with the sandbox. */
    speech: {
      baseUrl: env.SPEECH_BASE_URL,
      apiKey: env.SPEECH_API_KEY ?? '',
      model: env.SPEECH_MODEL ?? '',
      timeoutMs: env.SPEECH_TIMEOUT_MS,
      concurrency: env.SPEECH_CONCURRENCY,
      /** The chat-audio form's settings (SPEECH_PROVIDER=openai-chat). */
      audioData: env.SPEECH_CHAT_AUDIO_DATA,
      stream: env.SPEECH_CHAT_STREAM,
      audioFormat: env.SPEECH_AUDIO_FORMAT,
    },
    imageProvider: env.IMAGE_PROVIDER,
    /** The OpenAI-compatible images API; key and model are empty unless IMAGE_PROVIDER=openai. */
    image: {
      baseUrl: env.IMAGE_BASE_URL,
      apiKey: env.IMAGE_API_KEY ?? '',
      model: env.IMAGE_MODEL ?? '',
      size: env.IMAGE_SIZE,
      responseFormat: env.IMAGE_RESPONSE_FORMAT,
      timeoutMs: env.IMAGE_TIMEOUT_MS,
      concurrency: env.IMAGE_CONCURRENCY,
    },
    /** The sandbox cards' CJK font, when set. */
    imageFontPath: env.IMAGE_FONT_PATH || undefined,
  };
}
